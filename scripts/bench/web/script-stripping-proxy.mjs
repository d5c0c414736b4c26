// A proxy in front of the site for the "limit variant" of a page: the same page with every script
// removed, the fastest that page could be. Lighthouse measures both variants through a proxy,
// one stripping and one not, so both pay the same cost for it:
// - a page (a request that accepts text/html) is asked of the server without compression,
//   buffered whole, stripped or not, then compressed as the server's middleware does (brotli at
//   quality 4 when the browser takes it, else gzip at the default level). Buffering loses what
//   streaming gains, in both variants alike; the public pages are answered whole from the
//   server's page cache anyway.
// - everything else (scripts, styles, images) passes through untouched, encoding included.
import { Agent, createServer, request } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const SCRIPT_ELEMENT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const MODULE_PRELOAD = /<link\b[^>]*\brel=["']?modulepreload\b[^>]*>/gi;

/** The HTML without any `<script>` element (inline ones included) or `<link rel="modulepreload">`. */
export function withoutScripts(html) {
  return html.replace(SCRIPT_ELEMENT, "").replace(MODULE_PRELOAD, "");
}

/**
 * How many `<script` opening tags and module preloads an HTML page has, counted apart from the
 * patterns that strip them, so that a tag they miss shows.
 */
export function countScripts(html) {
  return {
    scripts: html.match(/<script\b/gi)?.length ?? 0,
    modulePreloads: html.match(/\bmodulepreload\b/gi)?.length ?? 0,
  };
}

// Hop-by-hop headers belong to one connection, and the body's length and encoding change here.
const NOT_COPIED = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
]);

/**
 * Starts the proxy on a free port in front of `upstream` (an origin). With `stripScripts` false
 * it only re-compresses pages, the fair baseline for the stripping one.
 */
export async function startProxy({ upstream, stripScripts }) {
  const agent = new Agent({ keepAlive: true });
  const target = new URL(upstream);
  const server = createServer((clientRequest, clientResponse) => {
    const isPage = String(clientRequest.headers.accept ?? "").includes("text/html");
    const headers = { ...clientRequest.headers, host: target.host };
    if (isPage) headers["accept-encoding"] = "identity";
    const upstreamRequest = request(
      {
        host: target.hostname,
        port: target.port,
        method: clientRequest.method,
        path: clientRequest.url,
        headers,
        agent,
      },
      (upstreamResponse) => {
        const isHtml = String(upstreamResponse.headers["content-type"] ?? "").startsWith(
          "text/html",
        );
        if (isPage && isHtml) {
          answerWithPage(clientRequest, clientResponse, upstreamResponse, stripScripts);
        } else {
          clientResponse.writeHead(upstreamResponse.statusCode ?? 502, upstreamResponse.headers);
          upstreamResponse.pipe(clientResponse);
        }
      },
    );
    upstreamRequest.on("error", () => {
      if (!clientResponse.headersSent) clientResponse.writeHead(502);
      clientResponse.end();
    });
    clientRequest.pipe(upstreamRequest);
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    close() {
      server.closeAllConnections();
      server.close();
      agent.destroy();
    },
  };
}

function answerWithPage(clientRequest, clientResponse, upstreamResponse, stripScripts) {
  const chunks = [];
  upstreamResponse.on("data", (chunk) => chunks.push(chunk));
  upstreamResponse.on("end", () => {
    const html = Buffer.concat(chunks).toString("utf8");
    const { encoding, body } = compressLikeTheServer(
      stripScripts ? withoutScripts(html) : html,
      String(clientRequest.headers["accept-encoding"] ?? ""),
    );
    const headers = Object.fromEntries(
      Object.entries(upstreamResponse.headers).filter(([name]) => !NOT_COPIED.has(name)),
    );
    if (encoding) headers["content-encoding"] = encoding;
    headers["content-length"] = String(body.length);
    headers.vary = "Accept-Encoding";
    clientResponse.writeHead(upstreamResponse.statusCode ?? 502, headers);
    clientResponse.end(body);
  });
}

function compressLikeTheServer(html, acceptEncoding) {
  if (/\bbr\b/.test(acceptEncoding)) {
    const params = { [constants.BROTLI_PARAM_QUALITY]: 4 };
    return { encoding: "br", body: brotliCompressSync(html, { params }) };
  }
  if (/\bgzip\b/.test(acceptEncoding)) return { encoding: "gzip", body: gzipSync(html) };
  return { encoding: null, body: Buffer.from(html) };
}
