import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { payments } from "~/db/schema";
import { env } from "~/lib/infra/env.server";
import type { PaymentGateway } from "./payment-gateway";
import type { ChargeStatus, GatewayRefund, VerifiedCharge } from "./paystack.server";

/*
 * The demo's checkout: with the embedded database and no PAYSTACK_SECRET_KEY, 'Pay now' goes to
 * a page this app serves, labelled as a test, where a newcomer can pay, fail or walk away. It
 * stands in for Paystack behind the same interface, so everything after the checkout (the
 * return, the verification, the receipt) is the real path. Its state lives in this process
 * only: the demo is one process, and a checkout lost with a restart is abandoned, as a real
 * one would be.
 */

/**
 * A checkout: where to send the applicant back, and what the "bank" said. Finished once
 * answered: its reference is printed on receipts, so it must open nothing afterwards.
 */
type DemoCharge = {
  callbackUrl: string;
  /** What the checkout asks for (an instalment, a sponsor's invoice). */
  amountKobo: number;
  status: ChargeStatus;
  paidAt: Date | null;
  finished?: boolean;
};

type DemoRefund = GatewayRefund & { reference: string };

const holder = globalThis as typeof globalThis & {
  __academyDemoCharges?: Map<string, DemoCharge>;
  __academyDemoRefunds?: Map<string, DemoRefund>;
};
const charges = () => {
  holder.__academyDemoCharges ??= new Map();
  return holder.__academyDemoCharges;
};
const refunds = () => {
  holder.__academyDemoRefunds ??= new Map();
  return holder.__academyDemoRefunds;
};

/** Whether this process offers the demo checkout: demo mode without a Paystack key. */
export const demoCheckoutEnabled = () => env().demoMode && !env().PAYSTACK_SECRET_KEY;

export const demoCheckoutPath = (reference: string) => `/demo-checkout/${reference}`;

export const demoGateway: PaymentGateway = {
  async initialize({ reference, amountKobo, callbackUrl }) {
    charges().set(reference, { callbackUrl, amountKobo, status: "abandoned", paidAt: null });
    return { authorizationUrl: `${env().publicUrl}${demoCheckoutPath(reference)}` };
  },
  async verify(reference) {
    const charge = charges().get(reference);
    if (!charge) return null;
    return {
      reference,
      status: charge.status,
      amountKobo: charge.amountKobo,
      currency: "NGN",
      paidAt: charge.paidAt,
      channel: "demo",
      gatewayId: `demo-${reference}`,
    } satisfies VerifiedCharge;
  },
  // The test "bank" gives money back at once.
  async refund({ reference, amountKobo }) {
    const [payment] = await db()
      .select({ amount: payments.amount })
      .from(payments)
      .where(eq(payments.reference, reference));
    const refund = {
      refundId: `demo-refund-${randomUUID()}`,
      status: "processed",
      amountKobo: amountKobo ?? payment?.amount ?? 0,
    };
    refunds().set(refund.refundId, { ...refund, reference });
    return refund;
  },
  async fetchRefund(refundId) {
    const refund = refunds().get(refundId);
    if (!refund) throw new Error("No such test refund");
    return refund;
  },
  async listRefunds(transaction) {
    return [...refunds().values()].filter((refund) => refund.reference === transaction);
  },
};

/** A checkout not yet paid, failed or cancelled: only such a one can be shown or answered. */
const openCharge = (reference: string) => {
  const charge = charges().get(reference);
  return charge && !charge.finished ? charge : null;
};

/** A demo checkout to show: what it charges, or null when there is none under that reference. */
export function demoCheckout(reference: string) {
  const charge = openCharge(reference);
  return charge ? { amount: charge.amountKobo } : null;
}

/** The tester's choice on the demo checkout; the answer is where the browser goes back to. */
export function finishDemoCheckout(reference: string, outcome: "pay" | "fail" | "cancel") {
  const charge = openCharge(reference);
  if (!charge) return null;
  charge.finished = true;
  if (outcome === "pay") Object.assign(charge, { status: "success", paidAt: new Date() });
  if (outcome === "fail") charge.status = "failed";
  const back = new URL(charge.callbackUrl);
  back.searchParams.set("reference", reference);
  return back.toString();
}
