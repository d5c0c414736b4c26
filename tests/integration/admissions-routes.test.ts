import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { applications, messages, savedReplies } from "~/db/schema";
import { formatApplicationReference } from "~/features/applications/application-rules";
import { applyForIntake } from "~/features/applications/applications.server";
import { admissionMessages } from "~/features/applications/staff/admissions.server";
import { admissionFormMessages } from "~/features/applications/staff/admissions-schema";
import { lagosInputFromInstant } from "~/lib/format/dates";
import { action, loader } from "~/routes/admin/students";
import {
  getRequest,
  makeAdmin,
  type Outcome,
  outcomeOf,
  postRequest,
  signedInAdmin,
} from "../support/admin-session";
import {
  applicantInput,
  applicationByEmail,
  openIntake,
  origin,
  timelineKinds,
} from "../support/application-fixtures";
import { lastEmailTo } from "../support/outgoing-mail";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

setupTestDatabase();

const PAGE = "/admin-portal/students";
let cookie: string;

beforeAll(async () => {
  ({ cookie } = await signedInAdmin({ role: "admin", name: "Ade Admin" }));
});

const load = (path: string, withCookie = true) =>
  outcomeOf(() => loader(routeArgs(getRequest(path, { cookie: withCookie ? cookie : undefined }))));
const post = (fields: Record<string, string>, path = PAGE, withCookie = true) =>
  outcomeOf(() =>
    action(routeArgs(postRequest(path, fields, { cookie: withCookie ? cookie : undefined }))),
  );

type Loaded = Awaited<ReturnType<typeof loader>>;
const loaded = (outcome: Outcome) => {
  expect(outcome.kind).toBe("value");
  return (outcome as { data: Loaded }).data;
};
const formError = (outcome: Outcome) =>
  (outcome as { data: { result: { error: Record<string, string[]> } } }).data.result.error;

async function applied(fields: Parameters<typeof applicantInput>[1] = {}, intakeFields = {}) {
  const { intake, course } = await openIntake(intakeFields);
  const input = applicantInput(undefined, fields);
  await applyForIntake(intake.id, input, origin);
  return { intake, course, application: await applicationByEmail(input.email) };
}

const future = (hours: number) => lagosInputFromInstant(new Date(Date.now() + hours * 3_600_000));

describe("the Students page's loader", () => {
  it("sends a visitor without a session to the login page", async () => {
    const outcome = await load(PAGE, false);
    expect(outcome).toMatchObject({ kind: "redirect", status: 302 });
    if (outcome.kind === "redirect") expect(outcome.location).toMatch(/^\/admin-portal\/login/);
  });

  it("lists applications by intake, status and search, with counts, clocks and the intakes", async () => {
    const { intake, course, application } = await applied({ fullName: "Chiamaka Obi" });
    const data = loaded(await load(`${PAGE}?intake=${intake.id}`));
    const rows = data.applications?.list.applications ?? [];
    expect(rows.map((row) => row.id)).toEqual([application.id]);
    expect(rows[0]).toMatchObject({ courseTitle: course.title, intakeLabel: "Next intake" });
    expect(data.applications?.counts.new).toBe(1);
    expect(data.applications?.intakes).toContainEqual({
      id: intake.id,
      courseTitle: course.title,
      label: "Next intake",
      startsOn: intake.startsOn,
      endsOn: intake.endsOn,
    });

    const reference = formatApplicationReference(application.reference);
    for (const q of [
      reference,
      "chiamaka",
      application.email.toUpperCase(),
      `0${application.phone.slice(4)}`,
    ]) {
      const found = loaded(await load(`${PAGE}?q=${encodeURIComponent(q)}`));
      expect(found.applications?.list.applications.map((row) => row.id)).toContain(application.id);
    }
    const none = loaded(await load(`${PAGE}?intake=${intake.id}&status=offered`));
    expect(none.applications?.list.applications).toEqual([]);
  });

  it("shows the waitlist in line order with each place", async () => {
    const { intake } = await openIntake({ seats: 1, admissionMode: "first-come" });
    for (let n = 0; n < 3; n += 1) await applyForIntake(intake.id, applicantInput(), origin);
    const data = loaded(await load(`${PAGE}?intake=${intake.id}&status=waitlisted&sort=line`));
    expect(data.applications?.list.applications.map((row) => row.waitlistPlace)).toEqual([1, 2]);
  });

  it("opens an application: marked viewed, with its timeline and the person's messages", async () => {
    const { application } = await applied();
    await db().insert(messages).values({
      formType: "contact",
      fullName: application.fullName,
      email: application.email.toUpperCase(),
      subject: "About my application",
      message: "Hello",
    });
    const data = loaded(await load(`${PAGE}?id=${application.id}`));
    expect(data.applications?.application?.id).toBe(application.id);
    const entries = data.applications?.timeline?.entries ?? [];
    expect(entries.map((entry) => entry.kind)).toEqual(["applied", "email", "viewed"]);
    expect(entries.at(-1)?.actor).toBe("Ade Admin");
    expect(entries.find((entry) => entry.email)?.email).toMatchObject({
      status: "queued",
      recipients: [application.email],
    });
    expect(data.applications?.person?.messages.map((message) => message.subject)).toEqual([
      "About my application",
    ]);
    // Opening it again records nothing new.
    await load(`${PAGE}?id=${application.id}`);
    expect(await timelineKinds(application.id)).toEqual(["applied", "email", "viewed"]);
  });

  it("leaves the Students tab's data out", async () => {
    const data = loaded(await load(`${PAGE}?tab=students`));
    expect(data.applications).toBeNull();
  });
});

describe("the Students page's actions", () => {
  it("sends a visitor without a session to the login page and changes nothing", async () => {
    const { application } = await applied();
    const outcome = await post({ intent: "waitlist", id: application.id }, PAGE, false);
    expect(outcome).toMatchObject({ kind: "redirect", status: 302 });
    expect((await applicationByEmail(application.email)).status).toBe("new");
  });

  it("answers bad input with 400 and the schema's message", async () => {
    const { application } = await applied();
    const outcome = await post({ intent: "offer", id: application.id, offerExpiresAt: "soon" });
    expect(outcome).toMatchObject({ kind: "data", status: 400 });
    expect(formError(outcome).offerExpiresAt).toEqual([admissionFormMessages.deadlineInvalid]);
    const unknown = await post({ intent: "promote", id: application.id });
    expect(unknown).toMatchObject({ kind: "data", status: 400 });
    const blank = await post({ intent: "decline", id: application.id, subject: "", text: "" });
    expect(formError(blank).subject).toEqual([admissionFormMessages.subjectRequired]);
  });

  it("offers a place until the chosen Lagos time, back to the open application", async () => {
    const { application } = await applied();
    const outcome = await post(
      { intent: "offer", id: application.id, offerExpiresAt: "2099-01-02T15:30" },
      `${PAGE}?status=new&id=${application.id}&confirm=offer`,
    );
    expect(outcome).toMatchObject({
      kind: "redirect",
      location: `${PAGE}?status=new&id=${application.id}`,
    });
    const after = await applicationByEmail(application.email);
    expect(after.status).toBe("offered");
    expect(after.offerExpiresAt?.toISOString()).toBe("2099-01-02T14:30:00.000Z");
  });

  it("refuses an offer when the intake is full, and one in the past", async () => {
    const { intake } = await openIntake({ seats: 1 });
    const first = applicantInput();
    const second = applicantInput();
    await applyForIntake(intake.id, first, origin);
    await applyForIntake(intake.id, second, origin);
    const one = await applicationByEmail(first.email);
    const two = await applicationByEmail(second.email);
    expect(await post({ intent: "offer", id: one.id, offerExpiresAt: future(72) })).toMatchObject({
      kind: "redirect",
    });
    const full = await post({ intent: "offer", id: two.id, offerExpiresAt: future(72) });
    expect(full).toMatchObject({ kind: "data", status: 409 });
    expect(formError(full)[""]).toEqual([admissionMessages.full]);
    const past = await post({ intent: "offer", id: two.id, offerExpiresAt: future(-2) });
    expect(past).toMatchObject({ kind: "data", status: 400 });
    expect(formError(past).offerExpiresAt).toEqual([admissionMessages.deadlinePast]);
  });

  it("declines with staff's e-mail, its placeholders filled and a fresh private link", async () => {
    const { application, course } = await applied({ fullName: "Tunde Bakare" });
    const outcome = await post({
      intent: "decline",
      id: application.id,
      subject: "About {course}",
      text: "Dear {name}, {intake} starting {start_date} is full. Your page: {application_link}",
    });
    expect(outcome).toMatchObject({ kind: "redirect" });
    expect((await applicationByEmail(application.email)).status).toBe("declined");
    const email = await lastEmailTo(application.email);
    expect(email.subject).toMatch(new RegExp(`^About ${course.title} \\[LTA-A-`));
    expect(email.body).toMatch(
      /^Dear Tunde, Next intake starting .+ is full\. Your page: http.+\/application\/[A-Za-z0-9_-]{43}$/,
    );
    // A decline is final: declining again is refused.
    const again = await post({ intent: "decline", id: application.id, subject: "x", text: "y" });
    expect(again).toMatchObject({ kind: "data", status: 409 });
    expect(formError(again)[""]).toEqual([admissionMessages.moved]);
  });

  it("waitlists, enrols and withdraws, each refused from a status it does not apply to", async () => {
    const { application } = await applied();
    expect(await post({ intent: "enrol", id: application.id })).toMatchObject({
      kind: "data",
      status: 409,
    });
    expect(await post({ intent: "waitlist", id: application.id })).toMatchObject({
      kind: "redirect",
    });
    expect((await applicationByEmail(application.email)).status).toBe("waitlisted");
    await post({ intent: "offer", id: application.id, offerExpiresAt: future(72) });
    expect(await post({ intent: "enrol", id: application.id })).toMatchObject({
      kind: "redirect",
    });
    expect(await post({ intent: "withdraw", id: application.id })).toMatchObject({
      kind: "redirect",
    });
    expect((await applicationByEmail(application.email)).status).toBe("withdrawn");
    expect(await post({ intent: "withdraw", id: application.id })).toMatchObject({
      kind: "data",
      status: 409,
    });
  });

  it("saves notes and the assignee; an unknown application is 404", async () => {
    const { application } = await applied();
    const colleague = await makeAdmin({ name: "Bisi Colleague" });
    expect(await post({ intent: "notes", id: application.id, notes: "Call her" })).toMatchObject({
      kind: "redirect",
    });
    expect(
      await post({ intent: "assign", id: application.id, assignedTo: colleague.id }),
    ).toMatchObject({ kind: "redirect" });
    const [row] = await db().select().from(applications).where(eq(applications.id, application.id));
    expect(row).toMatchObject({ adminNotes: "Call her", assignedTo: colleague.id });
    const data = loaded(await load(`${PAGE}?id=${application.id}`));
    expect(
      data.applications?.timeline?.entries.find((entry) => entry.kind === "assigned")?.detail,
    ).toEqual({ from: null, to: "Bisi Colleague" });
    const missing = await post({
      intent: "notes",
      id: "00000000-0000-4000-8000-000000000000",
      notes: "x",
    });
    expect(missing).toMatchObject({ kind: "data", status: 404 });
  });

  it("fills saved replies for the open application, the link left for the e-mail", async () => {
    const { application } = await applied({ fullName: "Ngozi Eze" });
    await db()
      .insert(savedReplies)
      .values({ title: "Full", body: "Hello {name}, {intake} is full. {application_link}" });
    const data = loaded(await load(`${PAGE}?id=${application.id}&confirm=decline`));
    expect(data.applications?.confirm).toBe("decline");
    expect(data.applications?.savedReplies.map((reply) => reply.text)).toContain(
      "Hello Ngozi, Next intake is full. {application_link}",
    );
  });
});
