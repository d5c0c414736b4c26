import { count, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import type { Database, Transaction } from "~/db/client.server";
import {
  applicationEvents,
  applications,
  type Instalment,
  instalments,
  intakes,
  type Payment,
  payments,
  refunds,
} from "~/db/schema";
import { setPaymentPlan } from "~/features/applications/application-writes.server";
import {
  agreedPricingOf,
  instalmentSchedule,
  type PaymentPlanKind,
} from "~/features/intakes/payment-plans";
import { formatReceiptNumber } from "~/features/payments/payment-reference";
import { lagosToday, startOfLagosDay } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";
import type { ObjectStorage } from "~/lib/infra/storage/storage.server";
import { demoApplications } from "./demo-applications";

const HOUR = 60 * 60 * 1000;
/** The part given back of a payment made in full: a tenth, in whole Naira. */
const REFUNDED_SHARE = 10;
const PROOF_NAME = "transfer-slip.png";
const refundReason = "Missed the first week for a family wedding; the academy gave a week back.";

/** A transfer slip as a phone photo of it would show, drawn so the demo needs no file of its own. */
async function demoTransferSlip(reference: string, amount: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="260">
    <rect width="480" height="260" fill="#f8fafc"/>
    <text x="24" y="48" font-family="sans-serif" font-size="24" font-weight="bold" fill="#0f172a">Demo Bank: transfer</text>
    <text x="24" y="100" font-family="sans-serif" font-size="18" fill="#334155">To: Lagos Tech Academy Demo</text>
    <text x="24" y="136" font-family="sans-serif" font-size="18" fill="#334155">Amount: ${amount}</text>
    <text x="24" y="172" font-family="sans-serif" font-size="18" fill="#334155">Narration: ${reference}</text>
    <text x="24" y="228" font-family="sans-serif" font-size="14" fill="#64748b">Demo only: no money moved</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** 'LTA-P-DEMX000001': the shape of our references (Crockford base 32), numbered for the demo. */
const demoReference = (n: number) => `LTA-P-DEMX${String(n).padStart(6, "0")}`;

type Paid = { at: Date; method: Payment["method"] };

/**
 * Demo mode only: gives the demo's enrolled students their payments, so the money side has
 * something to show (the dashboard's figures, the Payments tab, receipts, a proof to check, a
 * refund): each pays as its `money` says, the first instalment on the day the place was taken.
 * A database with any payment is left alone. Receipts are numbered, not e-mailed.
 */
export async function seedDemoPayments(
  db: Database,
  proofs: ObjectStorage,
  options: { demoAdminId?: string; now?: Date; log?: (line: string) => void } = {},
) {
  const [existing] = await db.select({ total: count() }).from(payments);
  if ((existing?.total ?? 0) > 0) return 0;
  const now = options.now ?? new Date();
  const moneyOf = new Map(
    demoApplications.flatMap((demo) => (demo.money ? [[demo.input.email, demo.money]] : [])),
  );
  const enrolled = await db
    .select({ application: applications, intake: intakes })
    .from(applications)
    .innerJoin(intakes, eq(intakes.id, applications.intakeId))
    .where(eq(applications.status, "enrolled"))
    .orderBy(applications.createdAt, applications.id);
  const paying = enrolled.flatMap((row) => {
    const money = moneyOf.get(row.application.email);
    return money && row.intake.price > 0 ? [{ ...row, money }] : [];
  });
  if (!paying.length) return 0;

  let references = 0;
  const proofKeys: string[] = [];
  await db
    .transaction(async (tx) => {
      for (const { application, intake, money } of paying) {
        // The place was taken, and the first instalment paid, when the student was enrolled.
        const takenAt = application.updatedAt;
        const plan: PaymentPlanKind =
          money === "paid-in-full" || money === "part-refunded" ? "full" : "two-instalments";
        const schedule = instalmentSchedule(plan, intake, lagosToday(takenAt));
        await setPaymentPlan(tx, application.id, plan, agreedPricingOf(intake), takenAt);
        const parts = await tx
          .insert(instalments)
          .values(schedule.map((part) => ({ ...part, applicationId: application.id })))
          .returning();
        const [first, second] = parts;
        if (!first) throw new Error("A demo schedule has no instalment");
        const pay = async (part: Instalment, paid: Paid) => {
          references += 1;
          return insertPaid(tx, part, demoReference(references), paid, options.demoAdminId);
        };
        const firstPayment = await pay(first, { at: takenAt, method: "paystack" });
        if (money === "part-refunded") {
          const amount = Math.round(firstPayment.amount / REFUNDED_SHARE / 100) * 100;
          await tx
            .update(payments)
            .set({ refundedAmount: amount })
            .where(eq(payments.id, firstPayment.id));
          await tx.insert(refunds).values({
            paymentId: firstPayment.id,
            amount,
            reason: refundReason,
            method: "manual",
            status: "processed",
            actorId: options.demoAdminId ?? null,
            createdAt: new Date(now.getTime() - 24 * HOUR),
          });
          await event(tx, application.id, "refunded", new Date(now.getTime() - 24 * HOUR), {
            reference: firstPayment.reference,
            amount: formatNaira(amount),
            reason: refundReason,
            method: "manual",
            status: "processed",
          });
        }
        if (!second) continue;
        if (money === "second-paid-today") {
          // Today in Lagos, so this month's takings are never nothing, whatever the hour.
          const at = new Date(Math.max(now.getTime() - 2 * HOUR, startOfLagosDay(now).getTime()));
          await pay(second, { at, method: "bank-transfer" });
        }
        if (money === "second-proof-waiting") {
          references += 1;
          const reference = demoReference(references);
          const key = `demo/${reference}.png`;
          const amount = `NGN ${(second.amount / 100).toLocaleString("en-NG")}`;
          await proofs.put(key, await demoTransferSlip(reference, amount), "image/png");
          proofKeys.push(key);
          const sentAt = new Date(now.getTime() - 5 * HOUR);
          await tx.insert(payments).values({
            reference,
            applicationId: application.id,
            instalmentId: second.id,
            method: "bank-transfer",
            amount: second.amount,
            status: "proof-sent",
            proofKey: key,
            proofName: PROOF_NAME,
            proofType: "image/png",
            createdAt: sentAt,
            updatedAt: sentAt,
          });
          await event(tx, application.id, "proof-sent", sentAt, {
            reference,
            instalment: String(second.number),
          });
        }
      }
    })
    .catch(async (error: unknown) => {
      await proofs.delete(proofKeys);
      throw error;
    });
  options.log?.(`Added payments for ${paying.length} demo students.`);
  return paying.length;
}

/** A payment received for `part` at `paid.at`, numbered for its receipt; the instalment paid. */
async function insertPaid(
  tx: Transaction,
  part: Instalment,
  reference: string,
  paid: Paid,
  demoAdminId: string | undefined,
) {
  const [payment] = await tx
    .insert(payments)
    .values({
      reference,
      applicationId: part.applicationId,
      instalmentId: part.id,
      method: paid.method,
      amount: part.amount,
      status: "paid",
      gatewayId: paid.method === "paystack" ? `demo-${reference}` : null,
      paidAt: paid.at,
      receiptNumber: sql`nextval('payment_receipt_seq')`,
      reviewedBy: paid.method === "paystack" ? null : (demoAdminId ?? null),
      createdAt: paid.at,
      updatedAt: paid.at,
    })
    .returning();
  if (!payment) throw new Error("A demo payment was not saved");
  await tx.update(instalments).set({ paidAt: paid.at }).where(eq(instalments.id, part.id));
  await event(tx, part.applicationId, "payment-received", paid.at, {
    reference,
    amount: formatNaira(payment.amount),
    receipt: payment.receiptNumber ? formatReceiptNumber(payment.receiptNumber) : null,
  });
  return payment;
}

/** A timeline entry as the payments feature writes it (its `detail` too), at `at`. */
async function event(
  tx: Transaction,
  applicationId: string,
  kind: "payment-received" | "proof-sent" | "refunded",
  at: Date,
  detail: Record<string, string | null>,
) {
  await tx.insert(applicationEvents).values({
    applicationId,
    kind,
    actorKind: kind === "proof-sent" ? "applicant" : "system",
    detail,
    createdAt: at,
  });
}
