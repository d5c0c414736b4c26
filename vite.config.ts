import { constants } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Rolldown } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

const routeFile = /app[\\/]routes[\\/](site|admin|resources)[\\/]([^?]+?)\.tsx?(\?|$)/;
const siteLayout = "site/layout";
const portalLayout = "admin/layout";

/** The routes that load a module, by its static importers: "site/home", "admin/students". */
function routesReaching() {
  const known = new Map<string, Set<string>>();
  return (id: string, ctx: Rolldown.ChunkingContext) => {
    const cached = known.get(id);
    if (cached) return cached;
    const routes = new Set<string>();
    const seen = new Set<string>();
    const walk = (module: string) => {
      if (seen.has(module)) return;
      seen.add(module);
      const route = routeFile.exec(module);
      if (route) routes.add(`${route[1]}/${route[2]}`);
      for (const importer of ctx.getModuleInfo(module)?.importers ?? []) walk(importer);
    };
    walk(id);
    known.set(id, routes);
    return routes;
  };
}

/** Who loads a module: the public layout, how many public pages, the portal layout, how many other routes. */
type Loaders = { siteLayout: boolean; sitePages: number; portalLayout: boolean; portal: number };

/**
 * The browser's code in a few chunks rather than one per shared module (each request costs a
 * phone on slow 4G a round trip and half a kilobyte of headers). A module's chunk follows from
 * the routes that load it (docs/decisions/0025, 0068). A group takes the modules it captures
 * and everything they import, so the groups are listed in the order they choose:
 * - `framework`: React and the router; `root-common`: what the root loads, on every page;
 * - `site-common`: what the public layout loads, on every public page;
 * - `site-pages`: the public site's own code that two or more of its pages load, with what it
 *   imports (some of it the portal's too, such as the form fields);
 * - `site-shared`: the rest of what public pages and the portal both load, one chunk for each
 *   set of routes that loads it (as the bundler would split it), so that a portal group cannot
 *   take it and bring a portal chunk to a public page;
 * - `portal-common`: the portal's own code that its layout loads, on every portal page.
 * Everything else is split by the bundler as usual.
 */
function clientChunks() {
  const routesOf = routesReaching();
  const group = (name: (loaders: Loaders) => string | null) => ({
    name: (id: string, ctx: Rolldown.ChunkingContext) => {
      const routes = [...routesOf(id, ctx)];
      const site = routes.filter((route) => route.startsWith("site/"));
      return name({
        siteLayout: site.includes(siteLayout),
        sitePages: site.filter((route) => route !== siteLayout).length,
        portalLayout: routes.includes(portalLayout),
        portal: routes.length - site.length,
      });
    },
  });
  const groups = [
    {
      name: "framework",
      test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
    },
    { name: (id: string) => (/app[\\/]root\.tsx/.test(id) ? "root-common" : null) },
    group((on) => (on.siteLayout ? "site-common" : null)),
    group((on) => (on.sitePages >= 2 && on.portal === 0 ? "site-pages" : null)),
    {
      ...group((on) => (on.sitePages > 0 && on.portal > 0 ? "site-shared" : null)),
      entriesAware: true,
    },
    group((on) => (on.portalLayout && on.sitePages === 0 ? "portal-common" : null)),
  ];
  // The first group is the most important: it takes its modules before the next one looks.
  return { groups: groups.map((group, index) => ({ ...group, priority: groups.length - index })) };
}

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    rolldownOptions: isSsrBuild
      ? { input: "./server/app.ts" }
      : { output: { codeSplitting: clientChunks() } },
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
