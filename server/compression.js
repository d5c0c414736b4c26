import compression from "compression";

/** How long a streamed page may stay quiet before what it wrote is sent (see coalesceFlushes). */
const FLUSH_AFTER_QUIET_MS = 10;

/**
 * Response compression, except for server-sent events, which must reach the browser as they are
 * written rather than when a buffer fills.
 */
export function compressResponses() {
  const compress = compression({
    filter: (req, res) =>
      !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") &&
      compression.filter(req, res),
  });
  return (req, res, next) =>
    compress(req, res, () => {
      coalesceFlushes(res);
      forwardDrainListenerRemoval(res, next);
    });
}

/**
 * React Router's Node adapter calls `res.flush()` after every chunk of a streamed page, and each
 * flush ends a compression block: a page of many small chunks compressed to several times the
 * size of the same page compressed whole. A flush now waits until the page has written nothing
 * for FLUSH_AFTER_QUIET_MS: a page rendered in one go is compressed as one, and a page that
 * pauses (waiting for data) still sends what it has at once.
 */
function coalesceFlushes(res) {
  const flush = res.flush;
  if (typeof flush !== "function") return;
  let timer;
  res.flush = function flushWhenQuiet() {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!res.writableEnded) flush.call(res);
    }, FLUSH_AFTER_QUIET_MS);
  };
  res.once("close", () => clearTimeout(timer));
}

/**
 * `compression` moves `res.on("drain", …)` listeners to its zlib stream but leaves
 * `res.removeListener` alone (expressjs/compression#135), so each `res.once("drain")` that React
 * Router's streaming waits on stays attached to the zlib stream until the response ends, and a
 * large page under backpressure logs a MaxListenersExceededWarning. Removals are forwarded to the
 * stream too.
 */
function forwardDrainListenerRemoval(res, next) {
  const on = res.on;
  const removeListener = res.removeListener;
  let compressor = null;
  res.on = function onWithCompressor(type, listener) {
    const target = on.call(this, type, listener);
    // compression returns its zlib stream when it took the listener, the response otherwise.
    if (type === "drain" && target !== this) compressor = target;
    return target;
  };
  res.addListener = res.on;
  res.removeListener = function removeFromCompressorToo(type, listener) {
    if (type === "drain" && compressor) compressor.removeListener(type, listener);
    return removeListener.call(this, type, listener);
  };
  res.off = res.removeListener;
  next();
}
