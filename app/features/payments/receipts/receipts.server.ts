import { and, eq, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import {
  type Application,
  applications,
  courses,
  instalments,
  intakes,
  type OutgoingEmail,
  payments,
} from "~/db/schema";
import type { ApplicationForEmail } from "~/features/applications/application-emails.server";
import {
  emailApplicant,
  emailIntakeColumns,
  systemActor,
} from "~/features/applications/application-history.server";
import { formatApplicationReference } from "~/features/applications/application-rules";
import { issueApplicationLink } from "~/features/applications/application-token.server";
import type { MailAttachment } from "~/features/outgoing-mail/mail-transport.server";
import { formatFullDate } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";
import { siteConfig } from "~/lib/site/site-config";
import { firstName } from "~/lib/text/person-name";
import { paymentMethodLabels } from "../instalment-status";
import { applicantPaymentId } from "../linked-payment.server";
import { formatReceiptNumber } from "../payment-reference";
import { placePrice } from "../place-price.server";
import { type ReceiptFacts, renderReceiptPdf } from "./receipt-pdf.server";

type Reader = Pick<Transaction, "select">;

/**
 * What a paid payment's receipt says, and its application with what its e-mails name (as
 * forEmail gives it); null for a payment that is not paid.
 */
export async function receiptFacts(
  reader: Reader,
  paymentId: string,
): Promise<{ receipt: ReceiptFacts; applicant: Application & ApplicationForEmail } | null> {
  const [row] = await reader
    .select({
      payment: payments,
      instalmentNumber: instalments.number,
      instalmentAmount: instalments.amount,
      application: applications,
      intake: emailIntakeColumns,
      pricing: {
        price: intakes.price,
        earlyBirdPrice: intakes.earlyBirdPrice,
        earlyBirdEndsOn: intakes.earlyBirdEndsOn,
        payInFullDiscount: intakes.payInFullDiscount,
        startsOn: intakes.startsOn,
        endsOn: intakes.endsOn,
      },
    })
    .from(payments)
    .innerJoin(instalments, eq(instalments.id, payments.instalmentId))
    .innerJoin(applications, eq(applications.id, payments.applicationId))
    .innerJoin(intakes, eq(intakes.id, applications.intakeId))
    .innerJoin(courses, eq(courses.id, intakes.courseId))
    .where(eq(payments.id, paymentId));
  if (!row) return null;
  const { payment, application, intake, pricing } = row;
  const { paidAt, receiptNumber } = payment;
  if (payment.status !== "paid" || !paidAt || !receiptNumber) return null;
  const [totals] = await reader
    .select({
      count: sql<number>`count(*)::int`,
      total: sql<number>`coalesce(sum(${instalments.amount}), 0)::bigint`.mapWith(Number),
    })
    .from(instalments)
    .where(eq(instalments.applicationId, application.id));
  // Paid to date as of this receipt: this payment and those numbered before it, less refunds.
  const [paidBefore] = await reader
    .select({
      paid: sql<number>`coalesce(sum(${payments.amount} - ${payments.refundedAmount}), 0)::bigint`.mapWith(
        Number,
      ),
    })
    .from(payments)
    .where(
      and(
        eq(payments.applicationId, application.id),
        eq(payments.status, "paid"),
        sql`${payments.receiptNumber} <= ${receiptNumber}`,
      ),
    );
  const receipt: ReceiptFacts = {
    number: formatReceiptNumber(receiptNumber),
    paidAt,
    payerName: application.fullName,
    payerEmail: application.email,
    applicationReference: formatApplicationReference(application.reference),
    ...intake,
    instalmentNumber: row.instalmentNumber,
    partOfInstalment: payment.amount < row.instalmentAmount,
    instalmentCount: totals?.count ?? 1,
    method: paymentMethodLabels[payment.method],
    paymentReference: payment.reference,
    amountKobo: payment.amount,
    refundedKobo: payment.refundedAmount,
    totalKobo: totals?.total ?? payment.amount,
    // As the price stood when the payment was confirmed: a later scholarship is not on it.
    priceLines: payment.priceLines?.lines ?? (await placePrice(reader, application, pricing)).lines,
    paidToDateKobo: paidBefore?.paid ?? payment.amount,
  };
  return { receipt, applicant: { ...application, ...intake } };
}

const receiptFileName = (receipt: ReceiptFacts) => `${receipt.number}.pdf`;

/**
 * E-mails a just-paid payment's receipt, in the transaction that marks it paid: a payment is
 * marked paid once, so its receipt is sent once.
 */
export async function queueReceiptEmail(tx: Transaction, paymentId: string) {
  const paid = await receiptFacts(tx, paymentId);
  if (!paid) throw new Error("A receipt was asked for a payment that is not paid");
  const { receipt, applicant } = paid;
  const link = await issueApplicationLink(tx, applicant.id);
  const remaining = receipt.totalKobo - receipt.paidToDateKobo;
  await emailApplicant(
    tx,
    applicant,
    {
      // No amount: the Naira sign would make the subject an encoded word in some mail apps.
      subject: `Payment received: ${applicant.courseTitle}, receipt ${receipt.number} [${receipt.applicationReference}]`,
      text: [
        `Hello ${firstName(applicant.fullName)},`,
        "",
        `We received your payment of ${formatNaira(receipt.amountKobo)} for ${applicant.courseTitle}, ${applicant.intakeLabel} (starts ${formatFullDate(applicant.startsOn)}).`,
        `Your receipt ${receipt.number} is attached.`,
        remaining > 0
          ? `Paid so far: ${formatNaira(receipt.paidToDateKobo)}. Still to pay: ${formatNaira(remaining)}; your schedule is on your private page.`
          : "Your fees are paid in full. Thank you!",
        "",
        "Your private page, where you can also download your receipts:",
        link,
        "Keep this link to yourself: anyone who has it can see your application.",
        "",
        `The ${siteConfig.name} admissions team`,
      ].join("\n"),
    },
    "email",
    systemActor,
    { receipt: receipt.number },
    { paymentId },
  );
}

/** The receipt PDF that goes with a payment's e-mail (the send-email job's hook). */
export async function receiptAttachments(email: OutgoingEmail): Promise<MailAttachment[]> {
  if (!email.paymentId) return [];
  const receipt = (await receiptFacts(db(), email.paymentId))?.receipt;
  if (!receipt) return [];
  return [
    {
      filename: receiptFileName(receipt),
      content: Buffer.from(await renderReceiptPdf(receipt)),
      contentType: "application/pdf",
    },
  ];
}

/** A receipt as a file: its name and its bytes. */
export type ReceiptFile = { filename: string; pdf: Uint8Array };

async function receiptFile(reader: Reader, paymentId: string): Promise<ReceiptFile | null> {
  const receipt = (await receiptFacts(reader, paymentId))?.receipt;
  return receipt
    ? { filename: receiptFileName(receipt), pdf: await renderReceiptPdf(receipt) }
    : null;
}

/** A receipt of the application a private link opens, by its number; null if not theirs. */
export async function applicantReceipt(token: string, receiptNumber: number) {
  const paymentId = await applicantPaymentId(token, eq(payments.receiptNumber, receiptNumber));
  return paymentId ? receiptFile(db(), paymentId) : null;
}

/** Any receipt by its number, for staff. */
export async function staffReceipt(receiptNumber: number) {
  const [row] = await db()
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.receiptNumber, receiptNumber));
  return row ? receiptFile(db(), row.id) : null;
}

/** Receipt numbers as they appear in a URL: digits, within what the sequence can reach. */
export function receiptNumberOf(param: string | undefined): number | null {
  if (!param || !/^\d{1,9}$/.test(param)) return null;
  return Number(param);
}
