import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { type Admin, applications, courses, intakes, outgoingEmails } from "~/db/schema";
import { applicationMessages } from "~/features/applications/application-messages";
import {
  applyForIntake,
  findApplicationByToken,
  sendApplicationLinks,
  takeApplicantStep,
} from "~/features/applications/applications.server";
import { expireOffer, offerFreePlaces, remindOffer } from "~/features/applications/offers.server";
import {
  admissionMessages,
  declineApplication,
  enrolApplication,
  offerApplication,
  waitlistApplication,
  withdrawApplication,
} from "~/features/applications/staff/admissions.server";
import { deleteCourse } from "~/features/courses/admin/course-admin.server";
import { courseMessages } from "~/features/courses/admin/course-form-schema";
import { makeAdmin } from "../support/admin-session";
import {
  applicantInput,
  applicationByEmail,
  applicationsOf,
  nth,
  openIntake,
  origin,
  placesTakenOf,
  timelineKinds,
  tokenFromText,
} from "../support/application-fixtures";
import { lastEmailTo } from "../support/outgoing-mail";
import { rejection } from "../support/rejection";
import { setupTestDatabase } from "../support/test-database";

setupTestDatabase();
let staff: Admin;

beforeAll(async () => {
  staff = await makeAdmin({ role: "admin", name: "Ade Admin" });
});

describe("applying", () => {
  it("stores a reviewed intake's application as new, with a reference, an e-mail and a private link", async () => {
    const { intake } = await openIntake();
    const input = applicantInput();
    const outcome = await applyForIntake(intake.id, input, origin);
    expect(outcome.status).toBe("new");
    const stored = await applicationByEmail(input.email);
    expect(stored).toMatchObject({ status: "new", phone: input.phone, answeredAt: null });
    const email = await lastEmailTo(input.email);
    expect(email.subject).toContain(`LTA-A-${String(outcome.reference).padStart(6, "0")}`);
    const page = await findApplicationByToken(tokenFromText(email.body));
    expect(page).toMatchObject({ reference: outcome.reference, status: "new" });
    expect(await placesTakenOf(intake.id)).toBe(0);
    expect(await timelineKinds(stored.id)).toEqual(["applied", "email"]);
  });

  it("offers first-come places at once, then waitlists in the order people applied", async () => {
    const { intake } = await openIntake({ admissionMode: "first-come", seats: 2 });
    const inputs = [applicantInput(), applicantInput(), applicantInput(), applicantInput()];
    for (const input of inputs) await applyForIntake(intake.id, input, origin);
    const rows = await applicationsOf(intake.id);
    expect(rows.map((row) => row.status)).toEqual([
      "offered",
      "offered",
      "waitlisted",
      "waitlisted",
    ]);
    expect(await placesTakenOf(intake.id)).toBe(2);
    const fourth = await findApplicationByToken(
      tokenFromText((await lastEmailTo(nth(inputs, 3).email)).body),
    );
    expect(fourth?.waitlistPlace).toBe(2);
  });

  it("refuses a second live application from one address, whatever its case", async () => {
    const { intake } = await openIntake();
    const input = applicantInput();
    await applyForIntake(intake.id, input, origin);
    const again = await rejection(
      applyForIntake(intake.id, { ...input, email: input.email.toUpperCase() }, origin),
    );
    expect(again).toMatchObject({ message: applicationMessages.alreadyApplied, field: "email" });
  });

  it.each([
    [{ status: "closed" as const }, applicationMessages.closed],
    [{ status: "cancelled" as const, cancelReason: "Tutor ill" }, applicationMessages.cancelled],
    [{ status: "draft" as const }, applicationMessages.notOpen],
    [{ enrolmentOpensAt: new Date(Date.now() + 86_400_000) }, applicationMessages.notYetOpen],
    [{ enrolmentClosesAt: new Date(Date.now() - 1000) }, applicationMessages.closed],
  ])("refuses an intake that takes no applications (%o)", async (fields, message) => {
    const { intake } = await openIntake(fields);
    expect(await rejection(applyForIntake(intake.id, applicantInput(), origin))).toMatchObject({
      message,
      status: 409,
    });
    expect(await applicationsOf(intake.id)).toEqual([]);
  });
});

describe("a course taken off the site", () => {
  it("takes no applications for its intakes", async () => {
    const { course, intake } = await openIntake();
    await db().update(courses).set({ isActive: false }).where(eq(courses.id, course.id));
    expect(await rejection(applyForIntake(intake.id, applicantInput(), origin))).toMatchObject({
      message: applicationMessages.notOpen,
      status: 404,
    });
  });
});

describe("places are never oversold", () => {
  it("refuses at the database a place beyond the seats, whatever the code does", async () => {
    const { intake } = await openIntake({ seats: 1 });
    await applyForIntake(intake.id, applicantInput(), origin);
    await applyForIntake(intake.id, applicantInput(), origin);
    const rows = await applicationsOf(intake.id);
    const [first, second] = [nth(rows, 0), nth(rows, 1)];
    await db()
      .update(applications)
      .set({ status: "accepted" })
      .where(eq(applications.id, first.id));
    const oversold = await rejection(
      db().update(applications).set({ status: "enrolled" }).where(eq(applications.id, second.id)),
    );
    expect(String((oversold as { cause?: unknown })?.cause ?? oversold)).toContain(
      "intakes_places_within_seats",
    );
    expect(await placesTakenOf(intake.id)).toBe(1);
  });

  it("refuses fewer seats than the places taken", async () => {
    const { intake } = await openIntake({ admissionMode: "first-come", seats: 3 });
    for (let n = 0; n < 2; n++) await applyForIntake(intake.id, applicantInput(), origin);
    const shrink = await rejection(
      db().update(intakes).set({ seats: 1 }).where(eq(intakes.id, intake.id)),
    );
    expect(shrink).not.toBeNull();
  });

  it("refuses an offer by staff when the intake is full", async () => {
    const { intake } = await openIntake({ seats: 1 });
    await applyForIntake(intake.id, applicantInput(), origin);
    await applyForIntake(intake.id, applicantInput(), origin);
    const rows = await applicationsOf(intake.id);
    const [first, second] = [nth(rows, 0), nth(rows, 1)];
    await offerApplication(staff, first.id, new Date(Date.now() + 3_600_000));
    const refused = await rejection(
      offerApplication(staff, second.id, new Date(Date.now() + 3_600_000)),
    );
    expect(refused).toMatchObject({ message: admissionMessages.full, status: 409 });
  });
});

describe("the applicant's steps", () => {
  it("accepts an offer before its deadline and refuses after it", async () => {
    const { intake } = await openIntake({ admissionMode: "first-come" });
    const early = applicantInput();
    const late = applicantInput();
    await applyForIntake(intake.id, early, origin);
    await applyForIntake(intake.id, late, origin);
    await takeApplicantStep(tokenFromText((await lastEmailTo(early.email)).body), "accept");
    expect(await applicationByEmail(early.email)).toMatchObject({ status: "accepted" });
    const lateToken = tokenFromText((await lastEmailTo(late.email)).body);
    const afterDeadline = new Date(Date.now() + 100 * 3_600_000);
    expect(await rejection(takeApplicantStep(lateToken, "accept", afterDeadline))).toMatchObject({
      message: applicationMessages.offerEnded,
    });
    expect(await timelineKinds((await applicationByEmail(early.email)).id)).toContain("accepted");
  });

  it("gives a declined place to the first in line of a first-come intake, in order", async () => {
    const { intake } = await openIntake({ admissionMode: "first-come", seats: 1 });
    const people = [applicantInput(), applicantInput(), applicantInput()];
    for (const person of people) await applyForIntake(intake.id, person, origin);
    await takeApplicantStep(
      tokenFromText((await lastEmailTo(nth(people, 0).email)).body),
      "decline",
    );
    expect((await applicationsOf(intake.id)).map((row) => row.status)).toEqual([
      "declined",
      "offered",
      "waitlisted",
    ]);
    expect((await lastEmailTo(nth(people, 1).email)).subject).toContain("A place is yours");
    const third = await findApplicationByToken(
      tokenFromText((await lastEmailTo(nth(people, 2).email)).body),
    );
    expect(third?.waitlistPlace).toBe(1);
    expect(await placesTakenOf(intake.id)).toBe(1);
  });

  it("alerts staff, and offers nobody, when a place frees in a reviewed intake", async () => {
    const { intake } = await openIntake({ seats: 1 });
    const [first, second] = [applicantInput(), applicantInput()];
    await applyForIntake(intake.id, first, origin);
    await applyForIntake(intake.id, second, origin);
    const rows = await applicationsOf(intake.id);
    expect(rows.map((row) => row.status)).toEqual(["new", "new"]);
    await offerApplication(staff, nth(rows, 0).id, new Date(Date.now() + 3_600_000));
    await waitlistApplication(staff, nth(rows, 1).id);
    await takeApplicantStep(tokenFromText((await lastEmailTo(first.email)).body), "withdraw");
    expect((await applicationsOf(intake.id)).map((row) => row.status)).toEqual([
      "withdrawn",
      "waitlisted",
    ]);
  });

  it("refuses a step the application no longer allows, and a link that opens nothing", async () => {
    const { intake } = await openIntake();
    const input = applicantInput();
    await applyForIntake(intake.id, input, origin);
    const token = tokenFromText((await lastEmailTo(input.email)).body);
    expect(await rejection(takeApplicantStep(token, "accept"))).toMatchObject({
      message: applicationMessages.moveNotAllowed,
    });
    expect(await rejection(takeApplicantStep("x".repeat(43), "withdraw"))).toMatchObject({
      status: 404,
    });
    expect(await findApplicationByToken("not a token")).toBeNull();
  });
});

describe("offers' reminders and expiry", () => {
  it("reminds once, and expires an offer past its deadline, offering the place on", async () => {
    const { intake } = await openIntake({ admissionMode: "first-come", seats: 1 });
    const [first, second] = [applicantInput(), applicantInput()];
    await applyForIntake(intake.id, first, origin);
    await applyForIntake(intake.id, second, origin);
    const offer = await applicationByEmail(first.email);
    const job = { id: offer.id, deadline: String(offer.offerExpiresAt?.toISOString()) };
    await remindOffer(job);
    await remindOffer(job);
    expect(
      (await timelineKinds(offer.id)).filter((kind) => kind === "offer-reminded"),
    ).toHaveLength(1);
    await expireOffer(job, new Date(Date.now() - 1000));
    expect(await applicationByEmail(first.email)).toMatchObject({ status: "offered" });
    await expireOffer(job, new Date(Number(offer.offerExpiresAt?.getTime()) + 1000));
    expect(await applicationByEmail(first.email)).toMatchObject({ status: "expired" });
    expect(await applicationByEmail(second.email)).toMatchObject({ status: "offered" });
    expect((await lastEmailTo(first.email)).body).toContain("gone to the next person in line");
  });

  it("sends no reminder when the job runs after the deadline, before the expiry job ran", async () => {
    const { intake } = await openIntake({ admissionMode: "first-come", seats: 1 });
    const input = applicantInput();
    await applyForIntake(intake.id, input, origin);
    const offer = await applicationByEmail(input.email);
    const deadline = Number(offer.offerExpiresAt?.getTime());
    const job = { id: offer.id, deadline: new Date(deadline).toISOString() };
    await remindOffer(job, new Date(deadline + 1000));
    expect(await timelineKinds(offer.id)).not.toContain("offer-reminded");
    expect((await lastEmailTo(input.email)).subject).not.toContain("Your offer ends soon");
  });

  it("does not tell of a next person in line when nobody is waiting", async () => {
    const { intake } = await openIntake({ admissionMode: "first-come", seats: 1 });
    const input = applicantInput();
    await applyForIntake(intake.id, input, origin);
    const offer = await applicationByEmail(input.email);
    const deadline = Number(offer.offerExpiresAt?.getTime());
    await expireOffer(
      { id: offer.id, deadline: new Date(deadline).toISOString() },
      new Date(deadline + 1000),
    );
    const email = await lastEmailTo(input.email);
    expect(email.subject).toContain("Your offer has ended");
    expect(email.body).not.toContain("next person");
    expect(email.body).toContain("was not accepted in time, so the offer has ended.");
  });
});

describe("intakes and courses with applications", () => {
  it("offers new seats of a first-come intake to the next in line", async () => {
    const { intake } = await openIntake({ admissionMode: "first-come", seats: 1 });
    const people = [applicantInput(), applicantInput(), applicantInput()];
    for (const person of people) await applyForIntake(intake.id, person, origin);
    await db().update(intakes).set({ seats: 2 }).where(eq(intakes.id, intake.id));
    await offerFreePlaces(intake.id);
    expect((await applicationsOf(intake.id)).map((row) => row.status)).toEqual([
      "offered",
      "offered",
      "waitlisted",
    ]);
  });

  it("refuses to delete a course people applied for, with a way out", async () => {
    const { course, intake } = await openIntake();
    await applyForIntake(intake.id, applicantInput(), origin);
    expect(await rejection(deleteCourse(staff, course.id))).toMatchObject({
      message: courseMessages.hasApplications,
      status: 409,
    });
    expect(await applicationsOf(intake.id)).toHaveLength(1);
  });
});

describe("staff decisions", () => {
  it("declines with staff's words, enrols, and withdraws, each in the timeline", async () => {
    const { intake } = await openIntake({ seats: 2 });
    const [a, b] = [applicantInput(), applicantInput()];
    await applyForIntake(intake.id, a, origin);
    await applyForIntake(intake.id, b, origin);
    const rows = await applicationsOf(intake.id);
    const [rowA, rowB] = [nth(rows, 0), nth(rows, 1)];
    await declineApplication(staff, rowA.id, {
      subject: "About your application",
      text: "Sorry, not this time.",
    });
    expect((await lastEmailTo(a.email)).body).toBe("Sorry, not this time.");
    await offerApplication(staff, rowB.id, new Date(Date.now() + 3_600_000));
    await enrolApplication(staff, rowB.id);
    expect(await placesTakenOf(intake.id)).toBe(1);
    await withdrawApplication(staff, rowB.id);
    expect(await placesTakenOf(intake.id)).toBe(0);
    expect(await timelineKinds(rowB.id)).toEqual([
      "applied",
      "email",
      "offered",
      "enrolled",
      "withdrawn",
    ]);
    expect(await rejection(enrolApplication(staff, rowA.id))).toMatchObject({
      message: admissionMessages.moved,
    });
  });
});

describe("find my application", () => {
  it("sends working links to the address's applications, and nothing to an unknown address", async () => {
    const { intake } = await openIntake();
    const input = applicantInput();
    await applyForIntake(intake.id, input, origin);
    const before = await db().select().from(outgoingEmails);
    await sendApplicationLinks("nobody@example.com");
    expect(await db().select().from(outgoingEmails)).toHaveLength(before.length);
    await sendApplicationLinks(input.email.toUpperCase());
    const email = await lastEmailTo(input.email.toUpperCase());
    expect(email.subject).toBe("Your applications");
    expect(await findApplicationByToken(tokenFromText(email.body))).toMatchObject({
      status: "new",
    });
  });
});
