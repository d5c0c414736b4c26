import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Admin, courses, messages, rateLimits } from "~/db/schema";
import { formMessages } from "~/features/messages/form-options";
import { notAllowedMessage } from "~/lib/text/outside-text";
import * as adminsRoute from "~/routes/admin/admins";
import * as coursesRoute from "~/routes/admin/courses";
import * as loginRoute from "~/routes/admin/login";
import * as messagesRoute from "~/routes/admin/messages";
import * as messagesExportRoute from "~/routes/resources/messages-export";
import * as contactRoute from "~/routes/site/contact";
import * as coursePageRoute from "~/routes/site/course";
import * as homeRoute from "~/routes/site/home";
import {
  getRequest,
  outcomeOf,
  PASSWORD,
  postRequest,
  signedInAdmin,
} from "../support/admin-session";
import { courseFields, multipartRequest } from "../support/course-fixtures";
import { insertMessage, insertMessages, parseCsv } from "../support/inbox-fixtures";
import { type RouteFunction, routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

/** Text with a NUL, which PostgreSQL refuses in any text value. */
const NUL = "\u0000";

const database = setupTestDatabase();
let cookie: string;
let superAdmin: Admin;

beforeAll(async () => {
  ({ admin: superAdmin, cookie } = await signedInAdmin({
    role: "super_admin",
    name: "Sade Super",
  }));
});

beforeEach(async () => {
  await database().db.delete(messages);
  await database().db.delete(rateLimits);
  await database().db.delete(courses);
});

const errorsOf = (outcome: { kind: string; data?: unknown }) =>
  (outcome.data as { result: { error?: Record<string, string[]> } }).result.error;

/** A valid contact message with `fields` changed, sent with `headers`. */
const sendContact = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  outcomeOf(() =>
    contactRoute.action(
      routeArgs(
        postRequest(
          "/contact",
          {
            name: "Ada Eze",
            email: "ada@example.com",
            subject: "Other",
            message: "I would like to know more.",
            ...fields,
          },
          { headers },
        ),
      ),
    ),
  );

describe("text with control characters from outside", () => {
  it("a course slug with a NUL is not found", async () => {
    const outcome = await outcomeOf(() =>
      coursePageRoute.loader(routeArgs(getRequest("/course/%00"), { slug: NUL })),
    );
    expect(outcome.status).toBe(404);
  });

  it("a contact message with a NUL is refused with a message, and uses no rate-limit slot", async () => {
    const outcome = await outcomeOf(() =>
      contactRoute.action(
        routeArgs(
          postRequest("/contact", {
            name: `Ada${NUL}eze`,
            email: "ada@example.com",
            subject: "Other",
            message: "I would like to know more.",
          }),
        ),
      ),
    );
    expect(outcome.status).toBe(400);
    expect(errorsOf(outcome)?.name).toEqual([notAllowedMessage("Full name")]);
    expect(await database().db.select().from(rateLimits)).toEqual([]);
    expect(await database().db.select().from(messages)).toEqual([]);
  });

  it.each([
    ["an Arabic letter mark", "\u061c"],
    ["a line separator", "\u2028"],
    ["a Hangul filler", "\u3164"],
    ["a soft hyphen", "\u00ad"],
    ["a tag character", "\u{e0041}"],
  ])("a contact message whose text holds %s is refused", async (_, character) => {
    const outcome = await sendContact({ message: `I would like${character} to know more.` });
    expect(outcome.status).toBe(400);
    expect(errorsOf(outcome)?.message).toEqual([notAllowedMessage("Message")]);
    expect(await database().db.select().from(messages)).toEqual([]);
  });

  it("an e-mail address with a noncharacter is refused", async () => {
    const outcome = await sendContact({ email: "ada\uffff@example.com" });
    expect(outcome.status).toBe(400);
    expect(await database().db.select().from(messages)).toEqual([]);
  });

  it("a User-Agent or Referer with a C1 control character is not stored", async () => {
    const headers = { "user-agent": "Mozilla/5.0\u0085\u009b", referer: "https://x.test/\u0090" };
    const outcome = await sendContact({}, headers);
    expect(outcome.status).toBeLessThan(400);
    const [stored] = await database().db.select().from(messages);
    expect(stored).toMatchObject({ userAgent: null, referrer: null });
  });

  it("a course FAQ answer with a NUL is refused next to its field", async () => {
    const outcome = await outcomeOf(() =>
      coursesRoute.action(
        routeArgs(
          multipartRequest(
            "/admin-portal/courses",
            courseFields({ intent: "create", "faqs[0].answer": `Yes${NUL}` }),
            { cookie },
          ),
        ),
      ),
    );
    expect(outcome.status).toBe(400);
    expect(errorsOf(outcome)?.["faqs[0].answer"]).toEqual([notAllowedMessage("Answer")]);
    expect(await database().db.select().from(courses)).toEqual([]);
  });

  it("a sign-in with a NUL in the email is refused next to the field", async () => {
    const outcome = await outcomeOf(() =>
      loginRoute.action(
        routeArgs(
          postRequest("/admin-portal/login", {
            email: `sade${NUL}@example.com`,
            password: PASSWORD,
          }),
        ),
      ),
    );
    expect(outcome.status).toBe(400);
    expect(errorsOf(outcome)?.email).toEqual([notAllowedMessage("Email")]);
  });

  it("a sign-in whose redirectTo holds a NUL goes to the dashboard", async () => {
    const outcome = await outcomeOf(() =>
      loginRoute.action(
        routeArgs(
          postRequest("/admin-portal/login", {
            email: superAdmin.email,
            password: PASSWORD,
            redirectTo: `/admin-portal/messages${NUL}`,
          }),
        ),
      ),
    );
    expect(outcome).toMatchObject({ kind: "redirect", location: "/admin-portal/dashboard" });
  });

  it("inbox notes with a NUL are refused with a message, and the notes stay as they were", async () => {
    const message = await insertMessage({ adminNotes: "Called back" });
    const outcome = await outcomeOf(() =>
      messagesRoute.action(
        routeArgs(
          postRequest(
            "/admin-portal/messages",
            { intent: "notes", id: message.id, notes: `Left a voicemail${NUL}` },
            { cookie },
          ),
        ),
      ),
    );
    expect(outcome).toMatchObject({ kind: "data", status: 400 });
    expect(outcome.kind === "data" && outcome.data).toMatchObject({
      result: { status: "error", error: { notes: [notAllowedMessage("Notes")] } },
      notice: null,
    });
    const [stored] = await database().db.select().from(messages);
    expect(stored?.adminNotes).toBe("Called back");
  });

  it("searches with a NUL in the URL show the unfiltered lists", async () => {
    const portal = async (route: { loader: RouteFunction }, path: string) =>
      outcomeOf(() => route.loader(routeArgs(getRequest(path, { cookie }))));
    for (const [route, path] of [
      [coursesRoute, "/admin-portal/courses?q=%00"],
      [adminsRoute, "/admin-portal/admins?q=%00"],
      [messagesRoute, "/admin-portal/messages?q=%00"],
    ] as const) {
      const outcome = await portal(route, path);
      expect(outcome.kind, path).toBe("value");
      if (outcome.kind === "value") {
        expect((outcome.data as { query: { q: string } }).query.q, path).toBe("");
      }
    }
  });

  it("the CSV export with a NUL in its search has every message, not only the header", async () => {
    await insertMessages([{ fullName: "Ada Eze" }, { fullName: "Bola Ade" }]);
    const outcome = await outcomeOf(() =>
      messagesExportRoute.loader(
        routeArgs(getRequest("/admin-portal/messages/export?q=%00", { cookie })),
      ),
    );
    if (outcome.kind !== "response") throw new Error(`Expected a response, got ${outcome.kind}`);
    const rows = parseCsv((await outcome.response.text()).replace(/^\uFEFF/, ""));
    expect(
      rows
        .map((row) => row[3])
        .slice(1)
        .sort(),
    ).toEqual(["Ada Eze", "Bola Ade"]);
  });
});

describe("an inquiry's course of interest", () => {
  const inquiry = (courseInterest: string) =>
    outcomeOf(() =>
      homeRoute.action(
        routeArgs(
          postRequest("/", {
            fullName: "Adébáyọ̀ Ọkafọ́r",
            email: "ade@example.com",
            inquiryType: "I'm interested in a course",
            courseInterest,
            consent: "on",
          }),
        ),
      ),
    );

  beforeEach(async () => {
    await database()
      .db.insert(courses)
      .values([
        { slug: "data-science", title: "Data Science", description: "Data", isActive: true },
        { slug: "retired", title: "Retired Course", description: "Old", isActive: false },
      ]);
  });

  it("is an active course's title, or empty", async () => {
    expect((await inquiry("Data Science")).status).toBe(200);
    expect((await inquiry("")).status).toBe(200);
    const stored = await database().db.select().from(messages);
    expect(stored.map((row) => row.courseInterest).sort()).toEqual(["Data Science", null]);
    expect(stored.map((row) => row.fullName)).toEqual(["Adébáyọ̀ Ọkafọ́r", "Adébáyọ̀ Ọkafọ́r"]);
  });

  it("is refused next to its field when no active course has that title", async () => {
    for (const title of ["Anything I like", "Retired Course"]) {
      const outcome = await inquiry(title);
      expect(outcome.status, title).toBe(400);
      expect(errorsOf(outcome)?.courseInterest, title).toEqual([formMessages.unknownCourse]);
    }
    expect(await database().db.select().from(messages)).toEqual([]);
    expect(await database().db.select().from(rateLimits)).toEqual([]);
  });
});
