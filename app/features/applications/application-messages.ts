// What the applicant's pages and forms say, kept apart from the forms' schemas so that a page
// showing them loads no validation code (the schemas come only when a form is first used).

export const applicationMessages = {
  received:
    "Thank you for applying! We have e-mailed you a private link to follow your application.",
  failure: "Failed to submit your application. Please try again.",
  notOpen: "This intake is not taking applications.",
  closed: "Enrolment for this intake has closed. Please choose another intake.",
  cancelled: "This intake has been cancelled. Please choose another intake.",
  notYetOpen: "Enrolment for this intake has not opened yet.",
  alreadyApplied:
    "You have already applied for this intake with this e-mail address. Use 'Find my application' to get its link again.",
  rateLimited:
    "You have sent several forms in a short time. Please wait a few minutes and try again.",
  linkSent:
    "If we have an application from that address, its link is on its way. Please check your e-mail (and its spam folder).",
  linkUnknown:
    "This link does not open an application. It may be mistyped; you can get a new one below.",
  linkReplaced:
    "This link was replaced by a newer one when new links were asked for, so it no longer opens your application. Use the link in our latest e-mail, or get a new one below.",
  offerEnded: "This offer has ended: its deadline has passed.",
  intakeCancelled:
    "This intake has been cancelled, so its places can no longer be taken or given up.",
  moveNotAllowed:
    "Your application has moved on since this page was opened. Here is where it stands now.",
} as const;
