import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Admin, courses, rateLimits, savedReplies } from "~/db/schema";
import { demoSavedReplies } from "~/features/demo/demo-saved-replies";
import { seedDemoSavedReplies } from "~/features/demo/seed-saved-replies.server";
import { fillPlaceholders } from "~/features/saved-replies/placeholders";
import { replyContextFor } from "~/features/saved-replies/reply-context.server";
import {
  createSavedReply,
  deleteSavedReply,
  findSavedReplyById,
  listSavedReplies,
  updateSavedReply,
} from "~/features/saved-replies/saved-replies.server";
import {
  savedReplyActionSchema,
  savedReplyFormSchema,
  savedReplyMessages,
} from "~/features/saved-replies/schema";
import * as savedRepliesRoute from "~/routes/admin/saved-replies";
import {
  cookieAfterDeactivation,
  getRequest,
  makeAdmin,
  ORIGIN,
  outcomeOf,
  postRequest,
  sessionCount,
  signInCookie,
} from "../support/admin-session";
import { insertIntakes } from "../support/intake-fixtures";
import { refusal } from "../support/rejection";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();
const PAGE = "/admin-portal/saved-replies";
const MISSING_ID = "00000000-0000-4000-8000-000000000000";

let staff: Admin;
let inactive: Admin;

beforeAll(async () => {
  staff = await makeAdmin({ role: "admin", name: "Ade Admin" });
  inactive = await makeAdmin({ role: "admin", name: "Ina Inactive" });
});

beforeEach(async () => {
  await database().db.delete(savedReplies);
  await database().db.delete(rateLimits);
});

const reply = (title: string, body = `Hello {name}, about ${title}.`) => ({ title, body });

describe("saved replies service", () => {
  it("creates, lists by title, updates and deletes", async () => {
    const fees = await createSavedReply(staff, reply("Fees and instalments"));
    const certificates = await createSavedReply(staff, reply("Certificates"));
    expect(fees.createdBy).toBe(staff.id);
    expect((await listSavedReplies()).map((row) => row.title)).toEqual([
      "Certificates",
      "Fees and instalments",
    ]);

    const updated = await updateSavedReply(fees.id, {
      title: "Weekend classes",
      body: "Line one\nLine two",
    });
    expect(updated).toMatchObject({
      id: fees.id,
      title: "Weekend classes",
      body: "Line one\nLine two",
    });
    expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(fees.updatedAt.getTime());
    expect((await listSavedReplies()).map((row) => row.title)).toEqual([
      "Certificates",
      "Weekend classes",
    ]);

    await deleteSavedReply(certificates.id);
    expect(await findSavedReplyById(certificates.id)).toBeNull();
    expect((await listSavedReplies()).map((row) => row.id)).toEqual([fees.id]);
  });

  it("refuses a title another reply has, on the title field, and keeps both rows", async () => {
    const first = await createSavedReply(staff, reply("Next intake"));
    const second = await createSavedReply(staff, reply("Brochure"));
    const onCreate = await refusal(createSavedReply(staff, reply("Next intake")));
    expect(onCreate).toMatchObject({
      message: savedReplyMessages.duplicateTitle,
      field: "title",
      status: 409,
    });
    const onUpdate = await refusal(updateSavedReply(second.id, reply("Next intake")));
    expect(onUpdate.message).toBe("A saved reply with this title already exists.");
    expect(await findSavedReplyById(second.id)).toMatchObject({ title: "Brochure" });
    // Whatever the case.
    expect(await refusal(createSavedReply(staff, reply("NEXT INTAKE")))).toMatchObject({
      message: savedReplyMessages.duplicateTitle,
      field: "title",
      status: 409,
    });
    expect((await refusal(updateSavedReply(second.id, reply("next intake")))).status).toBe(409);
    // Keeping its own title is no conflict, nor changing its case.
    await updateSavedReply(first.id, { title: "Next Intake", body: "New text" });
    expect(await findSavedReplyById(first.id)).toMatchObject({
      title: "Next Intake",
      body: "New text",
    });
  });

  it("answers 404 for a reply that does not exist or an id that is no uuid", async () => {
    for (const id of [MISSING_ID, "not-a-uuid", ""]) {
      expect(await refusal(updateSavedReply(id, reply("Anything")))).toMatchObject({
        message: savedReplyMessages.notFound,
        status: 404,
      });
      expect(await refusal(deleteSavedReply(id))).toMatchObject({ status: 404 });
      expect(await findSavedReplyById(id)).toBeNull();
    }
  });
});

describe("saved reply form schema", () => {
  const problems = (input: Record<string, unknown>) =>
    savedReplyFormSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

  it("trims, and takes a title up to 80 characters and a text up to 5,000", () => {
    expect(
      savedReplyFormSchema.parse({
        title: `  ${"t".repeat(80)} `,
        body: `\n${"b".repeat(5000)}\n`,
      }),
    ).toEqual({ title: "t".repeat(80), body: "b".repeat(5000) });
    expect(problems({ title: "Fees", body: "Line one\nLine two\r\n\tindented" })).toEqual([]);
  });

  it("refuses empty, too long and hidden characters with clear messages", () => {
    expect(problems({ title: "   ", body: "" })).toEqual([
      "Title is required",
      "Reply text is required",
    ]);
    expect(problems({})).toEqual(["Title is required", "Reply text is required"]);
    expect(problems({ title: "t".repeat(81), body: "b".repeat(5001) })).toEqual([
      "Title must be at most 80 characters",
      "Reply text must be at most 5,000 characters",
    ]);
    expect(problems({ title: "Two\nlines", body: "Bell\u0007" })).toEqual([
      "Title contains hidden characters that are not allowed",
      "Reply text contains hidden characters that are not allowed",
    ]);
  });

  it("refuses a misspelt placeholder, naming it and the known ones", () => {
    expect(problems({ title: "Fees", body: "Hello {nmae}, the fee is {price}. {Cours}" })).toEqual([
      "Unknown placeholders {nmae}, {Cours}: use {name}, {course}, {price}, {next_session}, {brochure_link}, {intake}, {start_date}, {offer_deadline} or {application_link}",
    ]);
    expect(problems({ title: "Fees", body: "Hello {name}, {next session} or {}" })).toEqual([]);
  });

  it("knows three intents", () => {
    expect(savedReplyActionSchema.safeParse({ intent: "archive" }).success).toBe(false);
    expect(savedReplyActionSchema.parse({ intent: "delete" })).toEqual({
      intent: "delete",
      id: "",
    });
  });
});

describe("replyContextFor", () => {
  beforeEach(async () => {
    await database().db.delete(courses);
  });

  it("reads the active course the message names and fills every placeholder from it", async () => {
    const [course] = await database()
      .db.insert(courses)
      .values({
        slug: "python-data-science",
        title: "Python for Data Science",
        description: "Pandas and friends",
        price: 38_000_000, // kobo
        brochureUrl: "/files/course-assets/brochures/python.pdf",
        isActive: true,
      })
      .returning();
    // The past intake and the draft are never the next session; the cancelled one neither.
    await insertIntakes(course?.id ?? "", ["2026-03-02", "2026-04-13", "2026-06-01"]);
    await insertIntakes(course?.id ?? "", ["2026-03-16"], { status: "draft" });
    await insertIntakes(course?.id ?? "", ["2026-03-23"], {
      status: "cancelled",
      cancelReason: "Too few applicants",
    });
    const context = await replyContextFor(
      { fullName: "Emeka Eze", courseInterest: "Python for Data Science" },
      new Date("2026-03-11T09:30:00Z"),
    );
    expect(context).toEqual({
      name: "Emeka",
      course: "Python for Data Science",
      price: "₦380,000",
      nextSession: "Monday, 13 April 2026",
      brochureLink: `${ORIGIN}/files/course-assets/brochures/python.pdf`,
    });
    expect(fillPlaceholders("{course} costs {price}.", context)).toBe(
      "Python for Data Science costs ₦380,000.",
    );
  });

  it("names no course for an inactive course, another title, or none", async () => {
    await database().db.insert(courses).values({
      slug: "retired",
      title: "Retired Course",
      description: "Old",
      price: 100_000,
      isActive: false,
    });
    for (const courseInterest of ["Retired Course", "retired course", "", null]) {
      const context = await replyContextFor({ fullName: "Segun Afolabi", courseInterest });
      expect(context).toEqual({
        name: "Segun",
        course: null,
        price: null,
        nextSession: null,
        brochureLink: `${ORIGIN}/courses`,
      });
    }
  });
});

describe("demo saved replies", () => {
  it("pass the form's schema and use only known placeholders", () => {
    expect(demoSavedReplies.length).toBeGreaterThanOrEqual(4);
    for (const demo of demoSavedReplies) {
      expect(savedReplyFormSchema.safeParse(demo).error?.issues ?? [], demo.title).toEqual([]);
      const filled = fillPlaceholders(demo.body, {
        name: "Ada",
        course: "X",
        price: "₦1",
        nextSession: "soon",
        brochureLink: "https://x.test/b.pdf",
      });
      expect(filled, demo.title).not.toMatch(/\{[^}]*\}/);
    }
  });

  it("fill an empty list once; a list with any reply is left alone", async () => {
    const added = await seedDemoSavedReplies(database().db, { demoAdminId: staff.id });
    expect(added).toBe(demoSavedReplies.length);
    const rows = await listSavedReplies();
    expect(rows.map((row) => row.title).sort()).toEqual(
      demoSavedReplies.map((demo) => demo.title).sort(),
    );
    expect(rows.every((row) => row.createdBy === staff.id)).toBe(true);
    expect(await seedDemoSavedReplies(database().db, { demoAdminId: staff.id })).toBe(0);

    await database().db.delete(savedReplies);
    await createSavedReply(staff, reply("Our own"));
    expect(await seedDemoSavedReplies(database().db, { demoAdminId: staff.id })).toBe(0);
    expect((await listSavedReplies()).map((row) => row.title)).toEqual(["Our own"]);
  });

  it("two seeders at once add each reply once", async () => {
    const results = await Promise.all([
      seedDemoSavedReplies(database().db, { demoAdminId: staff.id }),
      seedDemoSavedReplies(database().db, { demoAdminId: staff.id }),
    ]);
    expect(results.reduce((sum, count) => sum + count, 0)).toBe(demoSavedReplies.length);
    expect(await listSavedReplies()).toHaveLength(demoSavedReplies.length);
  });
});

// --- The route ---------------------------------------------------------------------------------

const loader = (path: string, cookie?: string) =>
  outcomeOf(() => savedRepliesRoute.loader(routeArgs(getRequest(path, { cookie }))));
const action = (fields: Record<string, string>, cookie?: string, path = PAGE) =>
  outcomeOf(() => savedRepliesRoute.action(routeArgs(postRequest(path, fields, { cookie }))));

describe("saved replies route: who may use it", () => {
  it("sends a signed-out visitor to the login page, for the page and for a post", async () => {
    expect(await loader(PAGE)).toMatchObject({
      kind: "redirect",
      location: "/admin-portal/login?redirectTo=%2Fadmin-portal%2Fsaved-replies",
    });
    expect(await action({ intent: "create", ...reply("Sneaky") })).toMatchObject({
      kind: "redirect",
      location: "/admin-portal/login",
    });
    expect(await listSavedReplies()).toEqual([]);
  });

  it("refuses an inactive admin and ends their sessions, for the page and for a post", async () => {
    expect(await loader(PAGE, await cookieAfterDeactivation(inactive))).toMatchObject({
      kind: "redirect",
      location: "/admin-portal/login?redirectTo=%2Fadmin-portal%2Fsaved-replies&reason=inactive",
    });
    expect(await sessionCount(inactive.userId)).toBe(0);
    expect(
      await action(
        { intent: "create", ...reply("Sneaky") },
        await cookieAfterDeactivation(inactive),
      ),
    ).toMatchObject({ kind: "redirect", location: "/admin-portal/login?reason=inactive" });
    expect(await sessionCount(inactive.userId)).toBe(0);
    expect(await listSavedReplies()).toEqual([]);
  });

  it("lets an active admin (role admin) read and change saved replies", async () => {
    const cookie = await signInCookie(staff.email);
    const created = await action({ intent: "create", ...reply("Fees") }, cookie);
    expect(created).toMatchObject({ kind: "redirect", location: PAGE });
    const [row] = await listSavedReplies();
    expect(row).toMatchObject({ title: "Fees", createdBy: staff.id });

    const page = await loader(`${PAGE}?modal=edit&id=${row?.id}`, cookie);
    expect(page).toMatchObject({
      kind: "value",
      data: { replies: [{ title: "Fees" }], modal: "edit", target: { id: row?.id } },
    });

    expect(
      await action({ intent: "update", id: row?.id ?? "", ...reply("Fees 2026") }, cookie),
    ).toMatchObject({ kind: "redirect", location: PAGE });
    expect(await findSavedReplyById(row?.id ?? "")).toMatchObject({ title: "Fees 2026" });

    expect(await action({ intent: "delete", id: row?.id ?? "" }, cookie)).toMatchObject({
      kind: "redirect",
      location: PAGE,
    });
    expect(await listSavedReplies()).toEqual([]);
  });
});

describe("saved replies route: answers", () => {
  type Reply = {
    result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> };
  };

  it("refuses an empty title with its message and gives the text back", async () => {
    const cookie = await signInCookie(staff.email);
    const outcome = await action({ intent: "create", title: "  ", body: "Kept text" }, cookie);
    expect(outcome).toMatchObject({ kind: "data", status: 400 });
    const data = (outcome as { data: Reply }).data;
    expect(data.result.error?.title).toEqual(["Title is required"]);
    expect(data.result.initialValue).toMatchObject({ body: "Kept text" });
    expect(await listSavedReplies()).toEqual([]);
  });

  it("shows a duplicate title on the title field (409) and a missing reply for the form (404)", async () => {
    const cookie = await signInCookie(staff.email);
    await createSavedReply(staff, reply("Certificates"));
    const duplicate = await action({ intent: "create", ...reply("Certificates") }, cookie);
    expect(duplicate).toMatchObject({ kind: "data", status: 409 });
    expect((duplicate as { data: Reply }).data.result.error?.title).toEqual([
      savedReplyMessages.duplicateTitle,
    ]);

    const missing = await action({ intent: "delete", id: MISSING_ID }, cookie);
    expect(missing).toMatchObject({ kind: "data", status: 404 });
    expect((missing as { data: Reply }).data.result.error?.[""]).toEqual([
      savedReplyMessages.notFound,
    ]);
  });

  it("refuses a NUL or a bidi override in a field (PostgreSQL never sees it)", async () => {
    const cookie = await signInCookie(staff.email);
    const outcome = await action(
      { intent: "create", title: "Fees\u0000", body: "Pay \u202Enow" },
      cookie,
    );
    expect(outcome).toMatchObject({ kind: "data", status: 400 });
    expect((outcome as { data: Reply }).data.result.error).toMatchObject({
      title: ["Title contains hidden characters that are not allowed"],
      body: ["Reply text contains hidden characters that are not allowed"],
    });
    expect(await listSavedReplies()).toEqual([]);
  });

  it("refuses an unknown intent for the whole form", async () => {
    const cookie = await signInCookie(staff.email);
    const outcome = await action({ intent: "archive" }, cookie);
    expect(outcome).toMatchObject({ kind: "data", status: 400 });
    expect((outcome as { data: Reply }).data.result.error?.[""]).toEqual(["Unknown action"]);
  });

  it("opens no modal for an id that names no reply", async () => {
    const cookie = await signInCookie(staff.email);
    expect(await loader(`${PAGE}?modal=delete&id=${MISSING_ID}`, cookie)).toMatchObject({
      kind: "value",
      data: { modal: null, target: null },
    });
    expect(await loader(`${PAGE}?modal=create`, cookie)).toMatchObject({
      kind: "value",
      data: { modal: "create", target: null },
    });
  });
});
