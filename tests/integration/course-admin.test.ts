import { parseWithZod } from "@conform-to/zod/v4";
import { asc } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type Admin, type Course, courseChanges, courses, type NewCourse } from "~/db/schema";
import {
  courseStats,
  createCourse,
  deleteCourse,
  diffCourse,
  findCourseById,
  listCourseChanges,
  listCoursesForAdmin,
  toggleCourseActive,
  updateCourse,
} from "~/features/courses/admin/course-admin.server";
import {
  type CourseFormValues,
  courseFormDefaults,
  courseFormSchema,
  newCourseDefaults,
} from "~/features/courses/admin/course-form-schema";
import {
  findActiveCourseBySlug,
  listActiveCourseLinks,
  listActiveCourseSitemapEntries,
  listActiveCourses,
} from "~/features/courses/courses.server";
import { detectFileType } from "~/features/uploads/file-content.server";
import type { ReceivedFile } from "~/features/uploads/upload-form.server";
import { UserFacingError } from "~/lib/errors";
import { takeFlash } from "~/lib/router/flash.server";
import { slugify } from "~/lib/text/slug";
import * as coursesRoute from "~/routes/admin/courses";
import * as sitemapRoute from "~/routes/resources/sitemap";
import * as coursePageRoute from "~/routes/site/course";
import {
  cookieHeader,
  makeAdmin,
  type Outcome,
  outcomeOf,
  postRequest,
  setCookiesOf,
  signInCookie,
} from "../support/admin-session";
import {
  courseFields,
  courseValues,
  fileSize,
  keyOf,
  multipartRequest,
  pdfDocument,
  pngImage,
  setupTestStorage,
} from "../support/course-fixtures";
import { type FormFields, toFormData } from "../support/form-data";
import { rejection } from "../support/rejection";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

const SLUG_TAKEN = "This slug is already used by another course. Please choose another.";

const database = setupTestDatabase();
const files = setupTestStorage();
let actor: Admin;
let otherActor: Admin;
let png: Buffer;
let otherPng: Buffer;

beforeAll(async () => {
  actor = await makeAdmin({ role: "admin", name: "Ada Admin" });
  otherActor = await makeAdmin({ role: "super_admin", name: "Sola Super" });
  png = await pngImage(1600, 1000, "#336699");
  otherPng = await pngImage(900, 900, "#993366");
});

beforeEach(async () => {
  await database().db.delete(courses);
  await database().db.delete(courseChanges);
});

afterEach(() => {
  vi.restoreAllMocks();
});

const image = (bytes: Buffer = png): ReceivedFile => {
  const type = detectFileType(bytes);
  if (!type) throw new Error("Not a recognised file");
  return { buffer: bytes, type };
};
const brochure = (): ReceivedFile => ({ buffer: pdfDocument(), type: "application/pdf" });

/** The keys a course's columns point to, sorted. */
function keysOf(course: Pick<Course, "image" | "imageVariants" | "shareImage" | "brochureUrl">) {
  return [
    ...(course.image ? [keyOf(course.image)] : []),
    ...course.imageVariants.map((variant) => keyOf(variant.url)),
    ...(course.shareImage ? [keyOf(course.shareImage)] : []),
    ...(course.brochureUrl ? [keyOf(course.brochureUrl)] : []),
  ].sort();
}

/**
 * Gives every Date.now() call its own millisecond, so that a race test is about the slug only:
 * what two saves in the same millisecond do to stored files is the "stored file names" test.
 */
function distinctMilliseconds() {
  let next = Date.now();
  vi.spyOn(Date, "now").mockImplementation(() => {
    next += 1;
    return next;
  });
}

const allCourses = () => database().db.select().from(courses).orderBy(asc(courses.slug));

// --- Create ----------------------------------------------------------------------------------

describe("createCourse", () => {
  it("saves the form's fields, records the creator and a 'created' audit row", async () => {
    const created = await createCourse(actor, courseValues());
    const stored = await findCourseById(created.id);
    expect(stored).toMatchObject({
      id: created.id,
      title: "Full Stack Web Development",
      slug: "full-stack-web-development",
      description: "Build and ship web applications end to end.",
      category: "Programming",
      icon: "Code",
      level: "Intermediate",
      difficulty: "Intermediate",
      duration: "12 weeks",
      // ₦250,000 and ₦300,000 as typed, stored in kobo.
      price: 25_000_000,
      originalPrice: 30_000_000,
      rating: 4.5,
      lessons: 48,
      certification: "Certificate of completion",
      language: "English",
      subtitles: ["English", "French"],
      schedule: "Evenings",
      format: "Available in-person and online",
      classSize: "5-10 students",
      location: "Lagos, Nigeria",
      deliveryMethod: "Live classes and projects",
      learningOutcomes: ["Build REST APIs", "Deploy to the cloud"],
      prerequisites: ["Basic computer skills"],
      skills: ["React", "Node.js"],
      modules: [
        {
          title: "Foundations",
          description: "HTML, CSS and JavaScript",
          topics: ["HTML", "CSS", "JavaScript"],
        },
      ],
      faqs: [{ question: "Do I need a laptop?", answer: "Yes, any recent laptop works." }],
      isActive: true,
      image: null,
      imageVariants: [],
      brochureUrl: null,
      createdBy: actor.userId,
    });
    const history = await listCourseChanges(created.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      courseId: created.id,
      courseTitle: "Full Stack Web Development",
      action: "created",
      actorId: actor.id,
      actorName: "Ada Admin",
    });
  });

  it("stores a course posted with the modal's defaults as a new course's defaults", async () => {
    const defaults = newCourseDefaults;
    const fields: FormFields = {
      title: "Intro to Figma",
      slug: "intro-to-figma",
      description: "Design your first screens.",
      category: defaults.category,
      icon: defaults.icon,
      level: defaults.level,
      difficulty: defaults.difficulty,
      duration: defaults.duration,
      price: defaults.price,
      originalPrice: defaults.originalPrice,
      rating: defaults.rating,
      lessons: defaults.lessons,
      certification: defaults.certification,
      language: defaults.language,
      subtitles: defaults.subtitles,
      schedule: defaults.schedule,
      format: defaults.format,
      classSize: defaults.classSize,
      location: defaults.location,
      deliveryMethod: defaults.deliveryMethod,
      "learningOutcomes[0]": "",
      "prerequisites[0]": "",
      "skills[0]": "",
      "modules[0].title": "",
      "modules[0].description": "",
      "modules[0].topics": "",
      "faqs[0].question": "",
      "faqs[0].answer": "",
      isActive: defaults.isActive,
    };
    const submission = parseWithZod(toFormData(fields), { schema: courseFormSchema });
    if (submission.status !== "success")
      throw new Error(`Invalid course: ${JSON.stringify(submission.reply().error)}`);
    const created = await createCourse(actor, submission.value);
    expect(await findCourseById(created.id)).toMatchObject({
      level: "Beginner",
      price: 0,
      originalPrice: 0,
      rating: 0,
      lessons: 0,
      icon: "BookOpen",
      category: "Programming",
      language: "English",
      subtitles: ["English"],
      difficulty: "Beginner",
      format: "Available in-person and online",
      location: "Lagos, Nigeria",
      isActive: true,
      learningOutcomes: [],
      prerequisites: [],
      skills: [],
      modules: [],
      faqs: [],
      duration: null,
      certification: null,
      createdBy: actor.userId,
    });
  });

  it("stores an uploaded image and brochure at their storage keys and points the course to them", async () => {
    const created = await createCourse(actor, courseValues(), {
      image: image(),
      brochure: brochure(),
    });
    expect(created.image).toMatch(/^\/files\/course-assets\/images\/course-image-\d{13}\.png$/);
    expect(created.brochureUrl).toMatch(
      new RegExp(`^/files/course-assets/brochures/course-${created.id}-brochure-\\d{13}\\.pdf$`),
    );
    expect(created.imageVariants.map((variant) => variant.width)).toEqual([400, 800, 1200]);
    expect(await files.keys()).toEqual(keysOf(created));
  });

  it("refuses a course that breaks a database rule and leaves no course and no files", async () => {
    // A value the form would refuse, sent straight to the service: the database check stops it
    // after the uploads were stored.
    const values: CourseFormValues = { ...courseValues(), price: -1000 };
    await expect(
      createCourse(actor, values, { image: image(), brochure: brochure() }),
    ).rejects.toThrow();
    expect(files.puts.length).toBeGreaterThan(0);
    expect(await allCourses()).toEqual([]);
    expect(await files.keys()).toEqual([]);
    expect(await database().db.select().from(courseChanges)).toEqual([]);
  });
});

// --- Slug rule -------------------------------------------------------------------------------

describe("slug rule", () => {
  const cases: Array<[title: string, slug: string]> = [
    ["Full Stack Web Development", "full-stack-web-development"],
    ["  Data Science & AI!  ", "data-science-ai"],
    ["UX/UI Design 101", "uxui-design-101"],
    ["What's New? (2026 Edition)", "whats-new-2026-edition"],
    ["Python   for__Data -- Analysis", "python-for-data-analysis"],
    ["--Digital Marketing--", "digital-marketing"],
    ["_SEO & SEM_", "seo-sem"],
  ];

  it.each(cases)(
    "turns %j into %j, which the form accepts and the course page finds",
    async (title, slug) => {
      expect(slugify(title)).toBe(slug);
      const created = await createCourse(actor, courseValues({ title, slug: slugify(title) }));
      expect(created.slug).toBe(slug);
      expect((await findActiveCourseBySlug(slug))?.id).toBe(created.id);
    },
  );

  it("accepts the slug it generates from a title with accented letters", async () => {
    // slugify drops accents (é → e); the server must accept what the form's own slug
    // generation produces.
    const title = "Café Branding Basics";
    const slug = slugify(title);
    expect(slug).toBe("cafe-branding-basics");
    const submission = parseWithZod(toFormData(courseFields({ title, slug })), {
      schema: courseFormSchema,
    });
    expect(submission.reply().error ?? {}).toEqual({});
    expect(submission.status).toBe("success");
  });

  it("refuses slugs that do not follow the rule, and a missing slug", () => {
    const errorsFor = (slug: string) =>
      parseWithZod(toFormData(courseFields({ slug })), { schema: courseFormSchema }).reply().error
        ?.slug;
    for (const slug of ["Upper-Case", "double--hyphen", "-leading", "trailing-", "has space"]) {
      expect(errorsFor(slug), slug).toEqual([
        "Use lowercase letters, numbers and single hyphens only",
      ]);
    }
    expect(errorsFor("")).toEqual(["Course slug is required"]);
    expect(errorsFor("   ")).toEqual(["Course slug is required"]);
  });

  it("refuses a slug that another course uses, on the slug field, before storing files", async () => {
    const first = await createCourse(actor, courseValues({ slug: "shared-slug" }));
    files.puts.length = 0;
    const error = await rejection(
      createCourse(otherActor, courseValues({ title: "Another", slug: "shared-slug" }), {
        image: image(),
        brochure: brochure(),
      }),
    );
    expect(error).toBeInstanceOf(UserFacingError);
    expect(error).toMatchObject({ message: SLUG_TAKEN, field: "slug", status: 409 });
    expect((await allCourses()).map((course) => course.id)).toEqual([first.id]);
    expect(await files.keys()).toEqual([]);
    expect(files.puts).toEqual([]);
  });

  it("refuses renaming a course to another course's slug, but lets a course keep its own", async () => {
    await createCourse(actor, courseValues({ slug: "taken" }));
    const second = await createCourse(actor, courseValues({ title: "Second", slug: "second" }));
    const error = await rejection(
      updateCourse(actor, second.id, courseValues({ title: "Second", slug: "taken" })),
    );
    expect(error).toMatchObject({ message: SLUG_TAKEN, field: "slug" });
    expect((await findCourseById(second.id))?.slug).toBe("second");
    const kept = await updateCourse(
      actor,
      second.id,
      courseValues({ title: "Renamed", slug: "second" }),
    );
    expect(kept).toMatchObject({ slug: "second", title: "Renamed" });
  });

  it("lets exactly one of two simultaneous creates with the same slug win; the other gets the slug message and its files are removed", async () => {
    const slug = "race-for-the-slug";
    distinctMilliseconds();
    const outcomes = await Promise.allSettled([
      createCourse(actor, courseValues({ title: "Racer A", slug }), {
        image: image(png),
        brochure: brochure(),
      }),
      createCourse(otherActor, courseValues({ title: "Racer B", slug }), {
        image: image(otherPng),
        brochure: brochure(),
      }),
    ]);
    const won = outcomes.filter((outcome) => outcome.status === "fulfilled");
    const lost = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]?.reason).toBeInstanceOf(UserFacingError);
    expect(lost[0]?.reason).toMatchObject({ message: SLUG_TAKEN, field: "slug" });

    const rows = await allCourses();
    expect(rows).toHaveLength(1);
    const winner = rows[0] as Course;
    // Only the winner's files are left, and every one of them is there.
    expect(await files.keys()).toEqual(keysOf(winner));
    expect(keysOf(winner)).toHaveLength(6);
    // The loser stored files before the database said no (the pre-check passed for both), and
    // removed exactly those.
    expect(files.puts).toHaveLength(12);
    const loserKeys = files.puts.filter((key) => !keysOf(winner).includes(key));
    expect(loserKeys.length).toBeGreaterThan(0);
    expect([...files.deletes].sort()).toEqual([...loserKeys].sort());
    const history = await database().db.select().from(courseChanges);
    expect(history.map((row) => [row.action, row.courseId])).toEqual([["created", winner.id]]);
  });
});

describe("stored file names", () => {
  it("gives two courses saved in the same millisecond their own image files", async () => {
    // Two admins saving at the same moment (or two app processes): the image's key carries
    // only a timestamp, so the app must still keep the two images apart.
    vi.spyOn(Date, "now").mockReturnValue(1_767_225_600_000);
    const first = await createCourse(actor, courseValues({ title: "First", slug: "first" }), {
      image: image(png),
    });
    const second = await createCourse(
      otherActor,
      courseValues({ title: "Second", slug: "second" }),
      {
        image: image(otherPng),
      },
    );
    vi.restoreAllMocks();
    expect(second.image).not.toBe(first.image);
    expect(await files.keys()).toEqual([...keysOf(first), ...keysOf(second)].sort());
    const firstSize = await fileSize(files, keyOf(first.image));
    // Deleting one course must not take the other's picture with it.
    await deleteCourse(actor, second.id);
    expect(await files.keys()).toEqual(keysOf(first));
    expect(await fileSize(files, keyOf(first.image))).toBe(firstSize);
  });
});

// --- List clean-up ---------------------------------------------------------------------------

describe("list clean-up", () => {
  it("drops blank entries from every list and splits topics into blank-free lines", async () => {
    const values = courseValues({
      "learningOutcomes[0]": "",
      "learningOutcomes[1]": "  Ship a product  ",
      "learningOutcomes[2]": "   ",
      "learningOutcomes[3]": "Work in a team",
      "prerequisites[0]": " ",
      "skills[0]": "",
      "skills[1]": "TypeScript",
      "skills[2]": "\t",
      "modules[0].title": "",
      "modules[0].description": "",
      "modules[0].topics": "",
      "modules[1].title": "  APIs ",
      "modules[1].description": "Designing HTTP APIs",
      "modules[1].topics": "  REST \n\n   \nGraphQL\r\n  Webhooks  \n",
      "modules[2].title": " ",
      "modules[2].description": "  ",
      "modules[2].topics": " \n ",
      "faqs[0].question": " ",
      "faqs[0].answer": "",
      "faqs[1].question": "Is there a certificate?",
      "faqs[1].answer": "Yes.",
    });
    const created = await createCourse(actor, values);
    expect(await findCourseById(created.id)).toMatchObject({
      learningOutcomes: ["Ship a product", "Work in a team"],
      prerequisites: [],
      skills: ["TypeScript"],
      modules: [
        {
          title: "APIs",
          description: "Designing HTTP APIs",
          topics: ["REST", "GraphQL", "Webhooks"],
        },
      ],
      faqs: [{ question: "Is there a certificate?", answer: "Yes." }],
    });
  });

  it("refuses half-filled module and FAQ rows with the field messages", () => {
    const reply = parseWithZod(
      toFormData(
        courseFields({
          "modules[0].title": "Only a title",
          "modules[0].description": "",
          "modules[0].topics": "",
          "modules[1].title": "",
          "modules[1].description": "Only a description",
          "modules[1].topics": "",
          "faqs[0].question": "Only a question?",
          "faqs[0].answer": " ",
          "faqs[1].question": "",
          "faqs[1].answer": "Only an answer",
        }),
      ),
      { schema: courseFormSchema },
    ).reply();
    expect(reply.error).toEqual({
      "modules[0].description": ["Module description is required"],
      "modules[1].title": ["Module title is required"],
      "faqs[0].answer": ["Answer is required"],
      "faqs[1].question": ["Question is required"],
    });
  });
});

// --- Update ----------------------------------------------------------------------------------

describe("updateCourse", () => {
  it("fills the edit form with the stored course, as text and at least one row per list", async () => {
    const created = await createCourse(actor, courseValues());
    expect(courseFormDefaults(created)).toEqual({
      title: "Full Stack Web Development",
      slug: "full-stack-web-development",
      description: "Build and ship web applications end to end.",
      category: "Programming",
      icon: "Code",
      level: "Intermediate",
      difficulty: "Intermediate",
      duration: "12 weeks",
      price: "250000",
      originalPrice: "300000",
      rating: "4.5",
      lessons: "48",
      certification: "Certificate of completion",
      language: "English",
      subtitles: ["English", "French"],
      schedule: "Evenings",
      format: "Available in-person and online",
      classSize: "5-10 students",
      location: "Lagos, Nigeria",
      deliveryMethod: "Live classes and projects",
      learningOutcomes: ["Build REST APIs", "Deploy to the cloud"],
      prerequisites: ["Basic computer skills"],
      skills: ["React", "Node.js"],
      modules: [
        {
          title: "Foundations",
          description: "HTML, CSS and JavaScript",
          topics: "HTML\nCSS\nJavaScript",
        },
      ],
      faqs: [{ question: "Do I need a laptop?", answer: "Yes, any recent laptop works." }],
      isActive: "on",
    });

    // What a course lacks shows as in a new course's form, except the location: a new course
    // suggests Lagos, a stored one without a location keeps it empty.
    const bare: Course = {
      ...created,
      difficulty: null,
      format: null,
      duration: null,
      location: null,
      subtitles: [],
      skills: [],
      modules: [],
      faqs: [],
      isActive: false,
    };
    expect(courseFormDefaults(bare)).toMatchObject({
      difficulty: "Beginner",
      format: "Available in-person and online",
      duration: "",
      location: "",
      subtitles: ["English"],
      skills: [""],
      modules: newCourseDefaults.modules,
      faqs: newCourseDefaults.faqs,
      isActive: "",
    });
    expect(courseFormDefaults(null)).toBe(newCourseDefaults);
  });

  it("never changes id, created_at or created_by, even when the form sends them", async () => {
    const created = await createCourse(actor, courseValues());
    const cookie = await signInCookie(otherActor.email);
    const outcome = await outcomeOf(() =>
      coursesRoute.action(
        routeArgs(
          multipartRequest(
            "/admin-portal/courses",
            courseFields({
              intent: "update",
              id: created.id,
              title: "Renamed Course",
              created_by: otherActor.userId,
              createdBy: otherActor.userId,
              created_at: "2001-01-01T00:00:00.000Z",
              createdAt: "2001-01-01T00:00:00.000Z",
            }),
            { cookie },
          ),
        ),
      ),
    );
    expect(outcome).toMatchObject({ kind: "redirect", status: 302 });
    const rows = await allCourses();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: created.id,
      title: "Renamed Course",
      createdBy: actor.userId,
      createdAt: created.createdAt,
    });

    // The service ignores them too when a caller passes them along with the values.
    const forged = {
      ...courseValues({ title: "Renamed Again" }),
      id: crypto.randomUUID(),
      createdAt: new Date("2001-01-01"),
      createdBy: otherActor.userId,
    } as CourseFormValues;
    const after = await updateCourse(otherActor, created.id, forged);
    expect(after).toMatchObject({
      id: created.id,
      title: "Renamed Again",
      createdBy: actor.userId,
      createdAt: created.createdAt,
    });
  });

  it("records 'updated' with exactly the changed fields and their old and new values", async () => {
    const created = await createCourse(actor, courseValues());
    await updateCourse(
      otherActor,
      created.id,
      courseValues({
        title: "Full Stack Web Development (2026)",
        price: "200000",
        "skills[0]": "React",
        "skills[1]": "Node.js",
        "skills[2]": "PostgreSQL",
        isActive: "on",
      }),
    );
    const history = await listCourseChanges(created.id);
    expect(history.map((row) => row.action)).toEqual(["updated", "created"]);
    expect(history[0]).toMatchObject({
      courseTitle: "Full Stack Web Development (2026)",
      actorId: otherActor.id,
      actorName: "Sola Super",
    });
    expect(history[0]?.changes).toEqual({
      title: { from: "Full Stack Web Development", to: "Full Stack Web Development (2026)" },
      price: { from: 25_000_000, to: 20_000_000 },
      skills: { from: ["React", "Node.js"], to: ["React", "Node.js", "PostgreSQL"] },
    });
  });

  it("records nothing for an update that changes nothing", async () => {
    const created = await createCourse(actor, courseValues());
    const after = await updateCourse(actor, created.id, courseValues());
    expect(diffCourse(created, after)).toEqual({});
    expect((await listCourseChanges(created.id)).map((row) => row.action)).toEqual(["created"]);
  });

  it("replacing the image removes the old original, renditions and share image, and keeps the brochure", async () => {
    const created = await createCourse(actor, courseValues(), {
      image: image(png),
      brochure: brochure(),
    });
    const oldImageKeys = keysOf({ ...created, brochureUrl: null });
    expect(oldImageKeys).toHaveLength(5);
    expect(oldImageKeys).toContain(keyOf(created.shareImage));
    // A later millisecond, so that the new keys differ from the old ones.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const after = await updateCourse(actor, created.id, courseValues(), {
      image: image(otherPng),
    });
    expect(after.image).not.toBe(created.image);
    expect(after.shareImage).not.toBe(created.shareImage);
    expect(after.brochureUrl).toBe(created.brochureUrl);
    const stored = await files.keys();
    expect(stored).toEqual(keysOf(after));
    for (const key of oldImageKeys) expect(stored).not.toContain(key);
    const [updated] = await listCourseChanges(created.id, 1);
    expect(updated?.changes).toMatchObject({
      image: { from: created.image, to: after.image },
    });
  });

  it("removeImage and removeBrochure clear the columns and delete the files", async () => {
    const created = await createCourse(actor, courseValues(), {
      image: image(),
      brochure: brochure(),
    });
    expect(await files.keys()).toHaveLength(6);

    const withoutImage = await updateCourse(actor, created.id, courseValues({ removeImage: "on" }));
    expect(withoutImage).toMatchObject({ image: null, imageVariants: [], shareImage: null });
    expect(withoutImage.brochureUrl).toBe(created.brochureUrl);
    expect(await files.keys()).toEqual([keyOf(created.brochureUrl)]);

    const withoutBrochure = await updateCourse(
      actor,
      created.id,
      courseValues({ removeBrochure: "on" }),
    );
    expect(withoutBrochure.brochureUrl).toBeNull();
    expect(await files.keys()).toEqual([]);
    const history = await listCourseChanges(created.id);
    expect(history.map((row) => row.action)).toEqual(["updated", "updated", "created"]);
    expect(history[0]?.changes).toEqual({ brochureUrl: { from: created.brochureUrl, to: null } });
    expect(history[1]?.changes).toEqual({ image: { from: created.image, to: null } });
  });

  it("stores the brochure's size with the course, and clears it with the brochure", async () => {
    const created = await createCourse(actor, courseValues(), { brochure: brochure() });
    expect(created.brochureBytes).toBe(pdfDocument().length);
    expect(await fileSize(files, keyOf(created.brochureUrl))).toBe(created.brochureBytes);

    const bigger = pdfDocument("A longer brochure title, so the file is bigger");
    const replaced = await updateCourse(actor, created.id, courseValues(), {
      brochure: { buffer: bigger, type: "application/pdf" },
    });
    expect(replaced.brochureBytes).toBe(bigger.length);
    expect(replaced.brochureBytes).not.toBe(created.brochureBytes);

    const removed = await updateCourse(actor, created.id, courseValues({ removeBrochure: "on" }));
    expect(removed).toMatchObject({ brochureUrl: null, brochureBytes: null });
    expect(await findCourseById(created.id)).toMatchObject({ brochureBytes: null });
  });

  it("a failed update (slug taken) leaves the course unchanged and stores no files", async () => {
    await createCourse(actor, courseValues({ slug: "taken" }));
    const created = await createCourse(actor, courseValues({ title: "Mine", slug: "mine" }), {
      image: image(png),
    });
    const before = await findCourseById(created.id);
    const keysBefore = await files.keys();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const error = await rejection(
      updateCourse(actor, created.id, courseValues({ title: "Changed", slug: "taken" }), {
        image: image(otherPng),
        brochure: brochure(),
      }),
    );
    expect(error).toMatchObject({ message: SLUG_TAKEN, field: "slug" });
    expect(await findCourseById(created.id)).toEqual(before);
    expect(await files.keys()).toEqual(keysBefore);
    expect((await listCourseChanges(created.id)).map((row) => row.action)).toEqual(["created"]);
  });

  it("an update the database refuses after storing new files removes them and keeps the old ones", async () => {
    const created = await createCourse(actor, courseValues(), {
      image: image(png),
      brochure: brochure(),
    });
    const before = await findCourseById(created.id);
    const keysBefore = await files.keys();
    files.puts.length = 0;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const values: CourseFormValues = { ...courseValues({ title: "Changed" }), rating: 9 };
    await expect(
      updateCourse(actor, created.id, values, { image: image(otherPng), brochure: brochure() }),
    ).rejects.toThrow();
    expect(files.puts).toHaveLength(6);
    expect(await findCourseById(created.id)).toEqual(before);
    expect(await files.keys()).toEqual(keysBefore);
    expect((await listCourseChanges(created.id)).map((row) => row.action)).toEqual(["created"]);
  });

  it("a race on the slug during an update leaves the course unchanged and removes the new files", async () => {
    const mine = await createCourse(actor, courseValues({ title: "Mine", slug: "mine" }));
    const before = await findCourseById(mine.id);
    distinctMilliseconds();
    const [update, create] = await Promise.allSettled([
      updateCourse(actor, mine.id, courseValues({ title: "Mine renamed", slug: "contested" }), {
        image: image(png),
      }),
      createCourse(otherActor, courseValues({ title: "Theirs", slug: "contested" }), {
        image: image(otherPng),
      }),
    ]);
    // Both passed the pre-check and stored their image before the database chose.
    expect(files.puts).toHaveLength(10);
    const winners = [update, create].filter((outcome) => outcome.status === "fulfilled");
    expect(winners).toHaveLength(1);
    const loser = [update, create].find((outcome) => outcome.status === "rejected");
    expect(loser?.status === "rejected" && loser.reason).toMatchObject({
      message: SLUG_TAKEN,
      field: "slug",
    });
    const rows = await allCourses();
    if (update.status === "rejected") {
      expect(await findCourseById(mine.id)).toEqual(before);
      expect(rows).toHaveLength(2);
    } else {
      expect(rows.map((row) => row.slug)).toEqual(["contested"]);
    }
    // Whoever lost, only the files of saved courses remain.
    expect(await files.keys()).toEqual(rows.flatMap((row) => keysOf(row)).sort());
  });

  it("refuses an unknown course with 'Course not found.'", async () => {
    const error = await rejection(
      updateCourse(actor, "00000000-0000-4000-8000-000000000000", courseValues()),
    );
    expect(error).toBeInstanceOf(UserFacingError);
    expect(error).toMatchObject({ message: "Course not found.", status: 404 });
    expect(await allCourses()).toEqual([]);
  });
});

// --- Toggle ----------------------------------------------------------------------------------

async function sitemapXml() {
  const response = (await sitemapRoute.loader()) as Response;
  return response.text();
}

async function coursePage(slug: string) {
  return outcomeOf(() =>
    coursePageRoute.loader(
      routeArgs(new Request(`http://localhost:3000/course/${slug}`), { slug }),
    ),
  );
}

async function publicVisibility(slug: string) {
  const page = await coursePage(slug);
  return {
    catalogue: (await listActiveCourses()).some((course) => course.slug === slug),
    detail: (await findActiveCourseBySlug(slug)) !== null,
    page: page.kind === "value",
    menu: (await listActiveCourseLinks()).some((course) => course.slug === slug),
    sitemapEntries: (await listActiveCourseSitemapEntries()).some((course) => course.slug === slug),
    sitemap: (await sitemapXml()).includes(`/course/${slug}</loc>`),
  };
}

const visibleEverywhere = {
  catalogue: true,
  detail: true,
  page: true,
  menu: true,
  sitemapEntries: true,
  sitemap: true,
};
const hiddenEverywhere = {
  catalogue: false,
  detail: false,
  page: false,
  menu: false,
  sitemapEntries: false,
  sitemap: false,
};

describe("toggleCourseActive", () => {
  it("deactivates and activates, recording each, and the public site follows at once", async () => {
    const created = await createCourse(actor, courseValues({ slug: "toggled-course" }));
    const bystander = await createCourse(actor, courseValues({ title: "Stays", slug: "stays" }));
    expect(await publicVisibility("toggled-course")).toEqual(visibleEverywhere);

    const off = await toggleCourseActive(actor, created.id, true);
    expect(off.isActive).toBe(false);
    expect((await findCourseById(created.id))?.isActive).toBe(false);
    expect(await publicVisibility("toggled-course")).toEqual(hiddenEverywhere);
    expect(await publicVisibility("stays")).toEqual(visibleEverywhere);

    const on = await toggleCourseActive(otherActor, created.id, false);
    expect(on.isActive).toBe(true);
    expect(await publicVisibility("toggled-course")).toEqual(visibleEverywhere);

    const history = await listCourseChanges(created.id);
    expect(history.map((row) => [row.action, row.actorName, row.changes])).toEqual([
      ["activated", "Sola Super", { isActive: { from: false, to: true } }],
      ["deactivated", "Ada Admin", { isActive: { from: true, to: false } }],
      ["created", "Ada Admin", {}],
    ]);
    expect((await listCourseChanges(bystander.id)).map((row) => row.action)).toEqual(["created"]);
  });

  it("refuses an unknown course with 'Course not found.' and records nothing", async () => {
    const error = await rejection(
      toggleCourseActive(actor, "00000000-0000-4000-8000-000000000000", true),
    );
    expect(error).toMatchObject({ message: "Course not found.", status: 404 });
    expect(await database().db.select().from(courseChanges)).toEqual([]);
  });
});

// --- Delete ----------------------------------------------------------------------------------

describe("deleteCourse", () => {
  it("removes the row and all its files, and keeps a readable 'deleted' audit row", async () => {
    const doomed = await createCourse(actor, courseValues({ slug: "doomed" }), {
      image: image(png),
      brochure: brochure(),
    });
    const kept = await createCourse(actor, courseValues({ title: "Kept", slug: "kept" }), {
      image: image(otherPng),
      brochure: brochure(),
    });
    await updateCourse(actor, doomed.id, courseValues({ title: "Doomed", slug: "doomed" }));
    expect(await files.keys()).toEqual([...keysOf(doomed), ...keysOf(kept)].sort());

    const deleted = await deleteCourse(otherActor, doomed.id);
    expect(deleted.id).toBe(doomed.id);
    expect(await findCourseById(doomed.id)).toBeNull();
    expect(await files.keys()).toEqual(keysOf(kept));
    expect(await findCourseById(kept.id)).not.toBeNull();

    const history = await listCourseChanges(doomed.id);
    expect(history.map((row) => row.action)).toEqual(["deleted", "updated", "created"]);
    expect(history[0]).toMatchObject({
      courseId: doomed.id,
      courseTitle: "Doomed",
      actorId: otherActor.id,
      actorName: "Sola Super",
    });
    expect(await publicVisibility("doomed")).toEqual(hiddenEverywhere);
  });

  it("refuses an unknown course with 'Course not found.' and records nothing", async () => {
    const error = await rejection(deleteCourse(actor, "00000000-0000-4000-8000-000000000000"));
    expect(error).toMatchObject({ message: "Course not found.", status: 404 });
    expect(await database().db.select().from(courseChanges)).toEqual([]);
  });
});

// --- Stats and list --------------------------------------------------------------------------

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 9, 0, 0));

function row(slug: string, overrides: Partial<NewCourse> = {}): NewCourse {
  return { slug, title: slug, description: `About ${slug}`, ...overrides };
}

describe("courseStats", () => {
  it("is all zeros without courses", async () => {
    expect(await courseStats()).toEqual({ total: 0, active: 0, inactive: 0, byCategory: {} });
  });

  it("counts total, active, inactive, and categories among active courses only", async () => {
    await database()
      .db.insert(courses)
      .values([
        row("a", { category: "Design" }),
        row("b", { category: "Design" }),
        row("c", { category: "Design", isActive: false }),
        row("d", { category: "Programming" }),
        row("e", { category: "Marketing", isActive: false }),
        row("f", { category: "Data Science" }),
        row("g", { category: "Programming", isActive: false }),
      ]);
    expect(await courseStats()).toEqual({
      total: 7,
      active: 4,
      inactive: 3,
      byCategory: { Design: 2, Programming: 1, "Data Science": 1 },
    });
  });
});

describe("listCoursesForAdmin", () => {
  beforeEach(async () => {
    await database()
      .db.insert(courses)
      .values([
        row("python-basics", {
          title: "Python Basics",
          description: "Start programming",
          category: "Programming",
          skills: ["Python", "Git"],
          createdAt: day(5),
        }),
        row("figma-ui", {
          title: "Figma UI",
          description: "Design interfaces in FIGMA",
          category: "Design",
          createdAt: day(7),
        }),
        row("old-seo", {
          title: "Old SEO",
          description: "Search engines, the old way",
          category: "Marketing",
          isActive: false,
          createdAt: day(9),
        }),
        row("growth-100", {
          title: "Growth 100% Guaranteed",
          description: "Marketing that works",
          category: "Marketing",
          createdAt: day(3),
        }),
        row("growth-1000", {
          title: "Growth 1000 Tips",
          description: "Many tips",
          category: "Marketing",
          createdAt: day(2),
        }),
        row("snake-case", {
          title: "Data_Wrangling",
          description: "Cleaning data",
          category: "Data Science",
          skills: ["pandas"],
          createdAt: day(1),
        }),
        row("data-x-wrangling", {
          title: "DataXWrangling",
          description: "Also cleaning data",
          category: "Data Science",
          createdAt: day(4),
        }),
      ]);
  });

  const list = async (query: Partial<{ q: string; category: string; showInactive: boolean }>) =>
    (await listCoursesForAdmin({ q: "", category: "", showInactive: false, ...query })).map(
      (course) => course.slug,
    );

  it("lists active courses only by default, newest first", async () => {
    expect(await list({})).toEqual([
      "figma-ui",
      "python-basics",
      "data-x-wrangling",
      "growth-100",
      "growth-1000",
      "snake-case",
    ]);
  });

  it("includes inactive courses with showInactive", async () => {
    expect(await list({ showInactive: true })).toEqual([
      "old-seo",
      "figma-ui",
      "python-basics",
      "data-x-wrangling",
      "growth-100",
      "growth-1000",
      "snake-case",
    ]);
  });

  it("filters by category", async () => {
    expect(await list({ category: "Marketing" })).toEqual(["growth-100", "growth-1000"]);
    expect(await list({ category: "Marketing", showInactive: true })).toEqual([
      "old-seo",
      "growth-100",
      "growth-1000",
    ]);
  });

  it("searches title, description and skills, case-insensitively", async () => {
    expect(await list({ q: "python" })).toEqual(["python-basics"]);
    expect(await list({ q: "figma" })).toEqual(["figma-ui"]);
    expect(await list({ q: "START PROG" })).toEqual(["python-basics"]);
    expect(await list({ q: "GIT" })).toEqual(["python-basics"]);
    expect(await list({ q: "Pandas" })).toEqual(["snake-case"]);
    expect(await list({ q: "cleaning" })).toEqual(["data-x-wrangling", "snake-case"]);
    expect(await list({ q: "search engines" })).toEqual([]);
    expect(await list({ q: "search engines", showInactive: true })).toEqual(["old-seo"]);
    expect(await list({ q: "tips", category: "Design" })).toEqual([]);
  });

  it("treats % and _ in the search as plain characters", async () => {
    expect(await list({ q: "100%" })).toEqual(["growth-100"]);
    expect(await list({ q: "%" })).toEqual(["growth-100"]);
    expect(await list({ q: "data_w" })).toEqual(["snake-case"]);
    expect(await list({ q: "_" })).toEqual(["snake-case"]);
    expect(await list({ q: "\\" })).toEqual([]);
  });
});

// --- Through the route action --------------------------------------------------------------------

describe("course route action", () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signInCookie(actor.email);
  });

  const post = (pathAndQuery: string, fields: FormFields, multipart = true) =>
    outcomeOf(() =>
      coursesRoute.action(
        routeArgs(
          multipart
            ? multipartRequest(pathAndQuery, fields, { cookie })
            : postRequest(pathAndQuery, fields as Record<string, string>, { cookie }),
        ),
      ),
    );

  async function flashOf(outcome: Outcome) {
    const request = new Request("http://localhost:3000/", {
      headers: { cookie: cookieHeader(setCookiesOf(outcome)) },
    });
    return (await takeFlash(request)).flash;
  }

  const errorsOf = (outcome: Outcome) =>
    outcome.kind === "data"
      ? (outcome.data as { result: { error?: Record<string, string[]> } }).result.error
      : undefined;

  it("answers every successful intent with a redirect to the same list and its success toast", async () => {
    const list = "/admin-portal/courses?q=web&inactive=1&view=list";
    const created = await post(list, courseFields({ intent: "create" }));
    expect(created).toMatchObject({ kind: "redirect", status: 302, location: list });
    expect(await flashOf(created)).toEqual({
      kind: "success",
      message: "Course created successfully!",
    });
    const [course] = await allCourses();
    if (!course) throw new Error("The course was not created");

    const updated = await post(list, courseFields({ intent: "update", id: course.id }));
    expect(updated).toMatchObject({ kind: "redirect", location: list });
    expect((await flashOf(updated))?.message).toBe("Course updated successfully!");

    const off = await post(list, { intent: "toggle", id: course.id, isActive: "true" }, false);
    expect(off).toMatchObject({ kind: "redirect", location: list });
    expect((await flashOf(off))?.message).toBe("Course deactivated successfully!");
    const on = await post(list, { intent: "toggle", id: course.id, isActive: "false" }, false);
    expect((await flashOf(on))?.message).toBe("Course activated successfully!");
    expect((await findCourseById(course.id))?.isActive).toBe(true);

    const deleted = await post(list, { intent: "delete", id: course.id }, false);
    expect(deleted).toMatchObject({ kind: "redirect", location: list });
    expect((await flashOf(deleted))?.message).toBe("Course deleted successfully!");
    expect(await allCourses()).toEqual([]);
  });

  it("shows the required-field messages and creates nothing", async () => {
    const outcome = await post(
      "/admin-portal/courses",
      courseFields({ intent: "create", title: " ", slug: "", description: "", category: "" }),
    );
    expect(outcome).toMatchObject({ kind: "data", status: 400 });
    expect(errorsOf(outcome)).toEqual({
      title: ["Course title is required"],
      slug: ["Course slug is required"],
      description: ["Course description is required"],
      category: ["Category is required"],
    });
    expect(await allCourses()).toEqual([]);
  });

  it("puts a taken slug on the slug field, not a database error", async () => {
    await createCourse(actor, courseValues({ slug: "taken" }));
    const outcome = await post(
      "/admin-portal/courses",
      courseFields({ intent: "create", title: "Typed Title", slug: "taken" }),
    );
    expect(outcome).toMatchObject({ kind: "data", status: 409 });
    expect(errorsOf(outcome)).toEqual({
      slug: [SLUG_TAKEN],
      "": [`Failed to create course: ${SLUG_TAKEN}`],
    });
    expect(
      outcome.kind === "data" &&
        (outcome.data as { result: { initialValue: { title: string } } }).result.initialValue.title,
    ).toBe("Typed Title");
    expect(await allCourses()).toHaveLength(1);
  });

  it("answers 404 'Course not found.' to an id that names no course, well-formed or not", async () => {
    const kept = await createCourse(actor, courseValues());
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", ""]) {
      const toggle = await post(
        "/admin-portal/courses",
        { intent: "toggle", id, isActive: "true" },
        false,
      );
      expect(toggle, `toggle ${JSON.stringify(id)}`).toMatchObject({ kind: "data", status: 404 });
      expect(errorsOf(toggle)).toEqual({ "": ["Failed to update course: Course not found."] });

      const remove = await post("/admin-portal/courses", { intent: "delete", id }, false);
      expect(remove, `delete ${JSON.stringify(id)}`).toMatchObject({ kind: "data", status: 404 });
      expect(errorsOf(remove)).toEqual({ "": ["Failed to delete course: Course not found."] });

      const update = await post(
        "/admin-portal/courses",
        courseFields({ intent: "update", id, slug: "another-slug" }),
      );
      expect(update, `update ${JSON.stringify(id)}`).toMatchObject({ kind: "data", status: 404 });
      expect(errorsOf(update)?.[""]).toEqual(["Failed to update course: Course not found."]);
    }
    expect(await allCourses()).toEqual([await findCourseById(kept.id)]);
    expect((await listCourseChanges(kept.id)).map((row) => row.action)).toEqual(["created"]);
  });
});
