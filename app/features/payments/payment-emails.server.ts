import type { Transaction } from "~/db/client.server";
import type { Application, ApplicationEventKind } from "~/db/schema";
import {
  type ApplicationForEmail,
  applicantEmail,
  type EmailText,
} from "~/features/applications/application-emails.server";
import {
  type ApplicationActor,
  emailApplicant,
  forEmail,
} from "~/features/applications/application-history.server";
import { issueApplicationLink } from "~/features/applications/application-token.server";
import { formatFullDate } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";

// The e-mails staff's payment actions and the instalment reminders send. Plain text, queued in
// the transaction that causes them (staff-payments.server.ts, refunds.server.ts,
// instalment-reminders.server.ts).

const course = (application: ApplicationForEmail) =>
  `${application.courseTitle}, ${application.intakeLabel}`;
const privateLink = (link: string) => [
  "Your private page:",
  link,
  "Keep this link to yourself: anyone who has it can see your application.",
];

export function proofRejectedEmail(
  application: ApplicationForEmail,
  payment: { reference: string; amount: number },
  reason: string,
  link: string,
): EmailText {
  return applicantEmail(application, `We could not confirm your bank transfer`, [
    `We checked the proof you sent of a bank transfer of ${formatNaira(payment.amount)} for ${course(application)} (payment ${payment.reference}), and could not confirm it:`,
    "",
    reason,
    "",
    "You can send a new proof, or pay another way, on your private page:",
    link,
  ]);
}

export function dueDateMovedEmail(
  application: ApplicationForEmail,
  instalment: { number: number; amount: number },
  from: string,
  to: string,
  note: string,
  link: string,
): EmailText {
  return applicantEmail(application, `New due date for instalment ${instalment.number}`, [
    `Instalment ${instalment.number} (${formatNaira(instalment.amount)}) for ${course(application)} is now due on ${formatFullDate(to)}, instead of ${formatFullDate(from)}.`,
    "",
    note,
    "",
    ...privateLink(link),
  ]);
}

export function refundEmail(
  application: ApplicationForEmail,
  refund: { amount: number; reason: string; paymentReference: string; byCard: boolean },
): EmailText {
  return applicantEmail(application, `Refund of ${formatNaira(refund.amount)}`, [
    `We are refunding ${formatNaira(refund.amount)} of your payment ${refund.paymentReference} for ${course(application)}.`,
    refund.byCard
      ? "It goes back to the card or account you paid with; banks take up to 10 working days to show it."
      : "We send it back to you by bank transfer; if we do not have your account details, we will ask you for them.",
    "",
    `Reason: ${refund.reason}`,
  ]);
}

export function instalmentReminderEmail(
  application: ApplicationForEmail,
  instalment: { number: number; amount: number; dueOn: string },
  when: "ahead" | "on-day",
  link: string,
): EmailText {
  const due = when === "on-day" ? "today" : `on ${formatFullDate(instalment.dueOn)}`;
  return applicantEmail(application, `Instalment ${instalment.number} is due ${due}`, [
    `A reminder: instalment ${instalment.number} of ${formatNaira(instalment.amount)} for ${course(application)} is due ${due}.`,
    "",
    "Pay this instalment on your private page:",
    link,
    "Keep this link to yourself: anyone who has it can see your application.",
    "",
    "If you have paid already, thank you: please ignore this e-mail.",
  ]);
}

/**
 * Queues an e-mail to the applicant that carries a fresh private link to 'My application', and
 * records it in the timeline under `kind`.
 */
export async function emailWithLink(
  tx: Transaction,
  application: Application,
  write: (forEmail: ApplicationForEmail, link: string) => EmailText,
  kind: ApplicationEventKind,
  actor: ApplicationActor,
  detail: Record<string, string | null>,
) {
  const email = write(
    await forEmail(tx, application),
    await issueApplicationLink(tx, application.id),
  );
  await emailApplicant(tx, application, email, kind, actor, detail);
}
