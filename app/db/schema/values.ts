// The schema's value lists (statuses, kinds, categories), without drizzle: the browser's code
// imports them from here, so the tables and drizzle-orm stay on the server. The schema files
// build their enums and checks from them; `~/db/schema` re-exports them for the server.

// application-events
export const applicationEventKinds = [
  "applied",
  "viewed",
  "offered",
  "offer-reminded",
  "accepted",
  "declined",
  "waitlisted",
  "enrolled",
  "withdrawn",
  "expired",
  "notes",
  "assigned",
  "link-sent",
  "email",
  "plan-chosen",
  "payment-received",
  "payment-flagged",
  "proof-sent",
  "proof-rejected",
  "due-date-moved",
  "instalment-reminded",
  "refunded",
  "intake-cancelled",
  "transferred",
  "session-changed",
  "session-reminded",
  "name-confirmed",
  "project-marked",
  "certificate-issued",
  "certificate-revoked",
  "certificate-reissued",
  "code-entered",
  "code-removed",
  "scholarship-granted",
] as const;

// applications
export const applicationStatuses = [
  "new",
  "offered",
  "accepted",
  "enrolled",
  "waitlisted",
  "declined",
  "withdrawn",
  "expired",
] as const;

/**
 * Statuses that hold one of the intake's places: the database counts exactly these (the
 * intake's places trigger, migration 0018), and a discount code's use counts for them.
 */
export const placeHoldingStatuses = ["offered", "accepted", "enrolled"] as const;

// auth
export const adminRoles = ["admin", "super_admin"] as const;

// cohort
export const classSessionStatuses = ["scheduled", "cancelled"] as const;
export const attendanceMarks = ["present", "absent", "late", "excused"] as const;
/** 'first-day': the day before the intake's first session; 'before': hours before each one. */
export const sessionReminderKinds = ["first-day", "before"] as const;
export const calendarOwnerKinds = ["student", "tutor"] as const;

// conversations
/** 'too-large': a visitor's mail over the size limit, kept as its headers and a note only. */
export const inboundEmailKinds = ["visitor", "auto-reply", "bounce", "too-large"] as const;

// courses
export const courseCategories = ["Design", "Marketing", "Data Science", "Programming"] as const;
export const courseLevels = ["Beginner", "Intermediate", "Advanced"] as const;
export const courseChangeActions = [
  "created",
  "updated",
  "activated",
  "deactivated",
  "deleted",
] as const;

// intakes
export const intakeModes = ["in-person", "online", "both"] as const;
export const intakeStatuses = ["draft", "open", "closed", "cancelled"] as const;
/** 'first-come': a place is offered on applying while seats remain; 'reviewed': staff decide. */
export const admissionModes = ["reviewed", "first-come"] as const;
export const paymentPlanKinds = ["full", "two-instalments", "monthly"] as const;
export const intakeChangeActions = ["created", "updated", "cancelled"] as const;

// message-events
export const messageEventKinds = [
  "status",
  "priority",
  "assigned",
  "notes",
  "reply-sent",
  "replied-whatsapp",
  "replied-email",
  "acknowledgement-sent",
  "reminder-sent",
  "visitor-answered",
  "auto-reply",
  "reply-bounced",
  "whatsapp-received",
  "whatsapp-sent",
] as const;

// messages
export const messageFormTypes = ["contact", "inquiry", "email", "whatsapp"] as const;
export const messageStatuses = ["unread", "read", "replied", "archived"] as const;
export const messagePriorities = ["low", "normal", "high", "urgent"] as const;

// outgoing-mail
export const outgoingEmailStatuses = ["queued", "sent", "failed"] as const;
export const outgoingEmailKinds = [
  "staff-alert",
  "password-reset",
  "sign-in-link",
  "reply",
  "acknowledgement",
  "assignment",
  "reminder",
  "application",
  "payment",
  "answer-alert",
  "certificate",
  "sponsor",
] as const;

// payments
/** transfer-account: a transfer into the payer's own account number (Paystack's word for it). */
export const paymentMethods = ["paystack", "bank-transfer", "manual", "transfer-account"] as const;
/**
 * started: sent to the gateway, no answer yet; paid: confirmed (verified with the gateway, or by
 * staff); failed / abandoned: the gateway says no money came; flagged: money came that does not
 * match what we asked (amount or currency), for staff to sort out, never counted as paid;
 * proof-sent: a bank transfer whose proof waits for staff to check it; rejected: staff found
 * no such transfer (the reason is kept).
 */
export const paymentStatuses = [
  "started",
  "paid",
  "failed",
  "abandoned",
  "flagged",
  "proof-sent",
  "rejected",
] as const;
export const refundMethods = ["paystack", "manual"] as const;
/** pending: asked of the gateway, not yet done; processed: the money went back. */
export const refundStatuses = ["pending", "processed", "failed"] as const;

// transfer accounts
export const transferAccountStatuses = ["requested", "assigned", "failed"] as const;
export const accountTransferStates = ["applied", "to-settle", "settled"] as const;

// sponsors
/** open: unused (it holds a place); used: an applicant enrolled with it; released: given back. */
export const sponsoredSeatStatuses = ["open", "used", "released"] as const;
/** flagged: money came that did not pay the invoice (another amount, or it was paid already). */
export const invoicePaymentStatuses = ["started", "success", "failed", "flagged"] as const;

// whatsapp
export const whatsappDirections = ["in", "out"] as const;
/** Meta's statuses of a message we sent, in the order they happen ('failed' ends it). */
export const whatsappDeliveryStatuses = ["sent", "delivered", "read", "failed"] as const;
