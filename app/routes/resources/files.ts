import { Readable } from "node:stream";
import { courseAssets } from "~/lib/infra/storage/index.server";
import { COURSE_ASSETS_BUCKET, isPublicKey } from "~/lib/infra/storage/storage.server";
import type { Route } from "./+types/files";

const notFound = () => new Response("Not found", { status: 404 });

/**
 * Serves stored uploads: `/files/course-assets/<key>`, streamed from local disk or the S3
 * bucket. Keys carry a timestamp, so a file's content never changes under its URL and it may be
 * cached for a year; a browser that asks again with the ETag gets a 304.
 * `?download=<name>` asks the browser to save it under that name. Payment proofs are private:
 * not served here, whoever asks (staff open them through the payment-proof route).
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const path = params["*"] ?? "";
  const prefix = `${COURSE_ASSETS_BUCKET}/`;
  if (!path.startsWith(prefix)) return notFound();
  const key = path.slice(prefix.length);
  if (!isPublicKey(key)) return notFound();
  const object = await courseAssets().get(key);
  if (!object) return notFound();

  const headers = new Headers({
    "Content-Type": object.contentType,
    "Content-Length": String(object.size),
    "Cache-Control": "public, max-age=31536000, immutable",
  });
  if (object.etag) headers.set("ETag", object.etag);
  if (object.etag && request.headers.get("if-none-match") === object.etag) {
    object.body.destroy();
    headers.delete("Content-Length");
    return new Response(null, { status: 304, headers });
  }
  const download = new URL(request.url).searchParams.get("download");
  if (download) {
    const safeName = download.replace(/[^\w.-]/g, "_").slice(0, 120) || "download";
    headers.set("Content-Disposition", `attachment; filename="${safeName}"`);
  }
  if (request.method === "HEAD") {
    object.body.destroy();
    return new Response(null, { headers });
  }
  return new Response(Readable.toWeb(object.body) as ReadableStream, { headers });
}
