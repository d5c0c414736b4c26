import "react-router";
import type { Server } from "node:http";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { publicPagesVersion } from "~/features/site/public-pages-version.server";
import { CLIENT_ADDRESS_HEADER } from "~/lib/http/client-address";
import { env } from "~/lib/infra/env.server";
import { logger } from "~/lib/infra/logger.server";
import { isPortalPath } from "~/lib/router/portal-path";
import { limitRequestBodies } from "./body-limit.server";
import { privateUnlessStated } from "./cache-control.server";
import { prepareGracefulShutdown } from "./graceful-shutdown.server";
import { cachePublicPages } from "./public-page-cache.server";
import { logRequests } from "./request-log.server";
import { startApplication, stopApplication } from "./start.server";

await startApplication();

export const app = express();
app.disable("x-powered-by");
app.use(logRequests());
app.use(limitRequestBodies());
// Portal pages, their data, the CSV export and the event stream hold staff-only data: no cache
// (a shared proxy's or the browser's back-forward one) may keep them, nor any answer that does
// not say it may be kept.
app.use(privateUnlessStated(isPortalPath));

// How many proxies in front of us may be believed about the client's address (TRUST_PROXY).
// With 0 (the default) only the socket address counts, so a visitor cannot dodge a rate limit
// by sending their own X-Forwarded-For.
app.set("trust proxy", env().TRUST_PROXY);

app.use((req, _res, next) => {
  req.headers[CLIENT_ADDRESS_HEADER] = (req.ip ?? "").replace(/^::ffff:/, "");
  next();
});

// A public page is rendered once per change of the courses and answered from memory until then.
app.use(cachePublicPages({ version: publicPagesVersion }));

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
  }),
);

/** The graceful stop of `server` (server/graceful-shutdown.server.ts), for server.js. */
export const prepareShutdown = (server: Server) =>
  prepareGracefulShutdown(server, {
    timeoutMs: env().SHUTDOWN_TIMEOUT_MS,
    logger,
    close: stopApplication,
  });
export { logger };
