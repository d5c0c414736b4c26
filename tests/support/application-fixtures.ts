import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  applicationEvents,
  applications,
  courses,
  instalments,
  intakes,
  type NewIntake,
} from "~/db/schema";
import type { ApplicationInput } from "~/features/applications/application-schema";
import { addDays, lagosToday, startOfLagosDate } from "~/lib/format/dates";
import * as checkoutReturnRoute from "~/routes/site/checkout-return";
import * as myApplicationRoute from "~/routes/site/my-application";
import { lastEmailTo } from "./outgoing-mail";
import { routeArgs } from "./route-args";

let counter = 0;

/** A valid application from a new person each call (`n` picks the address). */
export function applicantInput(
  n = ++counter,
  fields: Partial<ApplicationInput> = {},
): ApplicationInput {
  return {
    fullName: `Applicant ${n}`,
    email: `applicant-${n}@example.com`,
    phone: `+23480${String(n).padStart(8, "0")}`,
    experienceLevel: "Complete beginner",
    goals: "I want to become a data analyst at a bank.",
    heardFrom: "WhatsApp",
    consent: "on",
    ...fields,
  };
}

export const origin = { ipAddress: "203.0.113.9", userAgent: "test" };

/** An active course with one open intake starting in a month: `fields` overrides the intake. */
export async function openIntake(fields: Partial<NewIntake> = {}, now = new Date()) {
  const slug = `course-${Math.random().toString(36).slice(2, 10)}`;
  const [course] = await db()
    .insert(courses)
    .values({ slug, title: `Course ${slug}`, description: "A course", isActive: true })
    .returning();
  if (!course) throw new Error("no course");
  const startsOn = addDays(lagosToday(now), 30);
  const [intake] = await db()
    .insert(intakes)
    .values({
      courseId: course.id,
      label: "Next intake",
      startsOn,
      endsOn: addDays(startsOn, 60),
      seats: 3,
      enrolmentClosesAt: startOfLagosDate(addDays(startsOn, -1)),
      price: 25_000_000,
      status: "open",
      ...fields,
    })
    .returning();
  if (!intake) throw new Error("no intake");
  return { course, intake };
}

export async function applicationsOf(intakeId: string) {
  return db()
    .select()
    .from(applications)
    .where(eq(applications.intakeId, intakeId))
    .orderBy(asc(applications.reference));
}

export async function applicationByEmail(email: string) {
  const [row] = await db().select().from(applications).where(eq(applications.email, email));
  if (!row) throw new Error(`no application from ${email}`);
  return row;
}

/** An application's status now. */
export async function statusOf(applicationId: string) {
  const [row] = await db()
    .select({ status: applications.status })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return row?.status;
}

/** An application's instalments, in order. */
export const scheduleOf = (applicationId: string) =>
  db()
    .select()
    .from(instalments)
    .where(eq(instalments.applicationId, applicationId))
    .orderBy(asc(instalments.number));

export async function timelineKinds(applicationId: string) {
  const rows = await db()
    .select({ kind: applicationEvents.kind })
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, applicationId))
    .orderBy(asc(applicationEvents.createdAt));
  return rows.map((row) => row.kind);
}

export async function placesTakenOf(intakeId: string) {
  const [row] = await db()
    .select({ placesTaken: intakes.placesTaken })
    .from(intakes)
    .where(eq(intakes.id, intakeId));
  return row?.placesTaken;
}

/** The private link the latest e-mail to `email` carries, as its token. */
export function tokenFromText(text: string) {
  const token = text.match(/\/application\/([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error("no link in the e-mail");
  return token;
}

/** The private link of the newest e-mail to an address, as its token. */
export async function tokenOf(email: string) {
  return tokenFromText((await lastEmailTo(email)).body);
}

const myApplicationUrl = (token: string) => `http://localhost/application/${token}`;

/** The applicant's 'My application' page (`search` as `?confirm=accept`), as its loader gives it. */
export const myApplicationPage = (token: string, search = "") =>
  myApplicationRoute.loader(
    routeArgs(new Request(`${myApplicationUrl(token)}${search}`), { token }),
  );

/** A form posted on the applicant's 'My application' page: a step, a plan, a payment. */
export const postOnMyApplication = (token: string, fields: Record<string, string>) =>
  myApplicationRoute.action(
    routeArgs(
      new Request(myApplicationUrl(token), { method: "POST", body: new URLSearchParams(fields) }),
      { token },
    ),
  );

/** The item at `index`, which the test knows is there. */
export function nth<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

/**
 * An accepted place in a new intake, accepted `acceptedOn` (Lagos), its plans as given, for a
 * new applicant (or the one `person` describes).
 */
export async function acceptedPlace(
  intakeFields: Partial<NewIntake> = {},
  acceptedOn = lagosToday(),
  person: Partial<ApplicationInput> = {},
) {
  const { intake } = await openIntake({
    paymentPlans: ["full", "two-instalments"],
    ...intakeFields,
  });
  const { consent: _, ...answers } = applicantInput(undefined, person);
  const [application] = await db()
    .insert(applications)
    .values({
      intakeId: intake.id,
      ...answers,
      consentGiven: true,
      status: "accepted",
      acceptedAt: new Date(`${acceptedOn}T12:00:00+01:00`),
    })
    .returning();
  if (!application) throw new Error("no application");
  return { intake, application };
}

/**
 * A browser coming back from the checkout to `back` (the callback URL with its reference):
 * the one that left 'My application' for it when `leaving` is the answer to its 'Pay now'.
 */
export function comeBackFromCheckout(back: string, leaving?: Response) {
  const cookie = leaving?.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  return checkoutReturnRoute.loader(routeArgs(new Request(back, { headers: { cookie } }), {}));
}
