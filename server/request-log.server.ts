import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import { pinoHttp } from "pino-http";
import { logger, requestContext } from "~/lib/infra/logger.server";

/** An incoming X-Request-Id is kept only if it is a short token that cannot forge a log line. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The path as logged: never the query string (it may hold a visitor's search), and never a
 * private link's token, which opens an application, a tutor's registers or a calendar to
 * whoever reads it (decisions 0054, 0070): the segment after `/application/`, after
 * `/tutor/<id>/` and after `/calendar/<kind>/<owner>/`, however written (the router matches
 * paths without regard to case). Calendar apps fetch their feed every few hours: unredacted,
 * the log would fill with live addresses.
 */
export const loggedPath = (url: string | undefined) =>
  (url ?? "")
    .split("?")[0]
    ?.replace(/(\/application\/)[^/.]+/gi, "$1:token")
    .replace(/(\/tutor\/[^/]+\/)[^/.]+/gi, "$1:token")
    .replace(/(\/calendar\/[^/]+\/[^/]+\/)[^/.]+/gi, "$1:token");

/**
 * One JSON line per request: time, level, request id (also sent back as X-Request-Id), method,
 * path (`loggedPath`), status and latency.
 * Never headers or the client's address. Lines logged while answering carry the id as `reqId`
 * (the logger's mixin, app/lib/infra/logger.server.ts).
 */
export function logRequests(to = logger): RequestHandler[] {
  const log = pinoHttp({
    logger: to,
    genReqId: (req, res) => {
      const incoming = req.headers["x-request-id"];
      const id =
        typeof incoming === "string" && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    serializers: {
      // The id here too: a request the client abandons is logged outside its context.
      req: (req: { id: string; method: string; url: string; raw: { originalUrl?: string } }) => ({
        id: req.id,
        method: req.method,
        path: loggedPath(req.raw.originalUrl ?? req.url),
      }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
    customAttributeKeys: { responseTime: "latencyMs" },
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
  });
  return [log, (req, _res, next) => requestContext.run({ id: String(req.id) }, next)];
}
