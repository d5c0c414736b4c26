import type { RequestHandler, Response } from "express";
import { bodyLimitFor } from "~/lib/body-limits";

/**
 * Bounds every request body before anything reads it, by the limit of the route it is posted
 * to (app/lib/body-limits.ts). The declared Content-Length is checked up front; Node's HTTP
 * parser then delivers no byte beyond it, so the body that reaches the route is bounded while
 * it streams. A body without a length (chunked) is refused, since it could not be bounded
 * without reading it (docs/decisions/0007-request-body-limits.md).
 */
export function limitRequestBodies(): RequestHandler {
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
    const limit = bodyLimitFor(req.path);
    if (Number(declared) > limit.maxBytes) {
      return refuse(
        res,
        413,
        "Too large",
        `What you sent is larger than this form accepts (${limit.label}). Please go back, shorten it and try again.`,
      );
    }
    next();
  };
}

/**
 * Answers at once and closes the connection, so the rest of the body is never read: Node
 * discards what has arrived and drops the socket once the answer is written.
 */
function refuse(res: Response, status: number, title: string, message: string) {
  res
    .status(status)
    .set({ Connection: "close", "Cache-Control": "no-store" })
    .type("html")
    .send(
      `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title} | Lagos Tech Academy</title><h1>${title}</h1><p>${message}</p></html>`,
    );
}
