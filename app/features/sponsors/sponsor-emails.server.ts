import { formatInvoiceNumber, seatsLine } from "~/features/sponsored-seats/sponsor-messages";
import { formatFullDate } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";
import { siteConfig } from "~/lib/site/site-config";
import { firstName } from "~/lib/text/person-name";

// The texts of the e-mails to sponsors and to the people they name. Plain text, queued by
// sponsorships.server.ts in the transaction that causes them.

type IntakeFacts = { courseTitle: string; intakeLabel: string; startsOn: string };

const intakeLine = (intake: IntakeFacts) =>
  `${intake.courseTitle}, ${intake.intakeLabel} (starts ${formatFullDate(intake.startsOn)})`;

const signOff = ["", `The ${siteConfig.name} admissions team`];

/** To the sponsor's billing address: the invoice, and the private page with the seat codes. */
export function invoiceEmail(facts: {
  contactName: string;
  sponsorName: string;
  invoiceNumber: number;
  seats: number;
  totalKobo: number;
  intake: IntakeFacts;
  pageUrl: string;
  applyUrl: string;
}) {
  const number = formatInvoiceNumber(facts.invoiceNumber);
  return {
    subject: `Invoice ${number}: ${seatsLine(facts.seats)} in ${facts.intake.courseTitle}`,
    text: [
      `Hello ${firstName(facts.contactName)},`,
      "",
      `Thank you for sponsoring ${seatsLine(facts.seats)} for ${facts.sponsorName} in ${intakeLine(facts.intake)}.`,
      `Invoice ${number} is for ${formatNaira(facts.totalKobo)}.`,
      "",
      "Your private page has the invoice (to download or pay online), the bank details for a transfer, and a code for each seat:",
      facts.pageUrl,
      "Give each person one code and the intake's apply page: they enter the code when they apply and are enrolled with nothing to pay. The page shows who used each seat and, once classes start, their attendance.",
      facts.applyUrl,
      "Keep this link within your organisation: anyone who has it can see the seats.",
      ...signOff,
    ].join("\n"),
  };
}

/** To a person staff named for a seat: their code and where to apply. */
export function seatInvitationEmail(facts: {
  fullName: string;
  sponsorName: string;
  code: string;
  intake: IntakeFacts;
  applyUrl: string;
}) {
  return {
    subject: `Your sponsored seat: ${facts.intake.courseTitle}`,
    text: [
      `Hello ${firstName(facts.fullName)},`,
      "",
      `${facts.sponsorName} has paid for your seat in ${intakeLine(facts.intake)}.`,
      "To take it, apply with this e-mail address and enter your seat code in the code field:",
      "",
      `Seat code: ${facts.code}`,
      facts.applyUrl,
      "",
      "You are enrolled at once, with nothing to pay.",
      ...signOff,
    ].join("\n"),
  };
}
