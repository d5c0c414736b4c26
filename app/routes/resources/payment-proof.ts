import { Readable } from "node:stream";
import { requireAdmin } from "~/features/auth/session.server";
import { proofOfPayment } from "~/features/payments/staff-payments.server";
import { paymentProofs } from "~/lib/infra/storage/index.server";
import type { Route } from "./+types/payment-proof";

const notFound = () => new Response("Not found", { status: 404 });

/** Types a proof is shown as in the browser; anything else is downloaded. */
const shownInline = new Set(["image/jpeg", "image/png", "image/webp", "application/pdf"]);

/**
 * A bank transfer's proof, to signed-in staff only (no public route serves their bucket):
 * found by the payment, never by a key from the URL, and never cached by a shared cache.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const proof = await proofOfPayment(params.paymentId);
  if (!proof) return notFound();
  const object = await paymentProofs().get(proof.key);
  if (!object) return notFound();
  const type = proof.type && shownInline.has(proof.type) ? proof.type : null;
  const name = (proof.name ?? "proof").replace(/[^\w.-]/g, "_").slice(0, 120) || "proof";
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
