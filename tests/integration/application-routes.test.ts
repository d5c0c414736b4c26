import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { applications, outgoingEmails, rateLimits } from "~/db/schema";
import { nextStepText, stepNotices } from "~/features/applications/applicant/next-step";
import { applicationMessages } from "~/features/applications/application-messages";
import { applyForIntake } from "~/features/applications/applications.server";
import { addDays, lagosToday } from "~/lib/format/dates";
import type { ActionReply } from "~/lib/forms/action-reply";
import { CLIENT_ADDRESS_HEADER } from "~/lib/http/client-address";
import * as applyRoute from "~/routes/site/apply";
import * as findRoute from "~/routes/site/find-application";
import * as myRoute from "~/routes/site/my-application";
import {
  applicantInput,
  applicationByEmail,
  applicationsOf,
  myApplicationPage,
  openIntake,
  origin,
  postOnMyApplication,
  tokenFromText,
  tokenOf,
} from "../support/application-fixtures";
import { lastEmailTo } from "../support/outgoing-mail";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

setupTestDatabase();

beforeEach(async () => {
  await db().delete(rateLimits);
});

type Reply = { data: ActionReply; init: ResponseInit | null };
const statusOf = (reply: Reply) => reply.init?.status ?? 200;
const headerOf = (reply: Reply, name: string) => new Headers(reply.init?.headers).get(name);

let visitor = 0;
/** A POST from its own visitor address (each test's rate limit is its own). */
function post(path: string, fields: Record<string, string>, address = `198.51.100.${++visitor}`) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { [CLIENT_ADDRESS_HEADER]: address },
  });
}

const applyFields = (n: number, extra: Record<string, string> = {}) => {
  const { consent, ...input } = applicantInput(n);
  return { ...input, phone: "0803 123 4567", consent, website: "", ...extra };
};

const apply = (intakeId: string, fields: Record<string, string>, address?: string) =>
  applyRoute.action(
    routeArgs(post(`/apply/${intakeId}`, fields, address), { intakeId }),
  ) as Promise<Reply>;

const thrownStatus = (run: Promise<unknown>) =>
  run.then(
    () => null,
    (error: { init?: ResponseInit; status?: number }) => error.init?.status ?? error.status,
  );

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("the apply page", () => {
  it("shows an open intake with its places and no refusal, and 404s an unknown one", async () => {
    const { intake, course } = await openIntake();
    const page = await applyRoute.loader(
      routeArgs(new Request("http://localhost/apply"), {
        intakeId: intake.id,
      }),
    );
    expect(page).toMatchObject({ course: { title: course.title }, full: false, refusal: null });
    expect(page.places[0]).toEqual({ term: "Places", value: "Last 3 places" });
    expect(
      await thrownStatus(
        applyRoute.loader(
          routeArgs(new Request("http://localhost/apply"), {
            intakeId: "5b1e4c3a-0000-4000-8000-00000000abcd",
          }),
        ),
      ),
    ).toBe(404);
  });

  it("says a closed or cancelled intake takes no applications, and hides drafts", async () => {
    const request = new Request("http://localhost/apply");
    const closed = (await openIntake({ status: "closed" })).intake;
    const cancelled = (
      await openIntake({ status: "cancelled", cancelReason: "Too few applicants" })
    ).intake;
    const draft = (await openIntake({ status: "draft" })).intake;
    expect((await applyRoute.loader(routeArgs(request, { intakeId: closed.id }))).refusal).toBe(
      applicationMessages.closed,
    );
    expect((await applyRoute.loader(routeArgs(request, { intakeId: cancelled.id }))).refusal).toBe(
      applicationMessages.cancelled,
    );
    expect(await thrownStatus(applyRoute.loader(routeArgs(request, { intakeId: draft.id })))).toBe(
      404,
    );
  });

  it("answers an application with its reference and what happens next", async () => {
    const { intake } = await openIntake();
    const reply = await apply(intake.id, applyFields(101));
    expect(statusOf(reply)).toBe(200);
    expect(reply.data.notice).toMatch(
      new RegExp(
        `^${escapeRegExp(applicationMessages.received)} Your reference is LTA-A-\\d{6}\\. We will read your application and answer within 24 hours\\.$`,
      ),
    );
    const stored = await applicationByEmail("applicant-101@example.com");
    expect(stored).toMatchObject({
      status: "new",
      phone: "+2348031234567",
      ipAddress: "198.51.100.1",
    });
  });

  it("tells a first-come applicant to accept by the deadline, and the next their place in line", async () => {
    const { intake } = await openIntake({ admissionMode: "first-come", seats: 1 });
    const offered = await apply(intake.id, applyFields(102));
    expect(offered.data.notice).toMatch(
      /A place is held for you: please accept it by .+ \(Lagos time\)\.$/,
    );
    const waiting = await apply(intake.id, applyFields(103));
    expect(waiting.data.notice).toContain("place 1 in line");
    const page = await applyRoute.loader(
      routeArgs(new Request("http://localhost/apply"), { intakeId: intake.id }),
    );
    expect(page).toMatchObject({ full: true, refusal: null });
  });

  it("refuses a second application from one address on the email field, 409", async () => {
    const { intake } = await openIntake();
    await apply(intake.id, applyFields(104));
    const again = await apply(intake.id, applyFields(104));
    expect(statusOf(again)).toBe(409);
    expect(again.data.result.error?.email).toEqual([applicationMessages.alreadyApplied]);
    expect(again.data.notice).toBeNull();
  });

  it("refuses a closed intake for the whole form, and an invalid form field by field", async () => {
    const { intake } = await openIntake({ status: "closed" });
    const closed = await apply(intake.id, applyFields(105));
    expect(statusOf(closed)).toBe(409);
    expect(closed.data.result.error?.[""]).toEqual([applicationMessages.closed]);
    const invalid = await apply(intake.id, applyFields(106, { goals: "", consent: "" }));
    expect(statusOf(invalid)).toBe(400);
    expect(Object.keys(invalid.data.result.error ?? {})).toEqual(
      expect.arrayContaining(["goals", "consent"]),
    );
  });

  it("answers a filled honeypot like a success and stores nothing", async () => {
    const { intake } = await openIntake();
    const reply = await apply(intake.id, applyFields(107, { website: "https://spam.example" }));
    expect(reply.data.notice).toMatch(/Your reference is LTA-A-[5-9]\d{5}\./);
    expect(await applicationsOf(intake.id)).toEqual([]);
  });

  it("limits one visitor to the public forms' budget, 429 with Retry-After", async () => {
    const { intake } = await openIntake({ seats: 20 });
    // Refused as a second application, each still uses up the visitor's budget.
    for (let n = 0; n < 5; n++)
      expect(statusOf(await apply(intake.id, applyFields(110), "203.0.113.77"))).not.toBe(429);
    const refused = await apply(intake.id, applyFields(110), "203.0.113.77");
    expect(statusOf(refused)).toBe(429);
    expect(Number(headerOf(refused, "Retry-After"))).toBeGreaterThan(0);
    expect(refused.data.result.error?.[""]).toEqual([applicationMessages.rateLimited]);
    expect(await applicationsOf(intake.id)).toHaveLength(1);
  });

  it("takes the applications of many people behind one mobile network address", async () => {
    const { intake } = await openIntake({ seats: 20 });
    for (let n = 0; n < 12; n++)
      expect(statusOf(await apply(intake.id, applyFields(140 + n), "203.0.113.78"))).toBe(200);
    expect(await applicationsOf(intake.id)).toHaveLength(12);
  });
});

describe("'My application'", () => {
  it("is private, uncached, unindexed, and its address is never sent to another site", () => {
    const headers = new Headers(
      myRoute.headers({} as Parameters<typeof myRoute.headers>[0]) as HeadersInit,
    );
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(headers.get("Referrer-Policy")).toBe("same-origin");
    expect(headers.get("X-Robots-Tag")).toBe("noindex");
  });

  it("shows an offer with its deadline and time left, asks once, and accepts with PRG", async () => {
    const { intake } = await openIntake({ admissionMode: "first-come" });
    const input = applicantInput(120);
    await applyForIntake(intake.id, input, origin);
    const token = await tokenOf(input.email);
    const path = `/application/${token}`;
    const page = await myApplicationPage(token, "?confirm=accept");
    expect(page.application).toMatchObject({ status: "offered", offerOpen: true });
    expect(page.application.timeLeft).toMatch(/^2 days 23 h left$|^3 days 0 h left$/);
    expect(page.available).toEqual(["accept", "decline", "withdraw"]);
    expect(page.confirm).toBe("accept");

    const done = (await postOnMyApplication(token, { intent: "accept" })) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(path);
    expect(done.headers.get("Set-Cookie")).toContain("academy-flash");
    expect(stepNotices.accept).toContain("You accepted your place");
    expect((await applicationByEmail(input.email)).status).toBe("accepted");

    const after = await myApplicationPage(token);
    expect(after.application.history.map((step) => step.kind)).toEqual([
      "applied",
      "offered",
      "accepted",
    ]);
    expect(after.available).toEqual(["withdraw"]);
  });

  it("shows beside the offer what accepting today costs, early bird included, and the ways to pay", async () => {
    const today = lagosToday();
    const { intake } = await openIntake({
      admissionMode: "first-come",
      price: 18_000_000,
      earlyBirdPrice: 15_000_000,
      earlyBirdEndsOn: addDays(today, 5),
      paymentPlans: ["two-instalments"],
    });
    const input = applicantInput(122);
    await applyForIntake(intake.id, input, origin);
    const page = await myApplicationPage(await tokenOf(input.email));
    expect(page.application.offerTerms).toMatchObject({
      price: 15_000_000,
      earlyBird: expect.stringMatching(/^Early bird ₦150,000 until .+ \(save ₦30,000\)$/),
    });
    expect(page.application.offerTerms?.plans.map((plan) => plan.label)).toEqual([
      "Pay in full",
      "Two instalments",
    ]);
    expect(page.application.offerTerms?.plans[1]?.terms).toMatch(/^₦75,000 now, ₦75,000 on /);
  });

  it("shows an offer past its deadline as ended before the expiry job runs: no terms, only withdrawing", async () => {
    const { intake } = await openIntake({ admissionMode: "first-come" });
    const input = applicantInput(123);
    await applyForIntake(intake.id, input, origin);
    await db()
      .update(applications)
      .set({ offerExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(applications.email, input.email));
    const page = await myApplicationPage(await tokenOf(input.email), "?confirm=accept");
    expect(page.application).toMatchObject({ status: "offered", offerOpen: false });
    expect(page.application.timeLeft).toBeNull();
    expect(page.application.offerTerms).toBeNull();
    expect(page.available).toEqual(["withdraw"]);
    expect(page.confirm).toBeNull();
    expect(nextStepText(page.application)).toMatch(/^The offer was not accepted by its deadline/);
  });

  it("refuses a step the application no longer allows, 409, and ignores an unavailable confirm", async () => {
    const { intake } = await openIntake();
    const input = applicantInput(121);
    await applyForIntake(intake.id, input, origin);
    const token = await tokenOf(input.email);
    const page = await myApplicationPage(token, "?confirm=accept");
    expect(page.confirm).toBeNull();
    const refused = (await postOnMyApplication(token, { intent: "accept" })) as Reply;
    expect(statusOf(refused)).toBe(409);
    expect(refused.data.result.error?.[""]).toEqual([applicationMessages.moveNotAllowed]);
  });

  it("answers an unknown link 404", async () => {
    const token = "A".repeat(43);
    expect(await thrownStatus(myApplicationPage(token))).toBe(404);
  });
});

describe("'Find my application'", () => {
  const find = (email: string, address?: string) =>
    findRoute.action(
      routeArgs(post("/application", { email, website: "" }, address)),
    ) as Promise<Reply>;
  const linkEmailsTo = async (email: string) =>
    (
      await db()
        .select({ id: outgoingEmails.id })
        .from(outgoingEmails)
        .where(
          sql`${email} = any(${outgoingEmails.recipients}) and ${outgoingEmails.subject} = 'Your applications'`,
        )
    ).length;

  it("answers the same whether or not the address applied, and e-mails only an applicant", async () => {
    const { intake } = await openIntake();
    const input = applicantInput(130);
    await applyForIntake(intake.id, input, origin);
    const before = await linkEmailsTo(input.email);
    const known = await find(input.email);
    const unknown = await find("nobody-130@example.com");
    expect(known.data.notice).toBe(applicationMessages.linkSent);
    expect(unknown.data.notice).toBe(applicationMessages.linkSent);
    expect(await linkEmailsTo(input.email)).toBe(before + 1);
    expect(await linkEmailsTo("nobody-130@example.com")).toBe(0);
  });

  it("replaces every link sent before: an old one opens and changes nothing and says so", async () => {
    const { intake } = await openIntake({ admissionMode: "first-come" });
    const input = applicantInput(132);
    await applyForIntake(intake.id, input, origin);
    const old = await tokenOf(input.email);
    await find(input.email);
    const email = await lastEmailTo(input.email);
    expect(email.body).toContain("Links sent before no longer work.");
    const fresh = tokenFromText(email.body);
    expect(fresh).not.toBe(old);

    expect(await thrownStatus(myApplicationPage(old))).toBe(410);
    for (const intent of ["accept", "decline", "withdraw", "pay", "choose-plan"])
      expect(await thrownStatus(postOnMyApplication(old, { intent, plan: "full" }))).toBe(410);
    expect((await applicationByEmail(input.email)).status).toBe("offered");
    expect(applicationMessages.linkReplaced).toContain("get a new one below");

    expect((await myApplicationPage(fresh)).application.status).toBe("offered");
    expect(((await postOnMyApplication(fresh, { intent: "accept" })) as Response).status).toBe(302);
    // A link sent after (the acceptance's) opens the page beside the one asked for.
    expect((await myApplicationPage(await tokenOf(input.email))).application.status).toBe(
      "accepted",
    );
    expect((await myApplicationPage(fresh)).application.status).toBe("accepted");
  });

  it("e-mails one address at most three times a day, whoever asks, and still answers the same", async () => {
    const { intake } = await openIntake();
    const input = applicantInput(131);
    await applyForIntake(intake.id, input, origin);
    const before = await linkEmailsTo(input.email);
    for (let n = 0; n < 4; n++) {
      const reply = await find(input.email, `192.0.2.${n + 1}`);
      expect(reply.data.notice).toBe(applicationMessages.linkSent);
    }
    expect(await linkEmailsTo(input.email)).toBe(before + 3);
  });

  it("limits one visitor, 429, and not the others behind their network address", async () => {
    for (let n = 0; n < 5; n++) await find("someone@example.com", "192.0.2.200");
    expect(statusOf(await find("someone-else@example.com", "192.0.2.200"))).toBe(200);
    const refused = await find("someone@example.com", "192.0.2.200");
    expect(statusOf(refused)).toBe(429);
    expect(headerOf(refused, "Retry-After")).not.toBeNull();
  });

  it("ignores a filled honeypot with the same answer", async () => {
    const reply = (await findRoute.action(
      routeArgs(post("/application", { email: "bot@example.com", website: "x" })),
    )) as Reply;
    expect(reply.data.notice).toBe(applicationMessages.linkSent);
  });
});
