import {
  answerWebhookCheck,
  receiveWhatsappWebhook,
} from "~/features/messages/whatsapp/whatsapp-webhook.server";
import { markUnavailable } from "~/lib/http/unavailable.server";
import type { Route } from "./+types/whatsapp-webhook";

/**
 * Meta's WhatsApp webhook (set in the Meta app as `<PUBLIC_URL>/webhooks/whatsapp` with
 * WHATSAPP_VERIFY_TOKEN): GET is the subscription's check, POST a delivery of messages and
 * statuses.
 */
export function loader({ request }: Route.LoaderArgs) {
  const { status, body } = answerWebhookCheck(new URL(request.url).searchParams);
  return new Response(body || null, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST")
    return new Response(null, { status: 405, headers: { Allow: "GET, POST" } });
  const rawBody = Buffer.from(await request.arrayBuffer());
  const { status } = await receiveWhatsappWebhook(
    rawBody,
    request.headers.get("x-hub-signature-256"),
  );
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (status === 503) markUnavailable(headers);
  return new Response(null, { status, headers });
}
