import { formatNaira } from "~/lib/format/money";

/** What the applicant is told; the academy's wording, held by the tests. */
export const paymentMessages = {
  notAccepted: "Payment opens once you have accepted your place.",
  planNotOffered: "This intake does not offer that way of paying. Please choose another.",
  planAlreadyChosen: "You have already chosen how to pay; your schedule is below.",
  planFixed:
    "Your plan can no longer be changed: a payment has been made or is being checked. Please reply to our e-mail if you need another schedule.",
  noPlan: "Please choose how you will pay first.",
  nothingDue: "Everything is paid. Thank you!",
  /** Nothing is due, but money was given back: not 'everything is paid'. */
  nothingLeft: "Nothing is left to pay.",
  gatewayUnavailable: "We could not reach Paystack just now. Please try again in a few minutes.",
  noOnlinePayment:
    "Paying online is not available just now. Please reply to our e-mail and we will help you pay.",
  planRequired: "Please choose how you will pay",
  planChosen: "Thank you. Your payment schedule is below.",
  paid: "Payment received. Thank you!",
  alreadyRecorded: "This payment is already recorded. Thank you!",
  confirming:
    "We are confirming your payment with Paystack. This page will show it as soon as it is confirmed.",
  failed: "The payment did not go through, and nothing was charged. You can try again.",
  cancelled:
    "You cancelled the payment, and nothing was charged. You can pay whenever you are ready.",
  flagged:
    "Your payment needs a check by our staff: the amount received differs from what was due. We will contact you within 24 hours.",
  unknownPayment:
    "We could not find that payment. Please open your latest e-mail's link and try again.",
  openYourPage:
    "To see your application, open the private link in our latest e-mail, or get a new one below.",
  noBankTransfer: "Paying by bank transfer is not available just now. Please pay online.",
  proofRequired: "Please choose the photo or PDF of your transfer receipt",
  payNowWithheld:
    "Paying by card is closed while we check the proof of transfer you sent for this instalment, so that you do not pay twice. If we cannot find your transfer, you can pay by card then.",
  proofWaiting:
    "We already have your proof for this instalment and are checking it. We will e-mail you within 24 hours.",
  proofSent:
    "Thank you. We received your proof and will confirm your payment within 24 hours, by e-mail.",
  intakeCancelled:
    "This intake has been cancelled, so nothing more can be paid for it. We will refund what you paid, or move it with your place to another intake.",
  /** The return from a checkout paid after its intake was cancelled. */
  paidForCancelled:
    "Your payment came in after this intake was cancelled. It is recorded, and we will refund it or move it with your place to another intake, as you prefer: reply to our e-mail.",
  /** Staff's word for money that came in for a cancelled intake. */
  paidForCancelledIntake:
    "Paid after the intake was cancelled: refund it, or move it with the place to another intake.",
  /** Staff's word for a second payment of one instalment (two checkouts paid). */
  paidTwice:
    "This instalment was already paid: refund this payment or set it against the next one.",
  /** Staff's word for a checkout started before staff recorded part of its instalment. */
  moreThanLeft:
    "Part of this instalment was paid another way while this payment was under way: refund what was paid over.",
} as const;

export const staffPaymentMessages = {
  notFound: "Payment not found. Please look again.",
  instalmentNotFound: "Instalment not found. Please look again.",
  notProof: "This payment has no proof waiting for a check. Please look again.",
  instalmentPaid: "This instalment is already paid.",
  notPayable: "Payments are recorded only for an accepted or enrolled place.",
  sameDate: "That is the instalment's due date already.",
  dateInPast: "The new due date must be today or later.",
  paidInFuture: "The date it was paid cannot be in the future.",
  proofConfirmed: "Bank transfer confirmed: the instalment is paid.",
  proofConfirmedTwice:
    "Bank transfer confirmed, but the instalment was already paid: the transfer is flagged for a refund.",
  proofRejected: "Proof rejected: the applicant is told why.",
  dueDateMoved: "Due date moved: the applicant is told.",
  paymentRecorded: "Payment recorded: the instalment is paid.",
  partRecorded: (left: number) =>
    `Part payment recorded: ${formatNaira(left)} of the instalment is left to pay.`,
  moreThanLeft: (left: number) => `At most ${formatNaira(left)} of this instalment is left to pay.`,
} as const;
