import { Readable } from "node:stream";
import type { StoredObject } from "~/lib/infra/storage/storage.server";

/** Types a private file is shown as in the browser; anything else is downloaded. */
const shownInline = new Set(["image/jpeg", "image/png", "image/webp", "application/pdf"]);

export const privateFileNotFound = () => new Response("Not found", { status: 404 });

/**
 * A stored private file (a payment proof, a mail attachment) for signed-in staff: shown inline
 * only when it is a type the upload checks passed, never sniffed, never cached by a shared
 * cache, and unable to run anything if opened.
 */
export function privateFileResponse(
  request: Request,
  object: StoredObject,
  file: { name: string | null; type: string | null; fallbackName: string },
) {
  const type = file.type && shownInline.has(file.type) ? file.type : null;
  const name =
    (file.name ?? file.fallbackName).replace(/[^\w.-]/g, "_").slice(0, 120) || file.fallbackName;
  const headers = new Headers({
    "Content-Type": type ?? "application/octet-stream",
    "Content-Length": String(object.size),
    "Content-Disposition": `${type ? "inline" : "attachment"}; filename="${name}"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
  });
  if (request.method === "HEAD") {
    object.body.destroy();
    return new Response(null, { headers });
  }
  return new Response(Readable.toWeb(object.body) as ReadableStream, { headers });
}
