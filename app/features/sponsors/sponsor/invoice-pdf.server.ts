import { PDFDocument } from "pdf-lib";
import { db } from "~/db/client.server";
import {
  type BankAccountDetails,
  loadBankAccount,
} from "~/features/payments/applicant/bank-transfer.server";
import { invoiceTotal } from "~/features/sponsored-seats/invoice-payments.server";
import { formatInvoiceNumber, seatsLine } from "~/features/sponsored-seats/sponsor-messages";
import { formatDateTime, formatFullDate } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";
import { letterPage } from "~/lib/pdf/letter-page.server";
import { siteConfig } from "~/lib/site/site-config";
import { sponsorPageUrl } from "../sponsor-link.server";
import { sponsorshipRow } from "../sponsorships.server";

type SponsorshipFacts = NonNullable<Awaited<ReturnType<typeof sponsorshipRow>>>;

/** A sponsorship's invoice as a one-page A4 PDF and its file name; null when there is none. */
export async function invoicePdf(sponsorshipId: string) {
  const detail = await sponsorshipRow(db(), sponsorshipId);
  if (!detail) return null;
  const number = formatInvoiceNumber(detail.sponsorship.invoiceNumber);
  return {
    filename: `${number}.pdf`,
    pdf: await renderInvoicePdf(detail, await loadBankAccount()),
  };
}

async function renderInvoicePdf(
  { sponsorship, sponsor, intake }: SponsorshipFacts,
  account: BankAccountDetails | null,
): Promise<Uint8Array> {
  const number = formatInvoiceNumber(sponsorship.invoiceNumber);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice ${number}`);
  pdf.setAuthor(siteConfig.name);
  pdf.setCreationDate(sponsorship.createdAt);
  pdf.setModificationDate(sponsorship.paidAt ?? sponsorship.createdAt);
  const { line, row, space, bold } = await letterPage(pdf, "Invoice");
  row("Invoice number", number, bold);
  row("Date", formatFullDate(sponsorship.createdAt));
  row("Billed to", sponsor.name);
  row("Contact", `${sponsor.contactName} <${sponsor.billingEmail}>`);
  row("Course", intake.courseTitle);
  row("Intake", `${intake.label} (starts ${formatFullDate(intake.startsOn)})`);
  row("Seats", `${seatsLine(sponsorship.seats)} at ${formatNaira(sponsorship.seatPrice)} each`);
  space(10);
  row("Total", formatNaira(invoiceTotal(sponsorship)), bold);
  row(
    "Status",
    sponsorship.paidAt
      ? `Paid on ${formatDateTime(sponsorship.paidAt)} (Lagos time)`
      : "Not paid yet",
    bold,
  );
  space(20);
  if (!sponsorship.paidAt) {
    line("How to pay", { font: bold, size: 13, gap: 20 });
    if (account) {
      line(
        `By bank transfer to ${account.accountName}, ${account.bankName}, account ${account.accountNumber}, with ${number} as the narration.`,
      );
    }
    line("Or online (card, transfer or USSD through Paystack) on your private page:");
    line(sponsorPageUrl(sponsorship.id, sponsorship.linkVersion), { size: 9 });
    space(10);
  }
  line("Each seat's code is on your private page.", { size: 10 });
  line("Amounts in Nigerian Naira (₦).", { size: 10 });
  return pdf.save({ useObjectStreams: false });
}
