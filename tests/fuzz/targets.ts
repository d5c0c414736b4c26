import fc from "fast-check";
import { type CalendarContext, calendarTargets } from "./calendar";
import { type CertificatesContext, certificateTargets } from "./certificates";
import { type CohortContext, cohortTargets } from "./cohort";
import { type DiscountsContext, discountTargets } from "./discounts";
import { type Field, fuzzFields } from "./payloads";

/** What the suite learns from the running server before the cases start. */
export type FuzzContext = {
  courseSlug: string;
  courseId: string;
  tutorId: string;
  /** An intake the course page links to with 'Apply'. */
  intakeId: string;
  /** A student's and a tutor's calendar links (tests/fuzz/calendar.ts). */
  calendar?: CalendarContext;
  /** The running cohort's intake, sessions and student (tests/fuzz/cohort.ts). */
  cohort?: CohortContext;
  /** An ended intake's students and certificates (tests/fuzz/certificates.ts). */
  certificates?: CertificatesContext;
  /** Money off: an intake, its codes and an accepted applicant (tests/fuzz/discounts.ts). */
  discounts?: DiscountsContext;
};

/**
 * One URL and method to fuzz: the route's own valid fields (see app/routes.ts), as the page's
 * form sends them, of which the generators change, repeat or drop a few.
 */
export type Target = {
  name: string;
  method: "POST" | "GET";
  path: (context: FuzzContext) => string;
  /** Paths generated case by case, in place of `path`. */
  paths?: (context: FuzzContext) => fc.Arbitrary<string>;
  /** The only statuses a case may answer; unset: any below 500. */
  statuses?: number[];
  /** Sent with the demo super admin's session. */
  signedIn: boolean;
  /** The fields to send, given what the suite learnt (a real course's id). */
  fields: (context: FuzzContext) => fc.Arbitrary<Field[]>;
};

const text = (name: string, value: string): Field => ({ name, value });
const uuid = "5b1e4c3a-0000-4000-8000-00000000abcd";
let serial = 0;
/** A value unique to the case, so that valid creates do not all collide on one e-mail or slug. */
const unique = () => {
  serial += 1;
  return `${Date.now().toString(36)}${serial}`;
};

function fieldsOf(valid: () => Field[], files: string[] = []) {
  return fc.constant(null).chain(() => fuzzFields(valid(), files));
}

const contact = () => [
  text("name", "Chidi Okafor"),
  text("email", "chidi@example.ng"),
  text("phone", "0803 555 0101"),
  text("subject", "Course Information"),
  text("message", "When does the next data analysis class start?"),
  text("website", ""),
];

const inquiry = () => [
  text("fullName", "Amaka Nwosu"),
  text("email", "amaka@example.ng"),
  text("phone", "+234 803 555 0102"),
  text("inquiryType", "I'm interested in a course"),
  // A demo course: an inquiry may only name an active course.
  text("courseInterest", "Python for Data Science"),
  text("contactMethod", "Email"),
  text("message", "Is there a weekend class?"),
  text("consent", "on"),
  text("website", ""),
];

const application = () => [
  text("fullName", "Ngozi Adeyemi"),
  text("email", `ngozi.${unique()}@example.ng`),
  text("phone", "0803 555 0104"),
  text("experienceLevel", "Some self-study"),
  text("goals", "Move from teaching into data analysis."),
  text("heardFrom", "Instagram"),
  text("consent", "on"),
  text("website", ""),
];

/** A well-formed private link that opens no application: each step answers 404. */
const unknownApplicationToken = "A".repeat(43);

const course = (intent: "create" | "update") => () => [
  text("intent", intent),
  ...(intent === "update" ? [text("id", uuid)] : []),
  text("title", "Fuzzing for Beginners"),
  text("slug", `fuzzing-${unique()}`),
  text("description", "Property-based tests for web forms."),
  text("category", "Programming"),
  text("level", "Beginner"),
  text("price", "150000"),
  text("originalPrice", "0"),
  text("rating", "4.5"),
  text("lessons", "12"),
  text("duration", "8 weeks"),
  text("subtitles[0]", "English"),
  text("startDates[0]", "2027-01-11"),
  text("learningOutcomes[0]", "Write a property"),
  text("skills[0]", "fast-check"),
  text("modules[0].title", "Generators"),
  text("modules[0].description", "Arbitraries and how they shrink."),
  text("modules[0].topics", "Strings\nRecords"),
  text("faqs[0].question", "Is it online?"),
  text("faqs[0].answer", "Yes."),
  text("isActive", "on"),
];

const message = (intent: string, extra: Field[]) => () => [
  text("intent", intent),
  text("id", uuid),
  ...extra,
];

const admin = (intent: "create" | "update" | "delete") => () => [
  text("intent", intent),
  ...(intent === "create"
    ? [text("email", `bola.${unique()}@academy.test`), text("password", "fuzz-password-1")]
    : [text("id", uuid)]),
  ...(intent === "delete"
    ? []
    : [
        text("name", "Bola Fuzz"),
        text("phone", "0803 555 0103"),
        text("role", "admin"),
        text("is_active", "true"),
      ]),
];

const savedReply = (intent: "create" | "update" | "delete") => () => [
  text("intent", intent),
  ...(intent === "create" ? [] : [text("id", uuid)]),
  ...(intent === "delete"
    ? []
    : [
        text("title", `Fees and instalments ${unique()}`),
        text("body", "Hello {name},\n\nThe fee for {course} is {price}."),
      ]),
];

const intake = (intent: "create" | "update", tutorId: string) => [
  text("intent", intent),
  ...(intent === "update" ? [text("id", uuid)] : []),
  text("label", `January 2027 · weekday evenings ${unique()}`),
  text("startsOn", "2027-01-11"),
  text("endsOn", "2027-03-26"),
  text("classTimes", "Mon, Wed, Thu 6-9 pm"),
  text("mode", "in-person"),
  text("location", "Victoria Island"),
  text("seats", "20"),
  text("enrolmentOpensAt", "2026-11-01T09:00"),
  text("enrolmentClosesAt", "2027-01-08T17:00"),
  text("price", "250000"),
  text("earlyBirdPrice", "200000"),
  text("earlyBirdEndsOn", "2026-12-15"),
  text("status", "open"),
  text("instalmentPlans", "two-instalments"),
  text("instalmentPlans", "monthly"),
  text("payInFullDiscount", "10000"),
  text("tutorIds", tutorId),
];

/** A demo course's intakes: valid creates are saved, an update or cancel answers 404. */
const intakes = (name: string, valid: (context: FuzzContext) => Field[]): Target => ({
  name: `intakes ${name}`,
  method: "POST",
  path: ({ courseId }) => `/admin-portal/courses/${courseId}/intakes`,
  signedIn: true,
  fields: (context) => fieldsOf(() => valid(context)),
});

const tutor = (intent: "create" | "update") => () => [
  text("intent", intent),
  ...(intent === "create" ? [] : [text("id", uuid)]),
  text("name", "Adaeze Fuzz"),
  text("role", "Lead tutor, Data"),
  text("bio", "Eight years of analytics.\nTeaches SQL."),
  text("link", "https://www.linkedin.com/in/adaeze-fuzz"),
];

const signedOut = (name: string, path: string, valid: () => Field[], files?: string[]): Target => ({
  name,
  method: "POST",
  path: () => path,
  signedIn: false,
  fields: () => fieldsOf(valid, files),
});

const portal = (name: string, path: string, valid: () => Field[], files?: string[]): Target => ({
  name,
  method: "POST",
  path: () => path,
  signedIn: true,
  fields: () => fieldsOf(valid, files),
});

export const targets: Target[] = [
  signedOut("contact", "/contact", contact),
  signedOut("home inquiry", "/?index", inquiry),
  {
    ...signedOut("course inquiry", "", inquiry),
    path: ({ courseSlug }) => `/course/${courseSlug}`,
  },
  {
    ...signedOut("apply", "", application),
    path: ({ intakeId }) => `/apply/${intakeId}`,
  },
  signedOut("find my application", "/application", () => [
    text("email", "ngozi@example.ng"),
    text("website", ""),
  ]),
  signedOut("my application step", `/application/${unknownApplicationToken}`, () => [
    text("intent", "accept"),
  ]),
  signedOut("my application payment plan", `/application/${unknownApplicationToken}`, () => [
    text("intent", "choose-plan"),
    text("plan", "two-instalments"),
  ]),
  signedOut("my application pay", `/application/${unknownApplicationToken}`, () => [
    text("intent", "pay"),
  ]),
  {
    ...signedOut("payment return", `/application/${unknownApplicationToken}/paid`, () => [
      text("trxref", "LTA-P-0123456789"),
      text("reference", "LTA-P-0123456789"),
    ]),
    method: "GET",
  },
  {
    ...signedOut("checkout return", "/checkout-return", () => [
      text("trxref", "LTA-P-0123456789"),
      text("reference", "LTA-P-0123456789"),
    ]),
    method: "GET",
  },
  signedOut("bank transfer proof", `/application/${unknownApplicationToken}/proof`, () => [], [
    "proofFile",
  ]),
  {
    ...signedOut("receipt", `/application/${unknownApplicationToken}/receipts/1`, () => []),
    method: "GET",
  },
  {
    name: "course view counter",
    method: "GET",
    path: ({ courseSlug }) => `/course/${courseSlug}/view`,
    signedIn: false,
    fields: () => fieldsOf(() => [text("ref", "whatsapp")]),
  },
  signedOut("demo checkout", "/demo-checkout/LTA-P-0123456789", () => [text("outcome", "pay")]),
  // Any body, signed or not: 401 or 404 (no key), never a 5xx.
  signedOut("paystack webhook", "/webhooks/paystack", () => [
    text("event", "charge.success"),
    text("data", '{"reference":"LTA-P-0123456789"}'),
  ]),
  signedOut("login", "/admin-portal/login", () => [
    text("email", "admin@academy.test"),
    text("password", "not-the-password"),
    text("rememberMe", "on"),
    text("redirectTo", "/admin-portal/messages"),
  ]),
  signedOut("forgot password", "/admin-portal/forgot-password", () => [
    text("email", `nobody.${unique()}@example.ng`),
  ]),
  signedOut("reset password", "/admin-portal/reset-password?token=fuzz", () => [
    text("token", "fuzz"),
    text("password", "new-password-1"),
    text("confirmPassword", "new-password-1"),
  ]),
  signedOut("sign-in link request", "/admin-portal/sign-in-link", () => [
    text("intent", "request"),
    text("email", `nobody.${unique()}@example.ng`),
  ]),
  signedOut("sign-in link use", "/admin-portal/sign-in-link?token=fuzz", () => [
    text("intent", "sign-in"),
    text("token", "fuzz"),
  ]),
  // Without the suite's session: signing it out would sign out the other targets' cases.
  signedOut("logout", "/admin-portal/logout", () => []),
  portal("theme", "/admin-portal/theme", () => [text("theme", "dark"), text("js", "1")]),
  portal("courses create", "/admin-portal/courses", course("create"), [
    "imageFile",
    "brochureFile",
  ]),
  portal("courses update", "/admin-portal/courses", course("update"), [
    "imageFile",
    "brochureFile",
  ]),
  portal("courses toggle", "/admin-portal/courses", () => [
    text("intent", "toggle"),
    text("id", uuid),
    text("isActive", "false"),
  ]),
  portal("courses delete", "/admin-portal/courses", () => [
    text("intent", "delete"),
    text("id", uuid),
  ]),
  portal("messages status", "/admin-portal/messages", message("status", [text("status", "read")])),
  portal(
    "messages priority",
    "/admin-portal/messages",
    message("priority", [text("priority", "high")]),
  ),
  portal("messages assign", "/admin-portal/messages", message("assign", [text("assignedTo", "")])),
  portal("messages notes", "/admin-portal/messages", message("notes", [text("notes", "Called.")])),
  portal("messages delete", "/admin-portal/messages", message("delete", [])),
  portal(
    "messages reply",
    "/admin-portal/messages",
    message("reply", [text("body", "Hello, the fee is ₦150,000.")]),
  ),
  portal(
    "messages record-reply",
    "/admin-portal/messages",
    message("record-reply", [text("channel", "whatsapp")]),
  ),
  portal("messages bulk", "/admin-portal/messages?tab=all", () => [
    text("intent", "bulk"),
    text("ids", uuid),
    text("ids", "5b1e4c3a-0000-4000-8000-00000000abce"),
    text("bulkAction", "read"),
  ]),
  portal("admins create", "/admin-portal/admins", admin("create")),
  portal("admins update", "/admin-portal/admins", admin("update")),
  portal("admins delete", "/admin-portal/admins", admin("delete")),
  portal("saved replies create", "/admin-portal/saved-replies", savedReply("create")),
  portal("saved replies update", "/admin-portal/saved-replies", savedReply("update")),
  portal("saved replies delete", "/admin-portal/saved-replies", savedReply("delete")),
  intakes("create", ({ tutorId }) => intake("create", tutorId)),
  intakes("update", ({ tutorId }) => intake("update", tutorId)),
  intakes("duplicate", () => [text("intent", "duplicate"), text("id", uuid)]),
  intakes("cancel", () => [
    text("intent", "cancel"),
    text("id", uuid),
    text("reason", "Too few applicants"),
  ]),
  portal("tutors create", "/admin-portal/tutors", tutor("create"), ["photoFile"]),
  portal("tutors update", "/admin-portal/tutors", tutor("update"), ["photoFile"]),
  portal("tutors toggle", "/admin-portal/tutors", () => [
    text("intent", "toggle"),
    text("id", uuid),
    text("isActive", "true"),
  ]),
  portal("students offer", "/admin-portal/students", () => [
    text("intent", "offer"),
    text("id", uuid),
    text("offerExpiresAt", "2027-01-10T18:00"),
  ]),
  portal("students decline", "/admin-portal/students", () => [
    text("intent", "decline"),
    text("id", uuid),
    text("subject", "About your application"),
    text("text", "Thank you for applying for {intake}. We cannot offer you a place this time."),
  ]),
  portal("students waitlist", "/admin-portal/students", () => [
    text("intent", "waitlist"),
    text("id", uuid),
  ]),
  portal("students enrol", "/admin-portal/students", () => [
    text("intent", "enrol"),
    text("id", uuid),
  ]),
  portal("students withdraw", "/admin-portal/students", () => [
    text("intent", "withdraw"),
    text("id", uuid),
  ]),
  portal("students notes", "/admin-portal/students", () => [
    text("intent", "notes"),
    text("id", uuid),
    text("notes", "Called her; she will pay on Friday."),
  ]),
  portal("students assign", "/admin-portal/students", () => [
    text("intent", "assign"),
    text("id", uuid),
    text("assignedTo", ""),
  ]),
  // Payments: the application and its payment or instalment are unknown ids, so nothing changes.
  portal("students confirm-proof", "/admin-portal/students", () => [
    text("intent", "confirm-proof"),
    text("id", uuid),
    text("target", uuid),
  ]),
  portal("students reject-proof", "/admin-portal/students", () => [
    text("intent", "reject-proof"),
    text("id", uuid),
    text("target", uuid),
    text("reason", "No transfer of this amount reached our account."),
  ]),
  portal("students move-due-date", "/admin-portal/students", () => [
    text("intent", "move-due-date"),
    text("id", uuid),
    text("target", uuid),
    text("dueOn", "2027-02-01"),
    text("note", "Agreed on the phone."),
  ]),
  portal("students record-payment", "/admin-portal/students", () => [
    text("intent", "record-payment"),
    text("id", uuid),
    text("target", uuid),
    text("paidOn", "2026-11-02"),
    text("note", "Paid cash at the Yaba office."),
  ]),
  portal("students refund", "/admin-portal/students", () => [
    text("intent", "refund"),
    text("id", uuid),
    text("target", uuid),
    text("amount", "25000"),
    text("reason", "Withdrew before the start."),
  ]),
  portal("students apply-transfer", "/admin-portal/students", () => [
    text("intent", "apply-transfer"),
    text("id", uuid),
    text("target", uuid),
  ]),
  portal("students refund-transfer", "/admin-portal/students", () => [
    text("intent", "refund-transfer"),
    text("id", uuid),
    text("target", uuid),
    text("amount", "5000"),
    text("note", "Sent back the extra by transfer."),
  ]),
  portal("payments place-transfer", "/admin-portal/students?tab=payments", () => [
    text("intent", "place-transfer"),
    text("target", uuid),
    text("reference", "LTA-A-000012"),
  ]),
  portal("payments refund-unplaced-transfer", "/admin-portal/students?tab=payments", () => [
    text("intent", "refund-unplaced-transfer"),
    text("target", uuid),
    text("amount", "7000"),
    text("note", "Returned to the sender."),
  ]),
  // The confirmation never matches, so the fuzz cannot erase the demo's people.
  portal("personal data erase", "/admin-portal/personal-data", () => [
    text("intent", "erase"),
    text("email", "nobody@example.ng"),
    text("phone", ""),
    text("confirm", "someone-else@example.ng"),
  ]),
  portal("settings bank account", "/admin-portal/settings", () => [
    text("intent", "bank-account"),
    text("bankName", "Zenith Bank"),
    text("accountName", "Lagos Tech Academy Ltd"),
    text("accountNumber", "1012345678"),
  ]),
  portal("settings retry-email", "/admin-portal/settings", () => [
    text("intent", "retry-email"),
    text("id", uuid),
  ]),
  {
    name: "messages export",
    method: "GET",
    path: () => "/admin-portal/messages/export",
    signedIn: true,
    fields: () =>
      fieldsOf(() => [
        text("tab", "all"),
        text("status", "unread"),
        text("q", "data"),
        text("sort", "oldest"),
      ]),
  },
  ...calendarTargets,
  ...cohortTargets,
  ...certificateTargets,
  ...discountTargets,
];
