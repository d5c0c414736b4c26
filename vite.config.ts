import { constants } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Rolldown } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

/** A chunk-group namer: `name` for the modules that `entry` imports, directly or through others. */
function modulesImportedBy(entry: RegExp, name: string, unless?: RegExp) {
  const imports = (from: RegExp, id: string, ctx: Rolldown.ChunkingContext) => {
    const seen = new Set<string>();
    const reaches = (module: string): boolean => {
      if (from.test(module)) return true;
      if (seen.has(module)) return false;
      seen.add(module);
      return (ctx.getModuleInfo(module)?.importers ?? []).some(reaches);
    };
    return reaches(id);
  };
  return (id: string, ctx: Rolldown.ChunkingContext) =>
    imports(entry, id, ctx) && !(unless && imports(unless, id, ctx)) ? name : null;
}

/**
 * The browser's code in a few chunks rather than one per shared module (each request costs a
 * phone on slow 4G a round trip and half a kilobyte of headers): React and the router; what the
 * root loads on every page; what the public site's layout loads on every public page; and what
 * several public pages share that the portal does not. The rest is split by the bundler as
 * usual, so the portal's code stays out of the public pages (docs/decisions/0025).
 */
const clientChunks = {
  groups: [
    {
      name: "framework",
      test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
      priority: 4,
    },
    { name: modulesImportedBy(/app[\\/]root\.tsx$/, "root-common"), priority: 3 },
    {
      name: modulesImportedBy(/app[\\/]routes[\\/]site[\\/]layout\.tsx$/, "site-common"),
      priority: 2,
    },
    {
      name: modulesImportedBy(
        /app[\\/]routes[\\/]site[\\/]/,
        "site-pages",
        /app[\\/]routes[\\/](admin|resources)[\\/]/,
      ),
      minShareCount: 2,
      priority: 1,
    },
  ],
};

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    rolldownOptions: isSsrBuild
      ? { input: "./server/app.ts" }
      : { output: { codeSplitting: clientChunks } },
  },
  resolve: { tsconfigPaths: true },
  ssr: {
    external: ["@electric-sql/pglite", "sharp", "pg", "nodemailer"],
  },
  plugins: [
    tailwindcss(),
    reactRouter(),
    // The browser's scripts and styles, compressed once at the strongest settings (server.js
    // serves these files): fewer bytes on a phone's paid data than compressing per request.
    !isSsrBuild &&
      compression({
        include: /\.(js|css|svg)$/,
        algorithms: [
          defineAlgorithm("brotliCompress", {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
          }),
          defineAlgorithm("gzip", { level: constants.Z_BEST_COMPRESSION }),
        ],
        skipIfLargerOrEqual: true,
      }),
  ],
}));
