/** What the sponsors' pages and the seat code field say. */
export const sponsorMessages = {
  created: "Seats created and the invoice sent to the sponsor",
  notEnoughPlaces: (free: number) =>
    free === 0
      ? "This intake has no free places for seats"
      : `This intake has only ${free} free ${free === 1 ? "place" : "places"}`,
  intakeNotOpen: "Seats can be sold only in an intake that is open or about to open",
  seatAssigned: "The seat is kept for them and the code e-mailed",
  seatsReleased: (count: number) =>
    `${count} unused ${count === 1 ? "seat" : "seats"} given back to the intake`,
  noSeatToRelease: "Choose at least one unused seat",
  seatNotOpen: "That seat is no longer unused",
  paidRecorded: "The invoice is recorded as paid",
  alreadyPaid: "This invoice is already paid",
  linkReplaced: "A new private link was made: the old one opens nothing now",
  notFound: "This sponsorship no longer exists",
  // The apply form's code field.
  seatUnknown: "That seat code is not valid",
  seatUsed: "That seat code has already been used",
  seatReleased: "That seat is no longer available: please ask your employer",
  seatOtherIntake: "That seat code is for another intake",
  seatForSomeoneElse: "That seat is kept for someone else: use the e-mail address it was sent to",
  // The sponsor's page.
  checkoutUnavailable: "Online payment is not available right now. Please pay by bank transfer.",
  paymentNotConfirmed:
    "We could not confirm the payment yet. If money left your account, it will show here within a few minutes.",
  paymentConfirmed: "Thank you: the invoice is paid.",
  paymentFlagged:
    "We received your payment but it could not pay this invoice. We will contact you within 24 hours to give it back.",
  intakeCancelled: "This intake was cancelled: please contact us about the invoice.",
  flagAmount: "Paystack took another amount than the invoice's: give it back",
  flagPaidTwice: "Paid after the invoice was already paid: give it back",
} as const;

/** '₦250,000 × 5 seats' as the invoice line says it. */
export const seatsLine = (seats: number) => `${seats} ${seats === 1 ? "seat" : "seats"}`;

/** 'LTA-INV-000012': an invoice's number as printed. */
export const formatInvoiceNumber = (invoiceNumber: number) =>
  `LTA-INV-${String(invoiceNumber).padStart(6, "0")}`;
