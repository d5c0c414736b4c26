import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Admin, tutors } from "~/db/schema";
import { dashboardStats } from "~/features/portal/dashboard.server";
import { publicPagesVersion } from "~/features/site/public-pages-version.server";
import { tutorActionSchema, tutorFormSchema, tutorMessages } from "~/features/tutors/schema";
import {
  countActiveTutors,
  createTutor,
  findTutorById,
  listActiveTutors,
  listTutors,
  setTutorActive,
  updateTutor,
} from "~/features/tutors/tutors.server";
import { fileMessages } from "~/lib/forms/upload-rules";
import * as tutorsRoute from "~/routes/admin/tutors";
import * as aboutRoute from "~/routes/site/about";
import { getRequest, type Outcome, outcomeOf, signedInAdmin } from "../support/admin-session";
import {
  bytesStartingWith,
  hugePngImage,
  keyOf,
  multipartRequest,
  PNG_MAGIC,
  pngImage,
  setupTestStorage,
  type Upload,
} from "../support/course-fixtures";
import { refusal } from "../support/rejection";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();
const files = setupTestStorage();
const PAGE = "/admin-portal/tutors";
const MISSING_ID = "00000000-0000-4000-8000-000000000000";

let staff: Admin;
let cookie: string;
let png: Buffer;

beforeAll(async () => {
  ({ admin: staff, cookie } = await signedInAdmin({ role: "admin", name: "Ade Admin" }));
  png = await pngImage(900, 600);
});

beforeEach(async () => {
  await database().db.delete(tutors);
});

const tutor = (name: string, role = "Tutor, Design") => ({ name, role, bio: "", link: undefined });

describe("tutors service", () => {
  it("creates, lists by name, searches name and role, updates and toggles", async () => {
    const ada = await createTutor(staff, {
      ...tutor("Ada Obi", "Lead tutor, Data"),
      bio: "Ten years of analytics.",
      link: "https://www.linkedin.com/in/ada-obi",
    });
    const bayo = await createTutor(staff, tutor("Bayo Adeyemi", "Tutor, Product design"));
    expect(ada).toMatchObject({ createdBy: staff.userId, isActive: true, photo: null });
    expect((await listTutors({ q: "" })).map((row) => row.name)).toEqual([
      "Ada Obi",
      "Bayo Adeyemi",
    ]);
    expect((await listTutors({ q: "data" })).map((row) => row.name)).toEqual(["Ada Obi"]);
    expect((await listTutors({ q: "BAYO" })).map((row) => row.name)).toEqual(["Bayo Adeyemi"]);
    // The pattern's own characters are searched for, not matched as wildcards.
    expect(await listTutors({ q: "%" })).toEqual([]);

    const updated = await updateTutor(bayo.id, {
      ...tutor("Bayo Adeyemi", "Lead tutor, Design"),
      bio: "Line one\nLine two",
    });
    expect(updated).toMatchObject({ role: "Lead tutor, Design", bio: "Line one\nLine two" });

    expect(await countActiveTutors()).toBe(2);
    await setTutorActive(ada.id, false);
    expect(await countActiveTutors()).toBe(1);
    expect((await listActiveTutors()).map((row) => row.name)).toEqual(["Bayo Adeyemi"]);
    expect((await dashboardStats()).tutors).toEqual({ total: 2, active: 1 });
    expect((await listTutors({ q: "" })).length).toBe(2);
  });

  it("answers 404 for a tutor that does not exist or an id that is no uuid", async () => {
    for (const id of [MISSING_ID, "not-a-uuid", ""]) {
      expect(await refusal(updateTutor(id, tutor("Anyone")))).toMatchObject({
        message: tutorMessages.notFound,
        status: 404,
      });
      expect((await refusal(setTutorActive(id, false))).status).toBe(404);
      expect(await findTutorById(id)).toBeNull();
    }
  });

  it("stores a photo as square renditions beside the course images, and replaces it", async () => {
    const created = await createTutor(staff, tutor("Chidi Okafor"), {
      buffer: png,
      type: "image/png",
    });
    const key = keyOf(created.photo);
    expect(key).toMatch(/^images\/tutor-photo-\d{13}\.png$/);
    expect(created.photoVariants.map((variant) => variant.width)).toEqual([160, 320]);
    const stored = await files.keys();
    expect(stored).toHaveLength(3);
    const replaced = await updateTutor(created.id, tutor("Chidi Okafor"), {
      buffer: png,
      type: "image/png",
    });
    expect(replaced.photo).not.toBe(created.photo);
    // The old photo's files are gone; only the new one's remain.
    expect((await files.keys()).sort()).toEqual(
      [replaced.photo, ...replaced.photoVariants.map((variant) => variant.url)].map(keyOf).sort(),
    );
  });
});

describe("tutor form schema", () => {
  const problems = (input: Record<string, unknown>) =>
    tutorFormSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

  it("trims, and takes a bio up to 400 characters and an https link", () => {
    expect(
      tutorFormSchema.parse({
        name: "  Ada Obi ",
        role: " Lead tutor, Data ",
        bio: `${"b".repeat(400)}\n`,
        link: " https://ada.example.com/work ",
      }),
    ).toEqual({
      name: "Ada Obi",
      role: "Lead tutor, Data",
      bio: "b".repeat(400),
      link: "https://ada.example.com/work",
    });
    expect(tutorFormSchema.parse({ name: "Ada Obi", role: "Tutor" })).toEqual({
      name: "Ada Obi",
      role: "Tutor",
      bio: "",
    });
  });

  it("refuses missing, too long, hidden characters and a link that is not https", () => {
    expect(problems({})).toEqual(["Name is required", "Role is required"]);
    expect(problems({ name: " ", role: " " })).toEqual(["Name is required", "Role is required"]);
    expect(
      problems({
        name: "n".repeat(81),
        role: "r".repeat(81),
        bio: "b".repeat(401),
        link: `https://x.com/${"l".repeat(300)}`,
      }),
    ).toEqual([
      "Name must be at most 80 characters",
      "Role must be at most 80 characters",
      "Bio must be at most 400 characters",
      "Link must be at most 300 characters",
    ]);
    expect(problems({ name: "Ada\u0007", role: "Two\nlines", bio: "Bell\u0007" })).toEqual([
      "Name contains hidden characters that are not allowed",
      "Role contains hidden characters that are not allowed",
      "Bio contains hidden characters that are not allowed",
    ]);
    expect(problems({ name: "{}", role: "Tutor" })).toEqual([
      "Name must contain at least 2 letters or digits",
    ]);
    for (const link of [
      "http://www.linkedin.com/in/ada",
      "javascript:alert(1)",
      "www.linkedin.com/in/ada",
      "https://localhost/x",
      "https://user:pass@example.com/",
    ]) {
      expect(problems({ name: "Ada Obi", role: "Tutor", link }), link).toEqual([
        tutorMessages.linkInvalid,
      ]);
    }
  });

  it("knows three intents", () => {
    expect(tutorActionSchema.safeParse({ intent: "delete" }).success).toBe(false);
    expect(tutorActionSchema.parse({ intent: "toggle", id: "x", isActive: "true" })).toEqual({
      intent: "toggle",
      id: "x",
      isActive: true,
    });
  });
});

// --- Through the route ---------------------------------------------------------------------------

type Reply = { error?: Record<string, string[] | null> };
const replyOf = (outcome: Outcome): Reply => {
  if (outcome.kind !== "data") throw new Error(`Expected data, got ${outcome.kind}`);
  return (outcome.data as { result: Reply }).result;
};

const photoUpload = (bytes: Uint8Array, name = "me.png", type = "image/png"): Upload => ({
  field: "photoFile",
  name,
  type,
  bytes,
});

const post = (fields: Record<string, string>, uploads: Upload[] = [], query = "") =>
  outcomeOf(() =>
    tutorsRoute.action(
      routeArgs(multipartRequest(`${PAGE}${query}`, fields, { cookie, files: uploads })),
    ),
  );

describe("the tutors page", () => {
  it("adds a tutor with a photo, edits and deactivates, keeping the search", async () => {
    const added = await post(
      { intent: "create", name: "Ngozi Eze", role: "Lead tutor, Marketing", bio: "Hi" },
      [photoUpload(png)],
    );
    expect(added).toMatchObject({ kind: "redirect", status: 302, location: PAGE });
    const [row] = await database().db.select().from(tutors);
    if (!row) throw new Error("The tutor was not created");
    expect(row).toMatchObject({ name: "Ngozi Eze", createdBy: staff.userId });
    expect(keyOf(row.photo)).toMatch(/^images\/tutor-photo-\d{13}\.png$/);

    const edited = await post(
      { intent: "update", id: row.id, name: "Ngozi Eze", role: "Head of Marketing" },
      [],
      "?q=ngozi",
    );
    expect(edited).toMatchObject({ kind: "redirect", location: `${PAGE}?q=ngozi` });
    expect(await findTutorById(row.id)).toMatchObject({ role: "Head of Marketing" });

    const toggled = await post({ intent: "toggle", id: row.id, isActive: "true" });
    expect(toggled).toMatchObject({ kind: "redirect", location: PAGE });
    expect(await findTutorById(row.id)).toMatchObject({ isActive: false });
    await post({ intent: "toggle", id: row.id, isActive: "false" });
    expect(await findTutorById(row.id)).toMatchObject({ isActive: true });

    const listed = await outcomeOf(() =>
      tutorsRoute.loader(
        routeArgs(getRequest(`${PAGE}?q=marketing&modal=edit&id=${row.id}`, { cookie })),
      ),
    );
    expect(listed).toMatchObject({
      kind: "value",
      data: { query: { q: "marketing" }, modal: "edit", target: { id: row.id } },
    });
  });

  it("answers the schema's messages on their fields, and saves nothing", async () => {
    const outcome = await post({ intent: "create", name: "", role: "", link: "http://x.com" });
    expect(outcome).toMatchObject({ kind: "data", status: 400 });
    expect(replyOf(outcome).error).toMatchObject({
      name: ["Name is required"],
      role: ["Role is required"],
      link: [tutorMessages.linkInvalid],
    });
    expect(await database().db.select().from(tutors)).toEqual([]);
  });

  it("refuses a photo as course images are refused, on the photo field", async () => {
    const wrongType = await post({ intent: "create", name: "Ada Obi", role: "Tutor" }, [
      photoUpload(Buffer.from("just text"), "me.png"),
    ]);
    expect(wrongType).toMatchObject({ kind: "data", status: 400 });
    expect(replyOf(wrongType).error).toMatchObject({
      photoFile: [fileMessages.wrongType("image")],
      "": [`Failed to upload photo: ${fileMessages.wrongType("image")}`],
    });
    const tooLarge = await post({ intent: "create", name: "Ada Obi", role: "Tutor" }, [
      photoUpload(bytesStartingWith(PNG_MAGIC, 5 * 1024 * 1024 + 1)),
    ]);
    expect(replyOf(tooLarge).error?.photoFile).toEqual([fileMessages.tooLarge("image")]);
    const tooManyPixels = await post({ intent: "create", name: "Ada Obi", role: "Tutor" }, [
      photoUpload(await hugePngImage()),
    ]);
    expect(tooManyPixels).toMatchObject({ kind: "data", status: 400 });
    expect(replyOf(tooManyPixels).error?.photoFile).toEqual([fileMessages.tooManyPixels]);
    expect(await database().db.select().from(tutors)).toEqual([]);
    expect(await files.keys()).toEqual([]);
  });

  it("answers a whole request over the form's limit with 413 and the photo's limit", async () => {
    const outcome = await post({ intent: "create", name: "Ada Obi", role: "Tutor" }, [
      photoUpload(bytesStartingWith(PNG_MAGIC, 7 * 1024 * 1024)),
    ]);
    expect(outcome).toMatchObject({ kind: "data", status: 413 });
    expect(replyOf(outcome).error?.[""]).toEqual([tutorMessages.requestTooLarge]);
  });

  it("answers 404 for a tutor that does not exist", async () => {
    const outcome = await post({ intent: "toggle", id: MISSING_ID, isActive: "true" });
    expect(outcome).toMatchObject({ kind: "data", status: 404 });
  });
});

describe("tutors on the public pages", () => {
  it("the About page lists the active tutors only", async () => {
    await createTutor(staff, { ...tutor("Ada Obi", "Lead tutor, Data"), bio: "Analytics." });
    const gone = await createTutor(staff, tutor("Bayo Adeyemi"));
    await setTutorActive(gone.id, false);
    const data = await aboutRoute.loader();
    expect(data.tutors).toEqual([
      {
        id: expect.any(String),
        name: "Ada Obi",
        role: "Lead tutor, Data",
        bio: "Analytics.",
        photo: null,
        photoVariants: [],
      },
    ]);
  });

  it("a change to tutors moves the public pages' version on, once per statement it runs", async () => {
    const version = async () => Number((await publicPagesVersion()).split("@")[0]);
    const moved = async (change: () => Promise<unknown>) => {
      const before = await version();
      await change();
      return (await version()) - before;
    };
    const { db } = database();
    expect(await moved(() => createTutor(staff, tutor("Ada Obi")))).toBe(1);
    expect(await moved(() => db.update(tutors).set({ isActive: false }))).toBe(1);
    // A deleted tutor's links to intakes go with it, in a statement of the foreign key's own
    // (its cascade), which moves the version once more.
    expect(await moved(() => db.delete(tutors).where(eq(tutors.name, "Ada Obi")))).toBe(2);
    expect(await moved(() => listTutors({ q: "" }))).toBe(0);
  });
});
