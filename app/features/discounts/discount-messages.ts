/** What applicants and staff are told about discount codes and scholarships. */
export const discountMessages = {
  unknownCode: "We do not know this code. Check it and try again.",
  notYet: "This code cannot be used yet.",
  expired: "This code has expired.",
  deactivated: "This code is no longer in use.",
  otherIntake: "This code is not for this course.",
  usedUp: "This code has been used up.",
  usedUpSinceEntered:
    "This code has been used up since you entered it. Remove it to go on at the full price.",
  usedByPerson: "You have already used this code.",
  alreadyApplied: "A discount code is already applied. Remove it first to use another.",
  noCodeApplied: "No discount code is applied.",
  afterFirstPayment: "A discount code can only be changed before the first payment.",
  codeApplied: "Discount code applied.",
  tooManyTries:
    "Too many codes were tried on this application. Please wait an hour, or ask us for the code.",
  codeRemoved: "Discount code removed.",
  codeTaken: "A code with this name already exists.",
  codeCreated: "Discount code created.",
  codeDeactivated: "Discount code deactivated.",
  codeNotFound: "Discount code not found.",
  intakeGone: "An intake you chose no longer exists. Please choose again.",
  paidInFull:
    "The place is paid in full: a smaller scholarship would leave money owed without an instalment. Record what is owed another way.",
  paymentWaits:
    "A transfer proof or a flagged payment waits for staff: settle it before granting a scholarship, so nothing is counted twice.",
  scholarshipGranted: "Scholarship granted. The instalments not yet paid are recomputed.",
  partPaid:
    "An instalment has been paid in part: settle it before granting a scholarship, so nothing is counted twice.",
} as const;

/** The one rule of how money off combines (decision 0075), as the pages state it. */
export const discountRule =
  "A discount code is taken off the price you pay (the early-bird price while it lasts), then any scholarship, then the pay-in-full discount if you pay in full. One code per application.";
