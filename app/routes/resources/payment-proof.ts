import { requireAdmin } from "~/features/auth/session.server";
import { proofOfPayment } from "~/features/payments/staff/staff-payments.server";
import { privateFileNotFound, privateFileResponse } from "~/lib/http/private-file.server";
import { paymentProofs } from "~/lib/infra/storage/index.server";
import type { Route } from "./+types/payment-proof";

/**
 * A bank transfer's proof, to signed-in staff only (no public route serves their bucket):
 * found by the payment, never by a key from the URL, and never cached by a shared cache.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const proof = await proofOfPayment(params.paymentId);
  if (!proof) return privateFileNotFound();
  const object = await paymentProofs().get(proof.key);
  if (!object) return privateFileNotFound();
  return privateFileResponse(request, object, { ...proof, fallbackName: "proof" });
}
