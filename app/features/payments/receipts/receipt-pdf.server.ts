import { PDFDocument } from "pdf-lib";
import { formatDateTime, formatFullDate } from "~/lib/format/dates";
import { letterPage } from "~/lib/pdf/letter-page.server";
import { siteConfig } from "~/lib/site/site-config";

/** Everything a receipt says, read from the database (`receipts.server.ts`). */
export type ReceiptFacts = {
  number: string;
  paidAt: Date;
  payerName: string;
  payerEmail: string;
  applicationReference: string;
  courseTitle: string;
  intakeLabel: string;
  startsOn: string;
  instalmentNumber: number;
  /** Staff recorded a part of the instalment: the rest is still to pay. */
  partOfInstalment: boolean;
  instalmentCount: number;
  method: string;
  paymentReference: string;
  amountKobo: number;
  refundedKobo: number;
  totalKobo: number;
  paidToDateKobo: number;
  /** The price line by line (priceBuildUp): shown when something was taken off it. */
  priceLines: { label: string; amount: number }[];
};

/** Naira as applicants read it elsewhere: '₦250,000.00'. */
const ngn = (kobo: number) =>
  `₦${(kobo / 100).toLocaleString("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A numbered receipt as a one-page A4 PDF. */
export async function renderReceiptPdf(receipt: ReceiptFacts): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Receipt ${receipt.number}`);
  pdf.setAuthor(siteConfig.name);
  pdf.setCreationDate(receipt.paidAt);
  pdf.setModificationDate(receipt.paidAt);
  const { line, row, space, bold } = await letterPage(pdf, "Receipt");
  row("Receipt number", receipt.number, bold);
  row("Date paid", `${formatDateTime(receipt.paidAt)} (Lagos time)`);
  row("Received from", `${receipt.payerName} <${receipt.payerEmail}>`);
  row("Application", receipt.applicationReference);
  row("Course", receipt.courseTitle);
  row("Intake", `${receipt.intakeLabel} (starts ${formatFullDate(receipt.startsOn)})`);
  row(
    "For",
    `${receipt.partOfInstalment ? "Part of instalment" : "Instalment"} ${receipt.instalmentNumber} of ${receipt.instalmentCount}`,
  );
  row("Paid by", `${receipt.method} (reference ${receipt.paymentReference})`);
  space(10);
  row("Amount received", ngn(receipt.amountKobo), bold);
  if (receipt.refundedKobo > 0) row("Refunded", ngn(receipt.refundedKobo));
  // The price's build-up, when a code, a scholarship or a discount lowered it.
  if (receipt.priceLines.length > 1)
    for (const { label, amount } of receipt.priceLines)
      row(label, amount < 0 ? `− ${ngn(-amount)}` : ngn(amount));
  row("Course fee", ngn(receipt.totalKobo));
  row("Paid to date", ngn(receipt.paidToDateKobo));
  row("Remaining", ngn(Math.max(0, receipt.totalKobo - receipt.paidToDateKobo)), bold);
  space(30);
  line("Thank you. Keep this receipt: its number is how we find your payment.", { size: 10 });
  line("Amounts in Nigerian Naira (₦).", { size: 10 });
  return pdf.save({ useObjectStreams: false });
}
