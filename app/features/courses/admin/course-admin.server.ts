import { randomUUID } from "node:crypto";
import { and, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import {
  type Admin,
  type Course,
  type CourseChangeSet,
  type courseCategories,
  type courseChangeActions,
  courseChanges,
  courses,
} from "~/db/schema";
import {
  courseFileKeys,
  storeCourseBrochure,
  storeCourseImage,
} from "~/features/courses/admin/course-files.server";
import { uniqueTimestamp } from "~/features/uploads/file-content.server";
import type { ReceivedFile } from "~/features/uploads/upload-form.server";
import { isStillReferenced, isUniqueViolation, UserFacingError } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { courseAssets } from "~/lib/infra/storage/index.server";
import { containsPattern } from "~/lib/text/sql-text";
import {
  type CourseFieldName,
  type CourseFormValues,
  courseFieldNames,
  courseMessages,
} from "./course-form-schema";

/*
 * Authorization: every portal route guards with requireAdmin, and any active admin (admin or
 * super admin) may manage courses, so these services have no rule of their
 * own beyond it. The actor is still passed in: it is recorded in the course history.
 */

export type AdminCourseQuery = { q: string; category: string; showInactive: boolean };

/**
 * The portal's course list, newest first: search over title, description and skills, a category,
 * and inactive courses only when asked for.
 */
export async function listCoursesForAdmin(query: AdminCourseQuery) {
  const conditions: (SQL | undefined)[] = [];
  if (!query.showInactive) conditions.push(eq(courses.isActive, true));
  if (query.category)
    conditions.push(eq(courses.category, query.category as (typeof courseCategories)[number]));
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(
        ilike(courses.title, pattern),
        ilike(courses.description, pattern),
        sql`exists (select 1 from unnest(${courses.skills}) as skill where skill ilike ${pattern})`,
      ),
    );
  }
  return db()
    .select()
    .from(courses)
    .where(and(...conditions))
    .orderBy(desc(courses.createdAt));
}

/** Course figures: total, active, inactive, and per category among active courses. */
export async function courseStats() {
  const rows = await db()
    .select({
      category: courses.category,
      isActive: courses.isActive,
      total: sql<number>`count(*)`.mapWith(Number),
    })
    .from(courses)
    .groupBy(courses.category, courses.isActive);
  const byCategory: Record<string, number> = {};
  let active = 0;
  let inactive = 0;
  for (const row of rows) {
    if (row.isActive) {
      active += row.total;
      byCategory[row.category] = (byCategory[row.category] ?? 0) + row.total;
    } else inactive += row.total;
  }
  return { total: active + inactive, active, inactive, byCategory };
}

export async function findCourseById(id: string): Promise<Course | null> {
  if (!isUuid(id)) return null;
  const [course] = await db().select().from(courses).where(eq(courses.id, id)).limit(1);
  return course ?? null;
}

/** The latest changes of a course, newest first, for the edit modal's history. */
export async function listCourseChanges(courseId: string, limit = 8) {
  return db()
    .select()
    .from(courseChanges)
    .where(eq(courseChanges.courseId, courseId))
    .orderBy(desc(courseChanges.createdAt))
    .limit(limit);
}

type Uploads = { image?: ReceivedFile; brochure?: ReceivedFile };

type FormColumns = {
  [Name in CourseFieldName]:
    | Exclude<CourseFormValues[Name], undefined>
    | (undefined extends CourseFormValues[Name] ? null : never);
};

/**
 * The course columns a form sets, one per form field; an empty optional text is stored as null.
 * id, created_at and created_by never come from a form.
 */
function formColumns(values: CourseFormValues) {
  return Object.fromEntries(
    courseFieldNames.map((name) => {
      const value = values[name];
      return [name, value === undefined || value === "" ? null : value];
    }),
  ) as FormColumns;
}

type StoredFiles = {
  columns: Partial<
    Pick<Course, "image" | "imageVariants" | "shareImage" | "brochureUrl" | "brochureBytes">
  >;
  keys: string[];
};

/** Stores the uploads first; the caller removes `keys` again if the save fails. */
async function storeUploads(courseId: string, uploads: Uploads): Promise<StoredFiles> {
  const storage = courseAssets();
  const stored: StoredFiles = { columns: {}, keys: [] };
  try {
    if (uploads.image) {
      const image = await storeCourseImage(
        storage,
        uploads.image.buffer,
        uploads.image.type,
        uniqueTimestamp(),
      );
      stored.keys.push(...image.keys);
      stored.columns.image = image.image;
      stored.columns.imageVariants = image.imageVariants;
      stored.columns.shareImage = image.shareImage;
    }
    if (uploads.brochure) {
      const brochure = await storeCourseBrochure(
        storage,
        courseId,
        uploads.brochure.buffer,
        uniqueTimestamp(),
      );
      stored.keys.push(...brochure.keys);
      stored.columns.brochureUrl = brochure.url;
      stored.columns.brochureBytes = brochure.bytes;
    }
    return stored;
  } catch (error) {
    await storage.delete(stored.keys);
    throw error;
  }
}

async function recordChange(
  tx: Transaction,
  actor: Admin,
  course: Pick<Course, "id" | "title">,
  action: (typeof courseChangeActions)[number],
  changes: CourseChangeSet = {},
) {
  await tx.insert(courseChanges).values({
    courseId: course.id,
    courseTitle: course.title,
    action,
    changes,
    actorId: actor.id,
    actorName: actor.name,
  });
}

/** The fields whose changes the history records: the form's, and the two files. */
const auditedFields: readonly (keyof Course)[] = [...courseFieldNames, "image", "brochureUrl"];

/** What changed between two versions of a course, field by field. */
export function diffCourse(before: Course, after: Course): CourseChangeSet {
  const changes: CourseChangeSet = {};
  for (const field of auditedFields) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) {
      changes[field] = { from: before[field], to: after[field] };
    }
  }
  return changes;
}

function slugTaken(error: unknown) {
  return isUniqueViolation(error)
    ? new UserFacingError(courseMessages.slugTaken, 409, "slug")
    : error;
}

async function assertSlugFree(slug: string, exceptId?: string) {
  const [other] = await db()
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.slug, slug))
    .limit(1);
  if (other && other.id !== exceptId)
    throw new UserFacingError(courseMessages.slugTaken, 409, "slug");
}

/** Creates a course with its files; a failed save leaves no files and no course. */
export async function createCourse(actor: Admin, values: CourseFormValues, uploads: Uploads = {}) {
  await assertSlugFree(values.slug);
  const id = randomUUID();
  const stored = await storeUploads(id, uploads);
  try {
    return await db().transaction(async (tx) => {
      const [course] = await tx
        .insert(courses)
        .values({ ...formColumns(values), ...stored.columns, id, createdBy: actor.userId })
        .returning();
      if (!course) throw new Error("The course was not saved");
      await recordChange(tx, actor, course, "created");
      return course;
    });
  } catch (error) {
    await courseAssets().delete(stored.keys);
    throw slugTaken(error);
  }
}

/**
 * Updates a course (never its id, created_at or created_by). Replaced or
 * removed files are deleted after the save; a failed save deletes the new ones instead.
 */
export async function updateCourse(
  actor: Admin,
  id: string,
  values: CourseFormValues,
  uploads: Uploads = {},
) {
  const existing = await findCourseById(id);
  if (!existing) throw new UserFacingError(courseMessages.notFound, 404);
  await assertSlugFree(values.slug, id);
  const stored = await storeUploads(id, uploads);
  const columns: Partial<Course> = { ...formColumns(values), ...stored.columns };
  if (values.removeImage && !uploads.image)
    Object.assign(columns, { image: null, imageVariants: [], shareImage: null });
  if (values.removeBrochure && !uploads.brochure)
    Object.assign(columns, { brochureUrl: null, brochureBytes: null });
  let result: { before: Course; after: Course };
  try {
    result = await db().transaction(async (tx) => {
      const [before] = await tx.select().from(courses).where(eq(courses.id, id)).for("update");
      if (!before) throw new UserFacingError(courseMessages.notFound, 404);
      const [after] = await tx
        .update(courses)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(courses.id, id))
        .returning();
      if (!after) throw new UserFacingError(courseMessages.notFound, 404);
      const changes = diffCourse(before, after);
      if (Object.keys(changes).length) await recordChange(tx, actor, after, "updated", changes);
      return { before, after };
    });
  } catch (error) {
    await courseAssets().delete(stored.keys);
    throw slugTaken(error);
  }
  const storage = courseAssets();
  const kept = new Set(courseFileKeys(storage, result.after));
  await storage.delete(courseFileKeys(storage, result.before).filter((key) => !kept.has(key)));
  return result.after;
}

/** Toggle active: sets the opposite of the state the screen showed. */
export async function toggleCourseActive(actor: Admin, id: string, currentlyActive: boolean) {
  if (!isUuid(id)) throw new UserFacingError(courseMessages.notFound, 404);
  return db().transaction(async (tx) => {
    const [course] = await tx
      .update(courses)
      .set({ isActive: !currentlyActive, updatedAt: new Date() })
      .where(eq(courses.id, id))
      .returning();
    if (!course) throw new UserFacingError(courseMessages.notFound, 404);
    await recordChange(tx, actor, course, course.isActive ? "activated" : "deactivated", {
      isActive: { from: currentlyActive, to: course.isActive },
    });
    return course;
  });
}

/** Deletes a course for good, and its files. */
export async function deleteCourse(actor: Admin, id: string) {
  if (!isUuid(id)) throw new UserFacingError(courseMessages.notFound, 404);
  const deleted = await db()
    .transaction(async (tx) => {
      const [course] = await tx.delete(courses).where(eq(courses.id, id)).returning();
      if (!course) throw new UserFacingError(courseMessages.notFound, 404);
      // The history keeps what was deleted.
      await recordChange(tx, actor, course, "deleted", { course: { from: course, to: null } });
      return course;
    })
    .catch((error: unknown) => {
      // Applications restrict deleting their intake, and so the course (migration 0018).
      if (isStillReferenced(error)) throw new UserFacingError(courseMessages.hasApplications, 409);
      throw error;
    });
  const storage = courseAssets();
  await storage.delete(courseFileKeys(storage, deleted));
  return deleted;
}
