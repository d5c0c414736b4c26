import { asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setDatabase } from "~/db/client.server";
import { type Admin, admins, authUser, rateLimits } from "~/db/schema";
import { adminMessages } from "~/features/admins/schema";
import { readAdminSession } from "~/features/auth/session.server";
import { readAdminTheme } from "~/features/auth/theme.server";
import { certificateMessages } from "~/features/certificates/certificate-schema";
import { registerMessages } from "~/features/cohort/register-schema";
import { outgoingMailMessages } from "~/features/outgoing-mail/schema";
import { personalDataMessages } from "~/features/people/person-key";
import { sponsorMessages } from "~/features/sponsored-seats/sponsor-messages";
import type { ActionReply } from "~/lib/forms/action-reply";
import routeConfig from "~/routes";
import * as adminsRoute from "~/routes/admin/admins";
import * as classListRoute from "~/routes/admin/class-list";
import * as courseIntakesRoute from "~/routes/admin/course-intakes";
import * as coursesRoute from "~/routes/admin/courses";
import * as dashboardRoute from "~/routes/admin/dashboard";
import * as discountsRoute from "~/routes/admin/discounts";
import * as indexRoute from "~/routes/admin/index";
import * as intakeCertificatesRoute from "~/routes/admin/intake-certificates";
import * as intakeTimetableRoute from "~/routes/admin/intake-timetable";
import * as layoutRoute from "~/routes/admin/layout";
import * as logoutRoute from "~/routes/admin/logout";
import * as messagesRoute from "~/routes/admin/messages";
import * as notFoundRoute from "~/routes/admin/not-found";
import * as personalDataRoute from "~/routes/admin/personal-data";
import * as registerRoute from "~/routes/admin/register";
import * as reportsRoute from "~/routes/admin/reports";
import * as savedRepliesRoute from "~/routes/admin/saved-replies";
import * as settingsRoute from "~/routes/admin/settings";
import * as sponsorsRoute from "~/routes/admin/sponsors";
import * as sponsorshipRoute from "~/routes/admin/sponsorship";
import * as studentsRoute from "~/routes/admin/students";
import * as themeRoute from "~/routes/admin/theme";
import * as timetableRoute from "~/routes/admin/timetable";
import * as tutorTimetableRoute from "~/routes/admin/tutor-timetable";
import * as tutorsRoute from "~/routes/admin/tutors";
import * as inboxEventsRoute from "~/routes/resources/inbox-events";
import * as mailAttachmentRoute from "~/routes/resources/mail-attachment";
import * as messagesExportRoute from "~/routes/resources/messages-export";
import * as paymentProofRoute from "~/routes/resources/payment-proof";
import * as paymentsExportRoute from "~/routes/resources/payments-export";
import * as personalDataExportRoute from "~/routes/resources/personal-data-export";
import * as reportsExportRoute from "~/routes/resources/reports-export";
import * as staffCertificateRoute from "~/routes/resources/staff-certificate";
import * as staffInvoiceRoute from "~/routes/resources/staff-invoice";
import * as staffReceiptRoute from "~/routes/resources/staff-receipt";
import * as studentsExportRoute from "~/routes/resources/students-export";
import * as verifyCertificateRoute from "~/routes/site/verify-certificate";
import {
  cookieAfterDeactivation,
  getRequest,
  loginLocation,
  makeAdmin,
  ORIGIN,
  type Outcome,
  outcomeOf,
  postRequest,
  sessionCount,
  setCookiesOf,
  signInCookie,
  uniqueEmail,
} from "../support/admin-session";
import { type RouteFunction, routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();

type Role = "anonymous" | "inactive" | "admin" | "super_admin";
const roles: Role[] = ["anonymous", "inactive", "admin", "super_admin"];

/** The people of the matrix, created once; every test signs its actor in afresh. */
type People = { superAdmin: Admin; admin: Admin; inactive: Admin; target: Admin };
let people: People;

beforeAll(async () => {
  people = {
    superAdmin: await makeAdmin({ role: "super_admin", name: "Sade Super" }),
    admin: await makeAdmin({ role: "admin", name: "Ade Admin" }),
    inactive: await makeAdmin({ role: "admin", name: "Ina Inactive" }),
    target: await makeAdmin({ role: "admin", name: "Tayo Target" }),
  };
});

beforeEach(async () => {
  await database().db.delete(rateLimits);
  // Undo what earlier tests did: the target back to its first state, extra admins removed.
  await database()
    .db.update(admins)
    .set({ name: "Tayo Target", role: "admin", isActive: true })
    .where(eq(admins.id, people.target.id));
  const keep = new Set(Object.values(people).map((person) => person.userId));
  for (const row of await database().db.select({ userId: authUser.id }).from(authUser)) {
    if (!keep.has(row.userId))
      await database().db.delete(authUser).where(eq(authUser.id, row.userId));
  }
});

/** A signed-in actor: for `inactive`, signed in while active, then switched off in the database. */
async function actorFor(role: Role): Promise<{ cookie?: string; userId?: string }> {
  if (role === "anonymous") return {};
  if (role === "inactive") {
    return {
      cookie: await cookieAfterDeactivation(people.inactive),
      userId: people.inactive.userId,
    };
  }
  const person = role === "admin" ? people.admin : people.superAdmin;
  return { cookie: await signInCookie(person.email), userId: person.userId };
}

const adminsSnapshot = () => database().db.select().from(admins).orderBy(asc(admins.id));

// --- The matrix ------------------------------------------------------------------------------

type Context = { outcome: Outcome; actor: { cookie?: string; userId?: string } };
type Check = (context: Context) => void | Promise<void>;

type RouteCase = {
  /** Shown in the test name. */
  name: string;
  method: "GET" | "POST";
  path: string;
  params?: Record<string, string>;
  fields?: () => Record<string, string>;
  run: RouteFunction;
  /** What each role gets; anonymous and inactive default to the login redirects. */
  expect: Partial<Record<Role, Check>> & { admin: Check; super_admin: Check };
  /** Whether the call changes the admins table when allowed (checked unchanged otherwise). */
  writesAdmins?: boolean;
};

const isRedirect =
  (location: string): Check =>
  ({ outcome }) => {
    expect(outcome).toMatchObject({ kind: "redirect", status: 302, location });
  };

const isValue =
  (matcher: Record<string, unknown> | null): Check =>
  ({ outcome }) => {
    if (outcome.kind !== "value") throw new Error(`Expected loader data, got ${outcome.kind}`);
    if (matcher === null) expect(outcome.data).toBeNull();
    else expect(outcome.data).toMatchObject(matcher);
  };

const isData =
  (status: number, data: unknown): Check =>
  ({ outcome }) => {
    expect(outcome).toMatchObject({ kind: "data", status });
    if (outcome.kind === "data") expect(outcome.data).toEqual(data);
  };

const isResponse =
  (status: number): Check =>
  ({ outcome }) => {
    expect(outcome).toMatchObject({ kind: "response", status });
  };

const isFormError =
  (status: number, message: RegExp | string): Check =>
  ({ outcome }) => {
    expect(outcome).toMatchObject({ kind: "data", status });
    if (outcome.kind !== "data") throw new Error(`Expected data(), got ${outcome.kind}`);
    const errors = (outcome.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors[""]?.[0]).toMatch(message);
  };

const isFieldError =
  (status: number, field: string, message: string): Check =>
  ({ outcome }) => {
    expect(outcome).toMatchObject({ kind: "data", status });
    if (outcome.kind !== "data") throw new Error(`Expected data(), got ${outcome.kind}`);
    expect((outcome.data as ActionReply).result.error).toEqual({ [field]: [message] });
  };

/** Every session of the actor's account is gone (the guard revokes them all). */
const allSessionsEnded: Check = async ({ actor }) => {
  if (actor.userId) expect(await sessionCount(actor.userId)).toBe(0);
};

/** The session of the cookie the actor sent is gone. */
const thisSessionEnded: Check = async ({ actor }) => {
  expect(
    await readAdminSession(getRequest("/admin-portal/dashboard", { cookie: actor.cookie })),
  ).toEqual({ status: "anonymous" });
};

/**
 * Let through by the guard, whatever the page then does: for routes that other work is still
 * filling in (courses, messages), only the guard's part is pinned down here.
 */
const passesGuard: Check = ({ outcome }) => {
  if (outcome.kind === "redirect") expect(outcome.location).not.toMatch(/^\/admin-portal\/login/);
  if (outcome.kind === "data" || outcome.kind === "response") {
    expect([401, 403, 503]).not.toContain(outcome.status);
  }
};

const both =
  (...checks: Check[]): Check =>
  async (context) => {
    for (const check of checks) await check(context);
  };

/** Let through, answering with a (streamed) body, which is then closed. */
const passesGuardAndClose: Check = async (context) => {
  await passesGuard(context);
  const { outcome } = context;
  expect(outcome).toMatchObject({ kind: "response", status: 200 });
  if (outcome.kind === "response") await outcome.response.body?.cancel();
};

/** Past the guard, a 404 Response (no such record). */
const isNotFound: Check = ({ outcome }) => {
  expect(outcome).toMatchObject({ kind: "response", status: 404 });
};

/** A course id no course has: the intakes routes' guard answers before the course is looked up. */
const NO_SUCH_COURSE = "00000000-0000-4000-8000-000000000000";
/** An intake id no intake has: the class list answers 404 once past the guard. */
const NO_SUCH_INTAKE = "00000000-0000-4000-8000-000000000001";
/** A class session id no session has: its register answers 404 once past the guard. */
const NO_SUCH_SESSION = "00000000-0000-4000-8000-000000000002";
/** A tutor id no tutor has: their timetable answers 404 once past the guard. */
const NO_SUCH_TUTOR = "00000000-0000-4000-8000-000000000003";

/** The public verify page's answer for a serial never issued, to everyone alike. */
const unknownCertificate = isData(404, { outcome: "not-found", typed: "LTA-C-0000000000" });

const routeCases: RouteCase[] = [
  {
    name: "layout loader",
    method: "GET",
    path: "/admin-portal/dashboard",
    run: layoutRoute.loader,
    expect: {
      admin: isValue({ admin: { name: "Ade Admin", role: "admin" }, unreadCount: 0 }),
      super_admin: isValue({ admin: { name: "Sade Super", role: "super_admin" } }),
    },
  },
  {
    name: "index loader",
    method: "GET",
    path: "/admin-portal",
    run: indexRoute.loader,
    expect: {
      admin: isRedirect("/admin-portal/dashboard"),
      super_admin: isRedirect("/admin-portal/dashboard"),
    },
  },
  {
    name: "dashboard loader",
    method: "GET",
    path: "/admin-portal/dashboard",
    run: dashboardRoute.loader,
    expect: {
      admin: isValue({ adminName: "Ade Admin", stats: { admins: { total: 4 } } }),
      super_admin: isValue({ adminName: "Sade Super", activity: [] }),
    },
  },
  {
    name: "admins loader",
    method: "GET",
    path: "/admin-portal/admins?sort=name&dir=asc",
    run: adminsRoute.loader,
    expect: {
      admin: isData(403, { reason: "access-denied", role: "admin" }),
      super_admin: isValue({
        stats: { total: 4, superAdmins: 1 },
        list: { count: 4, currentPage: 1 },
        query: { sort: "name", dir: "asc" },
      }),
    },
  },
  {
    name: "admins action (create)",
    method: "POST",
    path: "/admin-portal/admins",
    writesAdmins: true,
    fields: () => ({
      intent: "create",
      name: "Matrix Created",
      email: uniqueEmail("matrix"),
      phone: "+234 809 000 0000",
      password: "matrix-secret",
      role: "admin",
      is_active: "true",
    }),
    run: adminsRoute.action,
    expect: {
      admin: isFormError(403, "Only super admins can create new admin users"),
      super_admin: both(isRedirect("/admin-portal/admins"), async () => {
        const created = await database()
          .db.select()
          .from(admins)
          .where(eq(admins.name, "Matrix Created"));
        expect(created).toHaveLength(1);
      }),
    },
  },
  {
    name: "admins action (update)",
    method: "POST",
    path: "/admin-portal/admins",
    writesAdmins: true,
    fields: () => ({
      intent: "update",
      id: people.target.id,
      name: "Tayo Renamed",
      phone: "+234 1",
      role: "admin",
      is_active: "true",
    }),
    run: adminsRoute.action,
    expect: {
      admin: isFormError(403, /^Only super admins can /),
      super_admin: both(isRedirect("/admin-portal/admins"), async () => {
        const [row] = await database()
          .db.select()
          .from(admins)
          .where(eq(admins.id, people.target.id));
        expect(row?.name).toBe("Tayo Renamed");
      }),
    },
  },
  {
    name: "admins action (delete)",
    method: "POST",
    path: "/admin-portal/admins",
    writesAdmins: true,
    fields: () => ({ intent: "delete", id: people.target.id }),
    run: adminsRoute.action,
    expect: {
      admin: isFormError(403, adminMessages.onlySuperAdminsDelete),
      super_admin: both(isRedirect("/admin-portal/admins"), async () => {
        const [row] = await database()
          .db.select()
          .from(admins)
          .where(eq(admins.id, people.target.id));
        expect(row?.isActive).toBe(false);
      }),
    },
  },
  {
    name: "students loader",
    method: "GET",
    path: "/admin-portal/students?status=new",
    run: studentsRoute.loader,
    expect: {
      admin: isValue({ query: { tab: "applications", status: "new" } }),
      super_admin: isValue({ applications: { list: { pagination: { page: 1 } } } }),
    },
  },
  {
    name: "students action",
    method: "POST",
    path: "/admin-portal/students",
    // Refused by the schema once let through: the guard's answer is what this row pins down.
    fields: () => ({ intent: "offer", id: NO_SUCH_COURSE, offerExpiresAt: "soon" }),
    run: studentsRoute.action,
    expect: {
      admin: isData(400, expect.objectContaining({ result: expect.anything() })),
      super_admin: isData(400, expect.objectContaining({ result: expect.anything() })),
    },
  },
  {
    name: "tutors loader",
    method: "GET",
    path: "/admin-portal/tutors",
    run: tutorsRoute.loader,
    expect: {
      admin: isValue({ tutors: [], modal: null }),
      super_admin: isValue({ tutors: [], modal: null }),
    },
  },
  {
    name: "tutors action",
    method: "POST",
    path: "/admin-portal/tutors",
    // Refused by the schema once let through: the guard's answer is what this row pins down.
    fields: () => ({ intent: "create", name: "", role: "" }),
    run: tutorsRoute.action,
    expect: {
      admin: isData(400, expect.objectContaining({ result: expect.anything() })),
      super_admin: isData(400, expect.objectContaining({ result: expect.anything() })),
    },
  },
  {
    name: "reports loader",
    method: "GET",
    path: "/admin-portal/reports?period=12w",
    run: reportsRoute.loader,
    expect: {
      admin: isValue({ period: { choice: "12w" }, error: null }),
      super_admin: isValue({ period: { choice: "12w" }, error: null }),
    },
  },
  {
    name: "settings loader",
    method: "GET",
    path: "/admin-portal/settings",
    run: settingsRoute.loader,
    expect: {
      admin: isValue({ profile: { name: "Ade Admin", role: "admin" }, outgoingMail: null }),
      super_admin: isValue({
        profile: { name: "Sade Super", role: "super_admin" },
        outgoingMail: { counts: { queued: 0, sent: 0, failed: 0 }, emails: [] },
      }),
    },
  },
  {
    name: "settings action (retry-email)",
    method: "POST",
    path: "/admin-portal/settings",
    fields: () => ({ intent: "retry-email", id: "00000000-0000-4000-8000-000000000000" }),
    run: settingsRoute.action,
    expect: {
      admin: isData(403, { reason: "access-denied", role: "admin" }),
      super_admin: isFormError(409, outgoingMailMessages.notFailed),
    },
  },
  {
    name: "personal data loader",
    method: "GET",
    path: "/admin-portal/personal-data?email=nobody%40example.com",
    run: personalDataRoute.loader,
    expect: {
      admin: isData(403, { reason: "access-denied", role: "admin" }),
      super_admin: isValue({ problem: null, records: { messages: [], applications: [] } }),
    },
  },
  {
    name: "personal data action (erase)",
    method: "POST",
    path: "/admin-portal/personal-data",
    fields: () => ({
      intent: "erase",
      email: "nobody@example.com",
      phone: "",
      confirm: "someone@else.com",
    }),
    run: personalDataRoute.action,
    expect: {
      admin: isData(403, { reason: "access-denied", role: "admin" }),
      super_admin: isFieldError(400, "confirm", personalDataMessages.confirmRequired),
    },
  },
  {
    name: "personal data export",
    method: "GET",
    path: "/admin-portal/personal-data/export?email=nobody%40example.com",
    run: personalDataExportRoute.loader,
    expect: {
      admin: isData(403, { reason: "access-denied", role: "admin" }),
      super_admin: passesGuard,
    },
  },
  {
    name: "courses loader",
    method: "GET",
    path: "/admin-portal/courses",
    run: coursesRoute.loader,
    expect: { admin: passesGuard, super_admin: passesGuard },
  },
  {
    name: "courses action",
    method: "POST",
    path: "/admin-portal/courses",
    fields: () => ({ intent: "no-such-intent" }),
    run: coursesRoute.action,
    expect: { admin: passesGuard, super_admin: passesGuard },
  },
  {
    name: "course intakes loader",
    method: "GET",
    path: `/admin-portal/courses/${NO_SUCH_COURSE}/intakes`,
    params: { courseId: NO_SUCH_COURSE },
    run: courseIntakesRoute.loader,
    expect: { admin: passesGuard, super_admin: passesGuard },
  },
  {
    name: "course intakes action",
    method: "POST",
    path: `/admin-portal/courses/${NO_SUCH_COURSE}/intakes`,
    params: { courseId: NO_SUCH_COURSE },
    // Refused by the schema once let through: the guard's answer is what this row pins down.
    fields: () => ({ intent: "cancel", id: NO_SUCH_COURSE, reason: "" }),
    run: courseIntakesRoute.action,
    expect: {
      admin: isData(400, expect.objectContaining({ result: expect.anything() })),
      super_admin: isData(400, expect.objectContaining({ result: expect.anything() })),
    },
  },
  {
    name: "messages action",
    method: "POST",
    path: "/admin-portal/messages",
    fields: () => ({ intent: "no-such-intent" }),
    run: messagesRoute.action,
    expect: { admin: passesGuard, super_admin: passesGuard },
  },
  {
    name: "saved replies loader",
    method: "GET",
    path: "/admin-portal/saved-replies",
    run: savedRepliesRoute.loader,
    expect: {
      admin: isValue({ replies: [], modal: null }),
      super_admin: isValue({ replies: [], modal: null }),
    },
  },
  {
    name: "saved replies action",
    method: "POST",
    path: "/admin-portal/saved-replies",
    // Refused by the schema once let through: the guard's answer is what this row pins down.
    fields: () => ({ intent: "create", title: "", body: "" }),
    run: savedRepliesRoute.action,
    expect: {
      admin: isData(400, expect.objectContaining({ result: expect.anything() })),
      super_admin: isData(400, expect.objectContaining({ result: expect.anything() })),
    },
  },
  {
    name: "discounts loader",
    method: "GET",
    path: "/admin-portal/discounts",
    run: discountsRoute.loader,
    expect: {
      admin: isValue({ creating: false }),
      super_admin: isValue({ creating: false }),
    },
  },
  {
    name: "discounts action",
    method: "POST",
    path: "/admin-portal/discounts",
    // Refused by the schema once let through: the guard's answer is what this row pins down.
    fields: () => ({ intent: "create", code: "", kind: "percent", value: "" }),
    run: discountsRoute.action,
    expect: {
      admin: isData(400, expect.objectContaining({ result: expect.anything() })),
      super_admin: isData(400, expect.objectContaining({ result: expect.anything() })),
    },
  },
  {
    name: "sponsors loader",
    method: "GET",
    path: "/admin-portal/sponsors",
    run: sponsorsRoute.loader,
    expect: {
      admin: isValue({ creating: false }),
      super_admin: isValue({ creating: false }),
    },
  },
  {
    name: "sponsors action",
    method: "POST",
    path: "/admin-portal/sponsors",
    // Refused by the schema once let through: the guard's answer is what this row pins down.
    fields: () => ({ intent: "create", sponsorName: "", seats: "" }),
    run: sponsorsRoute.action,
    expect: {
      admin: isData(400, expect.objectContaining({ result: expect.anything() })),
      super_admin: isData(400, expect.objectContaining({ result: expect.anything() })),
    },
  },
  {
    name: "sponsorship loader",
    method: "GET",
    path: `/admin-portal/sponsors/${NO_SUCH_INTAKE}`,
    params: { sponsorshipId: NO_SUCH_INTAKE },
    run: sponsorshipRoute.loader,
    expect: { admin: isData(404, null), super_admin: isData(404, null) },
  },
  {
    name: "sponsorship action",
    method: "POST",
    path: `/admin-portal/sponsors/${NO_SUCH_INTAKE}`,
    params: { sponsorshipId: NO_SUCH_INTAKE },
    fields: () => ({ intent: "new-link" }),
    run: sponsorshipRoute.action,
    expect: {
      admin: isFormError(404, sponsorMessages.notFound),
      super_admin: isFormError(404, sponsorMessages.notFound),
    },
  },
  {
    name: "staff invoice loader",
    method: "GET",
    path: `/admin-portal/sponsors/${NO_SUCH_INTAKE}/invoice`,
    params: { sponsorshipId: NO_SUCH_INTAKE },
    run: staffInvoiceRoute.loader,
    expect: { admin: isResponse(404), super_admin: isResponse(404) },
  },
  {
    name: "messages export loader",
    method: "GET",
    path: "/admin-portal/messages/export",
    run: messagesExportRoute.loader,
    expect: { admin: passesGuardAndClose, super_admin: passesGuardAndClose },
  },
  {
    name: "reports export loader",
    method: "GET",
    path: "/admin-portal/reports/export?period=4w",
    run: reportsExportRoute.loader,
    expect: { admin: passesGuardAndClose, super_admin: passesGuardAndClose },
  },
  {
    name: "students export loader",
    method: "GET",
    path: "/admin-portal/students/export",
    run: studentsExportRoute.loader,
    expect: { admin: passesGuardAndClose, super_admin: passesGuardAndClose },
  },
  {
    name: "payments export loader",
    method: "GET",
    path: "/admin-portal/students/payments-export?tab=payments",
    run: paymentsExportRoute.loader,
    expect: { admin: passesGuardAndClose, super_admin: passesGuardAndClose },
  },
  {
    name: "staff receipt loader",
    method: "GET",
    path: "/admin-portal/students/receipts/999999999",
    params: { number: "999999999" },
    run: staffReceiptRoute.loader,
    expect: { admin: isResponse(404), super_admin: isResponse(404) },
  },
  {
    name: "payment proof loader",
    method: "GET",
    path: `/admin-portal/payments/${NO_SUCH_INTAKE}/proof`,
    params: { paymentId: NO_SUCH_INTAKE },
    run: paymentProofRoute.loader,
    expect: { admin: isNotFound, super_admin: isNotFound },
  },
  {
    name: "mail attachment loader",
    method: "GET",
    path: `/admin-portal/messages/${NO_SUCH_INTAKE}/files/${NO_SUCH_INTAKE}`,
    params: { messageId: NO_SUCH_INTAKE, fileId: NO_SUCH_INTAKE },
    run: mailAttachmentRoute.loader,
    expect: { admin: isNotFound, super_admin: isNotFound },
  },
  {
    name: "class list loader",
    method: "GET",
    path: `/admin-portal/students/class-list?intake=${NO_SUCH_INTAKE}`,
    run: classListRoute.loader,
    expect: { admin: isData(404, null), super_admin: isData(404, null) },
  },
  {
    name: "intake timetable loader",
    method: "GET",
    path: `/admin-portal/intakes/${NO_SUCH_INTAKE}/timetable`,
    params: { intakeId: NO_SUCH_INTAKE },
    run: intakeTimetableRoute.loader,
    expect: { admin: isData(404, null), super_admin: isData(404, null) },
  },
  {
    name: "intake timetable action",
    method: "POST",
    path: `/admin-portal/intakes/${NO_SUCH_INTAKE}/timetable`,
    params: { intakeId: NO_SUCH_INTAKE },
    // Refused by the schema once let through: the guard's answer is what this row pins down.
    fields: () => ({ intent: "cancel", id: NO_SUCH_SESSION, notice: "" }),
    run: intakeTimetableRoute.action,
    expect: {
      admin: isData(400, expect.objectContaining({ result: expect.anything() })),
      super_admin: isData(400, expect.objectContaining({ result: expect.anything() })),
    },
  },
  {
    name: "timetable (week view) loader",
    method: "GET",
    path: "/admin-portal/timetable?week=2027-01-13",
    run: timetableRoute.loader,
    expect: {
      admin: isValue({ monday: "2027-01-11" }),
      super_admin: isValue({ monday: "2027-01-11" }),
    },
  },
  {
    name: "register loader",
    method: "GET",
    path: `/admin-portal/sessions/${NO_SUCH_SESSION}/register`,
    params: { sessionId: NO_SUCH_SESSION },
    run: registerRoute.loader,
    expect: { admin: isData(404, null), super_admin: isData(404, null) },
  },
  {
    name: "register action",
    method: "POST",
    path: `/admin-portal/sessions/${NO_SUCH_SESSION}/register`,
    params: { sessionId: NO_SUCH_SESSION },
    // An empty register is a valid post: past the guard, the session is looked up and missing.
    fields: () => ({ intent: "register" }),
    run: registerRoute.action,
    expect: {
      admin: isFormError(404, registerMessages.notFound),
      super_admin: isFormError(404, registerMessages.notFound),
    },
  },
  {
    name: "intake certificates loader",
    method: "GET",
    path: `/admin-portal/intakes/${NO_SUCH_INTAKE}/certificates`,
    params: { intakeId: NO_SUCH_INTAKE },
    run: intakeCertificatesRoute.loader,
    expect: { admin: isData(404, null), super_admin: isData(404, null) },
  },
  {
    name: "intake certificates action",
    method: "POST",
    path: `/admin-portal/intakes/${NO_SUCH_INTAKE}/certificates`,
    params: { intakeId: NO_SUCH_INTAKE },
    fields: () => ({ intent: "revoke", id: "LTA-C-0000000000", reason: "Test" }),
    run: intakeCertificatesRoute.action,
    expect: {
      admin: isFormError(404, certificateMessages.certificateNotFound),
      super_admin: isFormError(404, certificateMessages.certificateNotFound),
    },
  },
  {
    name: "staff certificate loader",
    method: "GET",
    path: "/admin-portal/certificates/LTA-C-0000000000.pdf",
    params: { file: "LTA-C-0000000000.pdf" },
    run: staffCertificateRoute.loader,
    expect: { admin: isResponse(404), super_admin: isResponse(404) },
  },
  {
    name: "settings action (signatory)",
    method: "POST",
    path: "/admin-portal/settings",
    fields: () => ({ intent: "signatory", signatoryName: "", signatoryTitle: "" }),
    run: settingsRoute.action,
    expect: {
      admin: isData(403, { reason: "access-denied", role: "admin" }),
      super_admin: isData(400, expect.objectContaining({ result: expect.anything() })),
    },
  },
  {
    name: "tutor timetable loader",
    method: "GET",
    path: `/admin-portal/tutors/${NO_SUCH_TUTOR}/timetable`,
    params: { tutorId: NO_SUCH_TUTOR },
    run: tutorTimetableRoute.loader,
    expect: { admin: isData(404, null), super_admin: isData(404, null) },
  },
  {
    name: "tutor timetable action",
    method: "POST",
    path: `/admin-portal/tutors/${NO_SUCH_TUTOR}/timetable`,
    params: { tutorId: NO_SUCH_TUTOR },
    fields: () => ({ intent: "replace-links" }),
    run: tutorTimetableRoute.action,
    expect: { admin: isData(404, null), super_admin: isData(404, null) },
  },
  {
    name: "inbox events loader",
    method: "GET",
    path: "/admin-portal/events",
    run: inboxEventsRoute.loader,
    expect: { admin: passesGuardAndClose, super_admin: passesGuardAndClose },
  },
  {
    name: "messages loader",
    method: "GET",
    path: "/admin-portal/messages",
    run: messagesRoute.loader,
    expect: { admin: passesGuard, super_admin: passesGuard },
  },
  {
    name: "not-found loader",
    method: "GET",
    path: "/admin-portal/no-such-page",
    params: { "*": "no-such-page" },
    run: notFoundRoute.loader,
    expect: { admin: isData(404, null), super_admin: isData(404, null) },
  },
  {
    name: "theme action",
    method: "POST",
    path: "/admin-portal/theme",
    fields: () => ({ theme: "dark", js: "1" }),
    run: themeRoute.action,
    expect: {
      admin: both(isData(200, { theme: "dark" }), ({ outcome }) => {
        expect(setCookiesOf(outcome)[0]).toMatch(/^admin-theme=/);
      }),
      super_admin: isData(200, { theme: "dark" }),
    },
  },
  {
    // Public: the same answer whoever asks, and nothing about the asker (issue 45).
    name: "certificate verify loader (public)",
    method: "GET",
    path: "/verify/LTA-C-0000000000",
    params: { serial: "LTA-C-0000000000" },
    run: verifyCertificateRoute.loader,
    expect: {
      anonymous: unknownCertificate,
      inactive: unknownCertificate,
      admin: unknownCertificate,
      super_admin: unknownCertificate,
    },
  },
  {
    name: "theme loader",
    method: "GET",
    path: "/admin-portal/theme",
    run: themeRoute.loader,
    expect: {
      anonymous: isRedirect("/admin-portal/dashboard"),
      inactive: isRedirect("/admin-portal/dashboard"),
      admin: isRedirect("/admin-portal/dashboard"),
      super_admin: isRedirect("/admin-portal/dashboard"),
    },
  },
  {
    name: "logout action",
    method: "POST",
    path: "/admin-portal/logout",
    run: logoutRoute.action,
    expect: {
      anonymous: isRedirect("/admin-portal/login"),
      inactive: both(isRedirect("/admin-portal/login"), thisSessionEnded),
      admin: both(isRedirect("/admin-portal/login"), thisSessionEnded),
      super_admin: both(isRedirect("/admin-portal/login"), thisSessionEnded),
    },
  },
  {
    name: "logout loader",
    method: "GET",
    path: "/admin-portal/logout",
    run: logoutRoute.loader,
    expect: {
      anonymous: isRedirect("/admin-portal/login"),
      inactive: isRedirect("/admin-portal/login"),
      admin: isRedirect("/admin-portal/login"),
      super_admin: isRedirect("/admin-portal/login"),
    },
  },
];

function requestFor(routeCase: RouteCase, cookie?: string, headers: Record<string, string> = {}) {
  return routeCase.method === "GET"
    ? getRequest(routeCase.path, { cookie, headers })
    : postRequest(routeCase.path, routeCase.fields?.() ?? {}, { cookie, headers });
}

/** What anonymous visitors and inactive admins get from a guarded route. */
function defaultCheck(routeCase: RouteCase, role: "anonymous" | "inactive"): Check {
  const location = loginLocation(
    routeCase.method,
    new URL(routeCase.path, "http://x").pathname + new URL(routeCase.path, "http://x").search,
    role === "inactive" ? "inactive" : undefined,
  );
  return role === "anonymous"
    ? isRedirect(location)
    : both(isRedirect(location), allSessionsEnded, thisSessionEnded);
}

type RouteEntry = { file: string; path?: string; index?: boolean; children?: RouteEntry[] };
type RouteModule = { loader?: RouteFunction; action?: RouteFunction };

/** Every route module under /admin-portal, by its file in app/routes.ts. */
const routeModules: Record<string, RouteModule> = {
  "routes/admin/layout.tsx": layoutRoute,
  "routes/admin/index.ts": indexRoute,
  "routes/admin/dashboard.tsx": dashboardRoute,
  "routes/admin/admins.tsx": adminsRoute,
  "routes/admin/students.tsx": studentsRoute,
  "routes/admin/class-list.tsx": classListRoute,
  "routes/admin/reports.tsx": reportsRoute,
  "routes/admin/settings.tsx": settingsRoute,
  "routes/admin/courses.tsx": coursesRoute,
  "routes/admin/course-intakes.tsx": courseIntakesRoute,
  "routes/admin/intake-timetable.tsx": intakeTimetableRoute,
  "routes/admin/intake-certificates.tsx": intakeCertificatesRoute,
  "routes/admin/timetable.tsx": timetableRoute,
  "routes/admin/register.tsx": registerRoute,
  "routes/admin/messages.tsx": messagesRoute,
  "routes/admin/saved-replies.tsx": savedRepliesRoute,
  "routes/admin/discounts.tsx": discountsRoute,
  "routes/admin/sponsors.tsx": sponsorsRoute,
  "routes/admin/sponsorship.tsx": sponsorshipRoute,
  "routes/resources/staff-invoice.ts": staffInvoiceRoute,
  "routes/admin/tutors.tsx": tutorsRoute,
  "routes/admin/tutor-timetable.tsx": tutorTimetableRoute,
  "routes/admin/not-found.tsx": notFoundRoute,
  "routes/admin/theme.ts": themeRoute,
  "routes/admin/logout.ts": logoutRoute,
  "routes/resources/messages-export.ts": messagesExportRoute,
  "routes/resources/reports-export.ts": reportsExportRoute,
  "routes/resources/personal-data-export.ts": personalDataExportRoute,
  "routes/admin/personal-data.tsx": personalDataRoute,
  "routes/resources/students-export.ts": studentsExportRoute,
  "routes/resources/payments-export.ts": paymentsExportRoute,
  "routes/resources/staff-receipt.ts": staffReceiptRoute,
  "routes/resources/staff-certificate.ts": staffCertificateRoute,
  "routes/resources/payment-proof.ts": paymentProofRoute,
  "routes/resources/mail-attachment.ts": mailAttachmentRoute,
  "routes/resources/inbox-events.ts": inboxEventsRoute,
};

/** Sign-in pages: public by design (tested in auth.test.ts). */
const publicPaths = [
  "admin-portal/login",
  "admin-portal/forgot-password",
  "admin-portal/reset-password",
  "admin-portal/sign-in-link",
];

function adminPortalEntries(entries: RouteEntry[]): RouteEntry[] {
  const found: RouteEntry[] = [];
  for (const entry of entries) {
    const children = adminPortalEntries(entry.children ?? []);
    const isAdmin = entry.path?.startsWith("admin-portal") || children.length > 0;
    if (isAdmin && !publicPaths.includes(entry.path ?? "")) found.push(entry);
    found.push(...children);
  }
  return found;
}

/** A route's path with its `:params` matching any one segment. */
const pathPattern = (path: string) => new RegExp(`^${path.replace(/:[^/]+/g, "[^/]+")}$`);

const matrix = routeCases.flatMap((routeCase) =>
  roles.map((role) => ({ routeCase, role, label: `${routeCase.name} as ${role}` })),
);

describe("authorization matrix", () => {
  it("has a row for every loader and action under /admin-portal in app/routes.ts", () => {
    const entries = adminPortalEntries(routeConfig as RouteEntry[]);
    expect(entries.length).toBeGreaterThan(10);
    for (const entry of entries) {
      const module = routeModules[entry.file];
      // A new route file: import it above, add it to routeModules and give it rows.
      expect(module, `${entry.file} is not in the matrix`).toBeDefined();
      if (!module) continue;
      const path = entry.path === undefined ? undefined : `/${entry.path.replace("*", "")}`;
      for (const handler of [module.loader, module.action]) {
        if (!handler) continue;
        const rows = routeCases.filter(
          (routeCase) =>
            routeCase.run === handler &&
            (path === undefined ||
              (path.endsWith("/")
                ? new URL(routeCase.path, ORIGIN).pathname.startsWith(path)
                : pathPattern(path).test(new URL(routeCase.path, ORIGIN).pathname))),
        );
        expect(rows.length, `no row for ${entry.file} at ${path ?? "(layout)"}`).toBeGreaterThan(0);
      }
    }
  });

  it.each(matrix)("$label", async ({ routeCase, role }) => {
    const actor = await actorFor(role);
    const before = await adminsSnapshot();
    const outcome = await outcomeOf(() =>
      routeCase.run(routeArgs(requestFor(routeCase, actor.cookie), routeCase.params ?? {})),
    );
    const check =
      routeCase.expect[role] ??
      defaultCheck(routeCase, role === "anonymous" ? "anonymous" : "inactive");
    await check({ outcome, actor });

    const allowed = (role === "admin" || role === "super_admin") && outcome.kind === "redirect";
    if (routeCase.writesAdmins && !allowed) {
      // A refused write leaves the admins table as it was (the inactive actor's own row aside).
      const after = await adminsSnapshot();
      const ignoreInactive = (rows: Admin[]) => rows.filter((row) => row.id !== people.inactive.id);
      expect(ignoreInactive(after)).toEqual(ignoreInactive(before));
    }
  });
});

// --- Cross-site writes -----------------------------------------------------------------------

describe("cross-site POSTs", () => {
  const posts = routeCases.filter((routeCase) => routeCase.method === "POST");

  it.each(posts.map((routeCase) => ({ routeCase, label: routeCase.name })))(
    "$label refuses an Origin of another site with 403",
    async ({ routeCase }) => {
      const actor = await actorFor("super_admin");
      const before = await adminsSnapshot();
      const outcome = await outcomeOf(() =>
        routeCase.run(
          routeArgs(requestFor(routeCase, actor.cookie, { origin: "https://evil.example" })),
        ),
      );
      expect(outcome).toMatchObject({ kind: "data", status: 403 });
      expect(await adminsSnapshot()).toEqual(before);
      const session = await readAdminSession(
        getRequest("/admin-portal/dashboard", { cookie: actor.cookie }),
      );
      expect(session.status).toBe("active");
    },
  );

  it("accepts a POST from the portal's own origin and one without an Origin header", async () => {
    const actor = await actorFor("admin");
    for (const headers of [{ origin: "http://localhost:3000" }, { origin: "" }]) {
      const request = postRequest(
        "/admin-portal/theme",
        { theme: "dark", js: "1" },
        {
          cookie: actor.cookie,
          headers,
        },
      );
      if (!headers.origin) request.headers.delete("origin");
      const outcome = await outcomeOf(() => themeRoute.action(routeArgs(request)));
      expect(outcome).toMatchObject({ kind: "data", status: 200 });
    }
  });
});

// --- Details -----------------------------------------------------------------------------------

describe("theme action", () => {
  it("sets the admin-theme cookie the server reads on the next request", async () => {
    const actor = await actorFor("admin");
    for (const theme of ["dark", "light"] as const) {
      const outcome = await outcomeOf(() =>
        themeRoute.action(
          routeArgs(
            postRequest("/admin-portal/theme", { theme, js: "1" }, { cookie: actor.cookie }),
          ),
        ),
      );
      const cookie = setCookiesOf(outcome)[0] ?? "";
      expect(cookie).toMatch(/^admin-theme=/);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).toMatch(/Max-Age=31536000/);
      expect(
        await readAdminTheme(getRequest("/admin-portal", { cookie: cookie.split(";")[0] })),
      ).toBe(theme);
    }
  });

  it("without JavaScript, goes back to the portal page it came from, never elsewhere", async () => {
    const actor = await actorFor("admin");
    const cases = [
      ["http://localhost:3000/admin-portal/settings?x=1", "/admin-portal/settings"],
      ["https://evil.example/elsewhere", "/admin-portal/dashboard"],
      ["", "/admin-portal/dashboard"],
      // A malformed Referer (only a hand-made request sends one) still gets a redirect.
      ["not a url", "/admin-portal/dashboard"],
    ] as const;
    for (const [referer, location] of cases) {
      const outcome = await outcomeOf(() =>
        themeRoute.action(
          routeArgs(
            postRequest(
              "/admin-portal/theme",
              { theme: "dark" },
              { cookie: actor.cookie, headers: referer ? { referer } : {} },
            ),
          ),
        ),
      );
      expect(outcome).toMatchObject({ kind: "redirect", location });
      expect(setCookiesOf(outcome)[0]).toMatch(/^admin-theme=/);
    }
  });
});

describe("guards", () => {
  it("an inactive admin is signed out on their next request and stays out", async () => {
    const actor = await actorFor("inactive");
    const first = await outcomeOf(() =>
      settingsRoute.loader(
        routeArgs(getRequest("/admin-portal/settings", { cookie: actor.cookie })),
      ),
    );
    expect(first).toMatchObject({
      kind: "redirect",
      location: "/admin-portal/login?redirectTo=%2Fadmin-portal%2Fsettings&reason=inactive",
    });
    // Reactivated later, the old cookie still does not work: the session was revoked.
    await database()
      .db.update(admins)
      .set({ isActive: true })
      .where(eq(admins.id, people.inactive.id));
    const second = await outcomeOf(() =>
      settingsRoute.loader(
        routeArgs(getRequest("/admin-portal/settings", { cookie: actor.cookie })),
      ),
    );
    expect(second).toMatchObject({
      kind: "redirect",
      location: "/admin-portal/login?redirectTo=%2Fadmin-portal%2Fsettings",
    });
  });

  it("a failed session check gives 503 with the auth-error reason", async () => {
    const actor = await actorFor("admin");
    setDatabase(undefined);
    try {
      const outcome = await outcomeOf(() =>
        dashboardRoute.loader(
          routeArgs(getRequest("/admin-portal/dashboard", { cookie: actor.cookie })),
        ),
      );
      expect(outcome).toMatchObject({ kind: "data", status: 503, data: { reason: "auth-error" } });
    } finally {
      setDatabase(database());
    }
  });

  it("a forged or unknown session cookie is anonymous", async () => {
    const outcome = await outcomeOf(() =>
      dashboardRoute.loader(
        routeArgs(
          getRequest("/admin-portal/dashboard", {
            cookie: "better-auth.session_token=forged.value",
          }),
        ),
      ),
    );
    expect(outcome).toMatchObject({ kind: "redirect", location: "/admin-portal/login" });
  });
});
