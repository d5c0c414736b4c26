// The HTTP server: production serves the build; development runs Vite in middleware mode.
// The application itself (database start-up, request handling) is in server/app.ts.
import express from "express";
import expressStaticGzip from "express-static-gzip";
import { compressResponses } from "./server/compression.js";

const DEVELOPMENT = process.env.NODE_ENV === "development";
const PORT = Number.parseInt(process.env.PORT || "3000", 10);

/** @type {{ app: import("express").Express, prepareShutdown: (server: import("node:http").Server) => (signal: string) => Promise<void>, logger: import("pino").Logger }} */
let application;
const server = express();
server.disable("x-powered-by");
// Headers every response gets, static files included: no MIME sniffing, no framing
// (clickjacking), no full URLs leaked to other sites, no access to devices the site never uses.
// The Content-Security-Policy is set per page, with its nonce, in app/entry.server.tsx.
server.use((_req, res, next) => {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  next();
});
server.use(compressResponses());

try {
  if (DEVELOPMENT) {
    const vite = await import("vite");
    const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    server.use(viteDevServer.middlewares);
    application = await viteDevServer.ssrLoadModule("./server/app.ts");
    server.use(async (req, res, next) => {
      try {
        const source = await viteDevServer.ssrLoadModule("./server/app.ts");
        return await source.app(req, res, next);
      } catch (error) {
        if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
        next(error);
      }
    });
  } else {
    // Scripts and styles: the brotli or gzip copy made at build time when the browser takes it
    // (the compression layer leaves an encoded response alone).
    server.use(
      "/assets",
      expressStaticGzip("build/client/assets", {
        enableBrotli: true,
        orderPreference: ["br", "gz"],
        serveStatic: { immutable: true, maxAge: "1y", index: false },
      }),
    );
    server.use(express.static("build/client", { maxAge: "1h", index: false }));
    application = await import("./build/server/index.js");
    server.use(application.app);
  }
} catch (error) {
  // The application (and with it the logger) failed to load: most often a bad environment.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const listener = server.listen(PORT);
listener.once("listening", () => {
  application.logger.info(`Lagos Tech Academy is running at http://localhost:${PORT}`);
});
// Idle keep-alive connections stay open longer than a load balancer's idle timeout (60 s at
// most): closed first at Node's default 5 s, a request sent at that moment would be reset.
listener.keepAliveTimeout = 65_000;
listener.headersTimeout = 66_000;

// SIGTERM or Ctrl+C: drain the requests in flight, then stop (a second signal, which npm passes
// on with a terminal's Ctrl+C, joins the same stop).
const shutDown = application.prepareShutdown(listener);
async function stop(reason, exitCode = 0) {
  await shutDown(reason).catch((error) => application.logger.error({ err: error }));
  process.exit(exitCode);
}
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));

// A port we cannot listen on (taken, or privileged) is a failed start: the job workers and the
// database, already started, stop with the process, and a process manager sees exit code 1.
listener.once("error", (error) => {
  application.logger.fatal({ err: error }, listenFailure(error));
  stop(error.code ?? "A listen error", 1);
});

/** @param {NodeJS.ErrnoException} error */
function listenFailure(error) {
  if (error.code === "EADDRINUSE")
    return `Port ${PORT} is in use by another process: stop it, or set PORT to a free port`;
  if (error.code === "EACCES")
    return `Port ${PORT} needs privileges this process lacks: set PORT to 1024 or above`;
  return `Cannot listen on port ${PORT}`;
}
