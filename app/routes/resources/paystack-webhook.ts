import { receivePaystackWebhook } from "~/features/payments/paystack-webhook.server";
import { markUnavailable } from "~/lib/http/unavailable.server";
import type { Route } from "./+types/paystack-webhook";

/** Paystack's webhook (set in Paystack's dashboard as `<PUBLIC_URL>/webhooks/paystack`). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST")
    return new Response(null, { status: 405, headers: { Allow: "POST" } });
  const rawBody = Buffer.from(await request.arrayBuffer());
  const { status } = await receivePaystackWebhook(
    rawBody,
    request.headers.get("x-paystack-signature"),
  );
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (status === 503) markUnavailable(headers);
  return new Response(null, { status, headers });
}

export const loader = () => new Response(null, { status: 405, headers: { Allow: "POST" } });
