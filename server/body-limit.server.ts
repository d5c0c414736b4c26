import type { Socket } from "node:net";
import type { Request, RequestHandler, Response } from "express";
import { type BodyLimit, bodyLimitFor } from "~/lib/forms/body-limits";

/**
 * Bounds every request body before anything reads it, by the limit of the route it is posted
 * to (app/lib/forms/body-limits.ts). The declared Content-Length is checked up front; Node's HTTP
 * parser then delivers no byte beyond it, so the body that reaches the route is bounded while
 * it streams. A body without a length (chunked) is refused, since it could not be bounded
 * without reading it (docs/decisions/0007-request-body-limits.md). A body that has not arrived
 * whole within the route's `receiveWithinMs` gets 408 and its connection is closed.
 */
export function limitRequestBodies(
  limitFor: (path: string) => BodyLimit = bodyLimitFor,
): RequestHandler {
  return (req, res, next) => {
    const declared = req.headers["content-length"];
    if (req.headers["transfer-encoding"] !== undefined) {
      return refuse(
        res,
        411,
        "Length Required",
        "Please go back and send the form again from its page.",
      );
    }
    if (declared === undefined || declared === "0") return next();
    const limit = limitFor(req.path);
    if (Number(declared) > limit.maxBytes) {
      return refuse(
        res,
        413,
        "Too large",
        `What you sent is larger than this form accepts (${limit.label}). Please go back, shorten it and try again.`,
      );
    }
    refuseIfNotReceivedWithin(req, res, limit.receiveWithinMs);
    next();
  };
}

/**
 * Node's own limit (`requestTimeout`, 5 minutes) is one per server; this one is per route. Once
 * the body has arrived whole (`req.complete`), a slow answer (waiting for a database connection
 * in a burst) is never cut.
 */
function refuseIfNotReceivedWithin(req: Request, res: Response, timeoutMs: number) {
  const timer = setTimeout(() => {
    if (req.complete) return;
    if (res.headersSent) return void req.socket.destroy();
    refuse(
      res,
      408,
      "Too slow",
      "What you sent took too long to arrive. Please go back and send the form again.",
    );
  }, timeoutMs);
  timer.unref();
  res.once("close", () => clearTimeout(timer));
  req.once("end", () => clearTimeout(timer));
}

/** How long a refused sender may go on sending (discarded) before its connection is dropped. */
const lingerMs = 5_000;

/**
 * Answers at once and closes the connection, so the rest of the body is never used. The close
 * lingers: a socket dropped while the sender is still uploading is reset, and a reset makes the
 * sender's system throw away our answer unread (the browser shows "connection reset" instead of
 * the page). So our side ends, what still arrives is read and discarded, and the socket goes
 * once the sender stops or after `lingerMs`, as Apache's and nginx's lingering close do.
 */
function refuse(res: Response, status: number, title: string, message: string) {
  lingerOnClose(res.req.socket);
  res
    .status(status)
    .set({ Connection: "close", "Cache-Control": "no-store" })
    .type("html")
    .send(
      `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title} | Lagos Tech Academy</title><h1>${title}</h1><p>${message}</p></html>`,
    );
}

/** Node closes a `Connection: close` answer's socket with `destroySoon()`: here, it lingers. */
function lingerOnClose(socket: Socket) {
  socket.destroySoon = () => {
    socket.end();
    socket.resume();
    socket.once("end", () => socket.destroy());
    setTimeout(() => socket.destroy(), lingerMs).unref();
  };
}
