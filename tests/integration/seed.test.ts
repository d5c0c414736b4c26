import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bankAccount,
  certificateSignatory,
  classSessions,
  courseCategories,
  courseLevels,
  courses,
  discountCodes,
  intakes,
} from "~/db/schema";
import { readClassTimes } from "~/features/cohort/timetable-pattern";
import { buildDemoCourses } from "~/features/demo/demo-courses";
import {
  demoBankAccount,
  demoDiscountCode,
  demoSignatory,
  seedDemoContent,
} from "~/features/demo/seed.server";
import { lagosToday } from "~/lib/format/dates";
import { localDiskStorage } from "~/lib/infra/storage/local-disk.server";
import { COURSE_ASSETS_BUCKET, type ObjectStorage } from "~/lib/infra/storage/storage.server";
import { setupTestDatabase } from "../support/test-database";

const TODAY = new Date("2026-03-10T23:30:00Z"); // already 11 March in Lagos (UTC+1)
const LAGOS_TODAY = "2026-03-11";

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "academy-seed-"));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function newStorage(name: string): Promise<ObjectStorage> {
  return localDiskStorage(path.join(root, name), COURSE_ASSETS_BUCKET);
}

/** Every file under the bucket, as storage keys. */
async function storedKeys(name: string): Promise<string[]> {
  const bucket = path.join(root, name, COURSE_ASSETS_BUCKET);
  const entries = await readdir(bucket, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(bucket, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe("demo catalogue data", () => {
  const demo = buildDemoCourses(TODAY);

  it("has unique kebab-case slugs and sensible values", () => {
    const slugs = demo.map((course) => course.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const course of demo) {
      expect(course.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(course.price ?? 0).toBeGreaterThan(0);
      // In steps of ₦1,000, kept in kobo.
      expect((course.price ?? 0) % 100_000).toBe(0);
      expect(course.originalPrice ?? 0).toBeGreaterThanOrEqual(course.price ?? 0);
      expect(course.rating).toBeGreaterThanOrEqual(4.2);
      expect(course.rating).toBeLessThanOrEqual(4.9);
      expect(["Online only", "In-person only", "Available in-person and online"]).toContain(
        course.format,
      );
      expect(course.accent).toMatch(/^#[0-9a-f]{6}$/i);
    }
  });

  it("gives every course three intakes: one past, the next with an early bird, a small one after", () => {
    for (const course of demo) {
      const [past, next, after] = course.intakes;
      expect(course.intakes).toHaveLength(3);
      expect(past).toMatchObject({ status: "closed" });
      expect((past?.startsOn ?? "") < LAGOS_TODAY).toBe(true);
      for (const intake of [next, after]) {
        expect(intake?.status).toBe("open");
        expect((intake?.startsOn ?? "") > LAGOS_TODAY).toBe(true);
        expect((intake?.endsOn ?? "") >= (intake?.startsOn ?? "")).toBe(true);
        expect(intake?.price).toBe(course.price);
      }
      const weeks =
        (Date.parse(after?.startsOn ?? "") - Date.parse(next?.startsOn ?? "")) /
        (7 * 24 * 3600 * 1000);
      expect(weeks).toBeGreaterThanOrEqual(3);
      expect(weeks).toBeLessThanOrEqual(8);
      expect(after?.seats).toBe(3);
      if (course.price) {
        expect(next?.earlyBirdPrice).toBeLessThan(course.price);
        expect(next?.earlyBirdEndsOn && next.earlyBirdEndsOn < (next?.startsOn ?? "")).toBe(true);
      }
    }
  });
});

describe("seedDemoContent on an empty database", () => {
  const database = setupTestDatabase();
  let storage: ObjectStorage;
  let results: { seeded: boolean; courses: number }[];
  const lines: string[] = [];

  beforeAll(async () => {
    storage = await newStorage("empty");
    // Two seeders at once, as when several app processes start together: one of them wins.
    results = await Promise.all([
      seedDemoContent(database().db, storage, { today: TODAY, log: (line) => lines.push(line) }),
      seedDemoContent(database().db, storage, { today: TODAY, log: (line) => lines.push(line) }),
    ]);
  }, 120_000);

  it("inserts the catalogue exactly once", async () => {
    const rows = await database().db.select().from(courses);
    expect(results.filter((result) => result.seeded)).toHaveLength(1);
    expect(results.map((result) => result.courses)).toEqual([rows.length, rows.length]);
    expect(rows.length).toBeGreaterThanOrEqual(16);
    expect(rows.length).toBe(buildDemoCourses(TODAY).length);
    // Both rendered; the loser found the courses under the lock and removed its own files.
    expect(lines.filter((line) => line.startsWith("Rendering"))).toHaveLength(2);
    expect(lines.filter((line) => line.startsWith("Added"))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith("Another process"))).toHaveLength(1);
  });

  it("sets the bank account for transfers, the certificates' signatory and a discount code to try", async () => {
    const { db } = database();
    expect(await db.select().from(bankAccount)).toMatchObject([demoBankAccount]);
    expect(await db.select().from(certificateSignatory)).toMatchObject([demoSignatory]);
    expect(await db.select().from(discountCodes)).toMatchObject([
      { ...demoDiscountCode, allIntakes: true, deactivatedAt: null },
    ]);
  });

  it("covers every category and level, with the edge cases the screens need", async () => {
    const rows = await database().db.select().from(courses);
    expect(new Set(rows.map((row) => row.category))).toEqual(new Set(courseCategories));
    expect(new Set(rows.map((row) => row.level))).toEqual(new Set(courseLevels));
    for (const category of courseCategories) {
      expect(rows.filter((row) => row.category === category).length).toBeGreaterThanOrEqual(4);
    }
    expect(rows.some((row) => !row.isActive)).toBe(true);
    expect(rows.some((row) => row.brochureUrl === null)).toBe(true);
    expect(rows.some((row) => row.modules.length === 0)).toBe(true);
    expect(rows.some((row) => row.faqs.length === 0)).toBe(true);
    expect(rows.some((row) => row.classSize === null)).toBe(true);
    expect(rows.some((row) => row.originalPrice > row.price)).toBe(true);
    expect(rows.every((row) => row.createdBy === null)).toBe(true);
    const withBrochure = rows.filter((row) => row.brochureUrl).length;
    expect(withBrochure / rows.length).toBeGreaterThan(0.5);
    for (const row of rows.filter((row) => row.isActive)) expect(row.image).toBeTruthy();
  });

  it("has unique slugs, and stores each course's intakes", async () => {
    const rows = await database().db.select().from(courses);
    expect(new Set(rows.map((row) => row.slug)).size).toBe(rows.length);
    const stored = await database().db.select().from(intakes);
    expect(stored).toHaveLength(rows.length * 3);
    for (const row of rows) {
      const own = stored.filter((intake) => intake.courseId === row.id);
      expect(own.filter((intake) => intake.startsOn > LAGOS_TODAY)).toHaveLength(2);
    }
  });

  it("builds each intake's timetable from its class times where they read as one pattern, in Lagos time", async () => {
    const stored = await database().db.select().from(intakes);
    const sessions = await database().db.select().from(classSessions);
    const built = stored.filter((intake) => {
      const { days, startTime } = readClassTimes(intake.classTimes);
      return days && startTime;
    });
    expect(built.length).toBeGreaterThan(stored.length / 2);
    for (const intake of stored) {
      const own = sessions.filter((session) => session.intakeId === intake.id);
      expect(own.length > 0, intake.classTimes ?? "").toBe(built.includes(intake));
      for (const session of own) {
        const day = lagosToday(session.startsAt);
        expect(day >= intake.startsOn && day <= intake.endsOn).toBe(true);
      }
    }
  });

  it("spaces creation times so that ordering is stable", async () => {
    const rows = await database().db.select().from(courses);
    const times = new Set(rows.map((row) => row.createdAt.getTime()));
    expect(times.size).toBe(rows.length);
  });

  it("stores files under the course-assets keys, and no file that no course uses", async () => {
    const rows = await database().db.select().from(courses);
    const referenced: string[] = [];
    for (const row of rows) {
      const imageKey = storage.keyFromUrl(row.image ?? "");
      expect(imageKey).toMatch(/^images\/course-image-\d+\.jpg$/);
      referenced.push(imageKey ?? "");
      expect(row.imageVariants.map((variant) => variant.width)).toEqual([400, 800, 1200]);
      for (const variant of row.imageVariants) {
        const variantKey = storage.keyFromUrl(variant.url);
        expect(variantKey).toBe(imageKey?.replace(/\.jpg$/, `-${variant.width}.webp`));
        referenced.push(variantKey ?? "");
      }
      const shareKey = storage.keyFromUrl(row.shareImage ?? "");
      expect(shareKey).toBe(imageKey?.replace(/\.jpg$/, "-share.jpg"));
      referenced.push(shareKey ?? "");
      if (row.brochureUrl) {
        const brochureKey = storage.keyFromUrl(row.brochureUrl);
        expect(brochureKey).toMatch(/^brochures\/course-[0-9a-f-]{36}-brochure-\d+\.pdf$/);
        expect(brochureKey).toContain(`course-${row.id}-brochure-`);
        referenced.push(brochureKey ?? "");
        const file = path.join(root, "empty", COURSE_ASSETS_BUCKET, brochureKey ?? "");
        expect(row.brochureBytes).toBe((await readFile(file)).length);
      } else {
        expect(row.brochureBytes).toBeNull();
      }
    }
    expect(new Set(referenced).size).toBe(referenced.length);
    expect(await storedKeys("empty")).toEqual(referenced.sort());
  });

  it("stores real 1200×800 JPEG images", async () => {
    const [row] = await database().db.select().from(courses).limit(1);
    const key = storage.keyFromUrl(row?.image ?? "");
    expect(key).toBeTruthy();
    const file = await readFile(path.join(root, "empty", COURSE_ASSETS_BUCKET, key ?? ""));
    const meta = await sharp(file).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.width).toBe(1200);
    expect(meta.height).toBe(800);
    expect(file.length).toBeLessThan(150_000);
    const stored = await storage.get(key ?? "");
    expect(stored?.contentType).toBe("image/jpeg");
    stored?.body.destroy();
  });

  it("stores real PDF brochures of two pages or more", async () => {
    const rows = await database().db.select().from(courses);
    for (const row of rows.filter((row) => row.brochureUrl).slice(0, 3)) {
      const key = storage.keyFromUrl(row.brochureUrl ?? "") ?? "";
      const file = await readFile(path.join(root, "empty", COURSE_ASSETS_BUCKET, key));
      expect(file.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      const pdf = await PDFDocument.load(file);
      expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2);
      expect(pdf.getTitle()).toContain(row.title);
    }
  });

  it("does nothing when called again", async () => {
    const before = await storedKeys("empty");
    const rows = await database().db.select().from(courses);
    const again = await seedDemoContent(database().db, storage, { today: TODAY });
    expect(again).toEqual({ seeded: false, courses: rows.length });
    expect(await database().db.select().from(courses)).toHaveLength(rows.length);
    expect(await storedKeys("empty")).toEqual(before);
  });
});

describe("seedDemoContent on a database that already has a course", () => {
  const database = setupTestDatabase();

  it("adds nothing and stores no file", async () => {
    await database().db.insert(courses).values({
      slug: "our-own-course",
      title: "Our Own Course",
      description: "Created by an admin before anyone ran the seed.",
    });
    const storage = await newStorage("existing");
    const result = await seedDemoContent(database().db, storage, { today: TODAY });
    expect(result).toEqual({ seeded: false, courses: 1 });
    const rows = await database().db.select().from(courses);
    expect(rows.map((row) => row.slug)).toEqual(["our-own-course"]);
    expect(await storedKeys("existing")).toEqual([]);
  });
});
