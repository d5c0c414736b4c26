import { db, type Transaction } from "~/db/client.server";
import {
  invoiceCheckJob,
  invoiceReferencePattern,
} from "~/features/sponsored-seats/invoice-payments.server";
import { env } from "~/lib/infra/env.server";
import { logger } from "~/lib/infra/logger.server";
import {
  isPaystackSignatureValid,
  paystackEventSchema,
  paystackRefundEventSchema,
} from "./gateway/paystack.server";
import { paymentReferencePattern } from "./payment-reference";
import { paymentCheckJob } from "./payments.server";
import { checkRefundsOfPayment } from "./refunds.server";
import {
  accountTransferJob,
  gatewayReferencePattern,
} from "./transfer-accounts/account-transfers.server";

/**
 * Paystack's webhook: trusted only with a valid signature (HMAC-SHA512 of the raw body with our
 * secret key), answered at once, and worked on as a job that asks Paystack itself what became of
 * the payment (or, for a `refund.*` event, of its pending refunds; for a transfer into an
 * applicant's own account number, of that transfer), so a replayed, delayed or
 * out-of-order event can only make us look again. Paystack sends an event again until it gets a
 * 200 (so while the database is out of reach the answer is 503); our check is recorded once
 * however often it comes.
 */
export async function receivePaystackWebhook(
  rawBody: Buffer,
  signature: string | null,
): Promise<{ status: 200 | 400 | 401 | 404 | 503 }> {
  const secretKey = env().PAYSTACK_SECRET_KEY;
  if (!secretKey) return { status: 404 };
  if (!isPaystackSignatureValid(rawBody, signature, secretKey)) return { status: 401 };
  const work = workOf(parseJson(rawBody));
  if (typeof work === "number") return { status: work };
  try {
    await db().transaction(work);
  } catch (error) {
    // The database is out of reach: nothing was recorded, and Paystack sends the event again.
    logger.error({ err: error }, "A Paystack webhook could not be recorded");
    return { status: 503 };
  }
  return { status: 200 };
}

/** What an event asks of the database, or the answer when it asks nothing. */
function workOf(body: unknown): 200 | 400 | ((tx: Transaction) => Promise<unknown>) {
  const refundEvent = paystackRefundEventSchema.safeParse(body);
  if (refundEvent.success) {
    const reference = refundEvent.data.data.transaction_reference;
    return (tx) => checkRefundsOfPayment(tx, reference);
  }
  const event = paystackEventSchema.safeParse(body);
  if (!event.success) return 400;
  const { reference } = event.data.data;
  // A transfer into an applicant's own account number: Paystack's reference, not ours.
  if (
    event.data.event === "charge.success" &&
    event.data.data.channel === "dedicated_nuban" &&
    gatewayReferencePattern.test(reference)
  )
    return (tx) => accountTransferJob.enqueue(tx, { reference });
  // A sponsor's invoice paid online.
  if (event.data.event.startsWith("charge.") && invoiceReferencePattern.test(reference))
    return (tx) => invoiceCheckJob.enqueue(tx, { reference });
  // Only charges of references we made; any other event is acknowledged and left alone.
  if (!event.data.event.startsWith("charge.") || !paymentReferencePattern.test(reference))
    return 200;
  // Each delivery queues its own check: a check of a payment already recorded changes nothing.
  return (tx) => paymentCheckJob.enqueue(tx, { reference, attempt: 0 });
}

function parseJson(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString("utf8"));
  } catch {
    return null;
  }
}
