import { randomUUID } from "node:crypto";
import { count, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import {
  bankAccount,
  certificateSignatory,
  classSessions,
  courses,
  discountCodes,
  intakes,
  type NewCourse,
  type NewIntake,
} from "~/db/schema";
import {
  courseFileKeys,
  storeCourseBrochure,
  storeCourseImage,
} from "~/features/courses/admin/course-files.server";
import type { ObjectStorage } from "~/lib/infra/storage/storage.server";
import { renderCourseBrochure } from "./course-brochure.server";
import { renderCourseImage } from "./course-image.server";
import { buildDemoCourses, type DemoCourse } from "./demo-courses";
import { demoSessions } from "./demo-timetables";

/** Key of the transaction-scoped advisory lock that serialises concurrent seeders. */
const SEED_ADVISORY_LOCK = 727_411_001;

/** Gap between the creation times of two seeded courses, so that ordering is stable. */
const CREATED_AT_STEP_MS = 5 * 60 * 1000;

export type SeedOptions = {
  /** "Today", from which start dates are computed; defaults to now. */
  today?: Date;
  log?: (line: string) => void;
};

export type SeedResult = { seeded: boolean; courses: number };

/** Who signs the demo's certificates, so a newcomer can issue one straight away. */
export const demoSignatory = { name: "Adaeze Okafor", title: "Director of Studies" };

/** A discount code to try on the apply form: 10 % off every intake, once per person. */
export const demoDiscountCode = { code: "WELCOME10", percent: 10, perPersonLimit: 1 };

/** The demo's bank account for transfers: plainly not a real one. */
export const demoBankAccount = {
  bankName: "Demo Bank (not a real account)",
  accountName: "Lagos Tech Academy Demo",
  accountNumber: "0123456789",
};

/**
 * Fills an empty database with the demo catalogue: courses, their cover images and brochures.
 * It never touches a database that already has a course, and concurrent calls (several app
 * processes starting at once) insert the catalogue exactly once.
 */
export async function seedDemoContent(
  db: Database,
  storage: ObjectStorage,
  options: SeedOptions = {},
): Promise<SeedResult> {
  const log = options.log ?? (() => {});
  const existing = await countCourses(db);
  if (existing > 0) {
    log(`The database already has ${existing} course(s); demo content was not added.`);
    return { seeded: false, courses: existing };
  }

  const demo = buildDemoCourses(options.today ?? new Date());
  log(`Rendering images and brochures for ${demo.length} demo courses…`);
  const storedKeys: string[] = [];
  let rows: NewCourse[];
  let intakeRows: NewIntake[];
  try {
    ({ rows, intakeRows } = await prepareRows(demo, storage, storedKeys));
  } catch (error) {
    await storage.delete(storedKeys);
    throw error;
  }

  let outcome: { result: SeedResult; keep: Set<string> };
  try {
    outcome = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_ADVISORY_LOCK})`);
      const now = await countCourses(tx);
      if (now > 0) {
        // Another process seeded (or someone added a course) while we were rendering. Keep any
        // file its rows point to, in case both runs produced the same key.
        return { result: { seeded: false, courses: now }, keep: await referencedKeys(tx, storage) };
      }
      await tx.insert(courses).values(rows);
      const added = await tx.insert(intakes).values(intakeRows).returning();
      const sessions = demoSessions(added);
      if (sessions.length) await tx.insert(classSessions).values(sessions);
      // So that a newcomer sees bank transfer offered beside the test checkout.
      await tx.insert(bankAccount).values(demoBankAccount).onConflictDoNothing();
      await tx.insert(certificateSignatory).values(demoSignatory).onConflictDoNothing();
      await tx.insert(discountCodes).values(demoDiscountCode).onConflictDoNothing();
      return { result: { seeded: true, courses: rows.length }, keep: new Set(storedKeys) };
    });
  } catch (error) {
    await storage.delete(storedKeys);
    throw error;
  }

  const { result, keep } = outcome;
  const orphans = storedKeys.filter((key) => !keep.has(key));
  if (orphans.length > 0) await storage.delete(orphans);
  if (result.seeded) {
    const brochures = rows.filter((row) => row.brochureUrl).length;
    log(`Added ${result.courses} demo courses with ${brochures} brochures.`);
  } else {
    log(`Another process added courses first (${result.courses}); nothing was added.`);
  }
  return result;
}

async function prepareRows(
  demo: DemoCourse[],
  storage: ObjectStorage,
  storedKeys: string[],
): Promise<{ rows: NewCourse[]; intakeRows: NewIntake[] }> {
  const baseTime = Date.now();
  const order = displayOrder(demo);
  const rows: NewCourse[] = [];
  const intakeRows: NewIntake[] = [];
  for (const [index, course] of demo.entries()) {
    const { hasBrochure, accent, intakes: courseIntakes, ...fields } = course;
    const id = randomUUID();
    intakeRows.push(...courseIntakes.map((intake) => ({ ...intake, courseId: id })));
    // Every file gets a timestamp of its own: the image even, the brochure odd.
    const image = await storeDemoImage(storage, course, baseTime + index * 2);
    storedKeys.push(...image.keys);
    let brochureUrl: string | null = null;
    let brochureBytes: number | null = null;
    if (hasBrochure) {
      const brochure = await storeCourseBrochure(
        storage,
        id,
        await renderCourseBrochure(course),
        baseTime + index * 2 + 1,
      );
      storedKeys.push(...brochure.keys);
      brochureUrl = brochure.url;
      brochureBytes = brochure.bytes;
    }
    // The newest course comes first in "newest first" lists; categories alternate there.
    const createdAt = new Date(baseTime - (order.get(course.slug) ?? index) * CREATED_AT_STEP_MS);
    rows.push({
      ...fields,
      id,
      image: image.image,
      imageVariants: image.imageVariants,
      shareImage: image.shareImage,
      brochureUrl,
      brochureBytes,
      createdBy: null,
      createdAt,
      updatedAt: createdAt,
    });
  }
  return { rows, intakeRows };
}

/** Renders a course's cover image and stores it with its WebP renditions. */
async function storeDemoImage(
  storage: ObjectStorage,
  course: Pick<DemoCourse, "title" | "category" | "accent" | "icon">,
  timestamp: number,
) {
  const body = await renderCourseImage({
    title: course.title,
    category: course.category ?? "Programming",
    accent: course.accent,
    icon: course.icon,
  });
  return storeCourseImage(storage, body, "image/jpeg", timestamp);
}

/** Rank of each course when categories take turns: Design, Marketing, Data Science, … */
function displayOrder(demo: DemoCourse[]): Map<string, number> {
  const perCategory = new Map<string, number>();
  const ranked = demo.map((course, index) => {
    const category = course.category ?? "Programming";
    const position = perCategory.get(category) ?? 0;
    perCategory.set(category, position + 1);
    return { slug: course.slug, position, index };
  });
  ranked.sort((a, b) => a.position - b.position || a.index - b.index);
  return new Map(ranked.map((entry, rank) => [entry.slug, rank]));
}

async function countCourses(executor: Database | Transaction): Promise<number> {
  const [row] = await executor.select({ value: count() }).from(courses);
  return Number(row?.value ?? 0);
}

async function referencedKeys(tx: Transaction, storage: ObjectStorage): Promise<Set<string>> {
  const rows = await tx
    .select({
      image: courses.image,
      imageVariants: courses.imageVariants,
      shareImage: courses.shareImage,
      brochureUrl: courses.brochureUrl,
    })
    .from(courses);
  return new Set(rows.flatMap((row) => courseFileKeys(storage, row)));
}
