import { formatNaira } from "~/lib/format/money";

/** What staff and applicants are told about transfers into an applicant's own account number. */
export const transferMessages = {
  notFound: "This transfer is not on this application. Please look again.",
  settled: "This transfer is already settled. Please look again.",
  nothingDue: "Nothing is left to pay on this place: refund the transfer instead.",
  notPayable: "Transfers are applied only to an accepted or enrolled place with a way of paying.",
  moreThanLeft: (left: number) =>
    `At most ${formatNaira(left)} of this transfer is left to settle.`,
  applied: (applied: number, left: number) =>
    left > 0
      ? `${formatNaira(applied)} applied to the instalments; ${formatNaira(left)} is left to settle.`
      : `${formatNaira(applied)} applied to the instalments: the transfer is settled.`,
  refunded: "Refund recorded: the applicant is told.",
  refundedUnplaced: "Refund recorded.",
  placed: (reference: string) =>
    `The transfer is now on ${reference}: open it there to apply it or refund it.`,
  applicationUnknown: "No application has that reference. Please check it.",
  alreadyPlaced: "This transfer is already on an application. Please look again.",
  /** 'My application': a transfer that waits for staff. */
  waiting: "We received it and will apply it to your instalments or refund it within 24 hours.",
  settingUp:
    "Your own account number for bank transfers is being set up. Refresh this page in a minute.",
} as const;
