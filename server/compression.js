import compression from "compression";

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
  return (req, res, next) => compress(req, res, () => forwardDrainListenerRemoval(res, next));
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
