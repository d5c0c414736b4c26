import { and, asc, desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { courses } from "~/db/schema";
import { slugPattern } from "~/lib/text/slug";

/** The fields a course card and the catalogue need. */
const cardColumns = {
  id: courses.id,
  slug: courses.slug,
  title: courses.title,
  description: courses.description,
  category: courses.category,
  level: courses.level,
  icon: courses.icon,
  image: courses.image,
  imageVariants: courses.imageVariants,
  duration: courses.duration,
  price: courses.price,
  originalPrice: courses.originalPrice,
  rating: courses.rating,
  lessons: courses.lessons,
} as const;

/** Active courses, newest first: the public lists never show an inactive course. */
export async function listActiveCourses() {
  return db()
    .select(cardColumns)
    .from(courses)
    .where(eq(courses.isActive, true))
    .orderBy(desc(courses.createdAt), asc(courses.title));
}

export type CourseCard = Awaited<ReturnType<typeof listActiveCourses>>[number];

/** The navigation menu and the inquiry form's course list: active courses by title. */
export async function listActiveCourseLinks() {
  return db()
    .select({ slug: courses.slug, title: courses.title, category: courses.category })
    .from(courses)
    .where(eq(courses.isActive, true))
    .orderBy(asc(courses.title));
}

/**
 * One active course by slug, or null (inactive courses are never public). The slug comes from
 * a URL: one that no course can have is not looked up.
 */
export async function findActiveCourseBySlug(slug: string) {
  if (!slugPattern.test(slug)) return null;
  const [course] = await db()
    .select()
    .from(courses)
    .where(and(eq(courses.slug, slug), eq(courses.isActive, true)))
    .limit(1);
  return course ?? null;
}

/** Whether an active course has exactly this title (an inquiry's course of interest). */
export async function isActiveCourseTitle(title: string) {
  const [found] = await db()
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.title, title), eq(courses.isActive, true)))
    .limit(1);
  return Boolean(found);
}

/** Slugs and change dates of active courses, for the sitemap. */
export async function listActiveCourseSitemapEntries() {
  return db()
    .select({ slug: courses.slug, updatedAt: courses.updatedAt })
    .from(courses)
    .where(eq(courses.isActive, true))
    .orderBy(asc(courses.slug));
}
