import { type IncomingHttpHeaders, request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

/** What every request of the suite accepts, as a phone's browser does: one cache variant. */
export const ACCEPT_ENCODING = "br";

export type Answer = {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as sent, before decoding. */
  raw: Buffer;
  /** The body decoded by its Content-Encoding. */
  text: string;
};

type Sending = {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The loopback address the connection comes from: nginx's `$remote_addr`, a visitor. */
  from?: string;
};

function decode(raw: Buffer, encoding: string | undefined) {
  if (encoding === "br") return brotliDecompressSync(raw);
  if (encoding === "gzip") return gunzipSync(raw);
  if (encoding === undefined) return raw;
  throw new Error(`Unexpected Content-Encoding ${encoding}`);
}

/** One request on a connection of its own, redirects not followed. */
export function send(url: string, { method = "GET", headers = {}, body, from }: Sending = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method,
        agent: false,
        localAddress: from,
        headers: { "accept-encoding": ACCEPT_ENCODING, ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const raw = Buffer.concat(chunks);
          try {
            const text = decode(raw, response.headers["content-encoding"]).toString("utf8");
            resolve({ status: response.statusCode ?? 0, headers: response.headers, raw, text });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** nginx's X-Cache-Status (HIT, MISS, STALE, ...; empty where the cache was not asked). */
export const cacheStatusOf = (answer: Answer) => String(answer.headers["x-cache-status"] ?? "");

/** Answered from what nginx kept, without waiting for an app process. */
export const servedFromCache = (answer: Answer) =>
  ["HIT", "STALE", "UPDATING"].includes(cacheStatusOf(answer));

export const setCookiesOf = (answer: Answer) => answer.headers["set-cookie"] ?? [];

/** The page's text as a reader sees it: React puts `<!-- -->` between adjacent text parts. */
export const readableText = (answer: Answer) => answer.text.replaceAll("<!-- -->", "");

let visitorSerial = 0;

/**
 * The next visitor's address: each connects from an address of its own in 127.0.0.0/8 (all of
 * it is the loopback interface on Linux), so nginx passes a different client address to the
 * app and the app's per-address form limit counts each visitor apart, as in production.
 */
export function nextVisitorAddress() {
  visitorSerial += 1;
  return `127.${10 + ((visitorSerial >> 16) & 127)}.${(visitorSerial >> 8) & 255}.${visitorSerial & 255}`;
}

/** One visitor of the site through the edge: an address, and a cookie once it has one. */
export function edgeVisitor(edge: string, cookie = "") {
  const from = nextVisitorAddress();
  const headers = (extra: Record<string, string> = {}) => ({
    ...(cookie ? { cookie } : {}),
    ...extra,
  });
  return {
    get: (path: string) => send(new URL(path, edge).toString(), { headers: headers(), from }),
    postForm: (path: string, fields: Record<string, string>) =>
      send(new URL(path, edge).toString(), {
        method: "POST",
        headers: headers({ "content-type": "application/x-www-form-urlencoded" }),
        body: new URLSearchParams(fields).toString(),
        from,
      }),
  };
}

/** `name=value` of each Set-Cookie, as a Cookie header (attributes dropped, cleared ones too). */
export function cookieHeaderOf(setCookies: string[], only?: (name: string) => boolean) {
  return setCookies
    .map((header) => header.split(";")[0] ?? "")
    .filter((pair) => {
      const [name = "", value = ""] = pair.split("=");
      return value !== "" && (only?.(name) ?? true);
    })
    .join("; ");
}
