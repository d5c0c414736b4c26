import type { courseCategories } from "~/db/schema";
import { addDays } from "~/lib/format/dates";

export type CourseCategory = (typeof courseCategories)[number];

/** Percent off, rounded, when the original price exceeds the price; else null. */
export function percentOff(price: number, originalPrice: number | null | undefined) {
  if (!originalPrice || originalPrice <= price) return null;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}

/** `UX/UI Design 101` → `ux_ui_design_101_brochure.pdf` */
export function brochureFileName(title: string) {
  return `${title.replace(/[^a-zA-Z0-9]/g, "_").toLowerCase()}_brochure.pdf`;
}

/**
 * The landing page's featured courses: from the list (newest first), the first course of each
 * distinct category, plus up to two random others, at most six.
 */
export function selectFeaturedCourses<T extends { id: string; category: string }>(
  courses: readonly T[],
  random: () => number = Math.random,
  max = 6,
): T[] {
  const seen = new Set<string>();
  const firstOfCategory: T[] = [];
  const others: T[] = [];
  for (const course of courses) {
    if (seen.has(course.category)) others.push(course);
    else {
      seen.add(course.category);
      firstOfCategory.push(course);
    }
  }
  const extras: T[] = [];
  const pool = [...others];
  while (extras.length < 2 && pool.length > 0) {
    const [picked] = pool.splice(Math.min(pool.length - 1, Math.floor(random() * pool.length)), 1);
    if (picked) extras.push(picked);
  }
  return [...firstOfCategory, ...extras].slice(0, max);
}

/** `starting`: "60-days" keeps the courses whose next intake starts within 60 days. */
export type CatalogueFilters = {
  q: string;
  category: string;
  level: string;
  starting: "" | "60-days";
};

/** How far ahead 'Starting in the next 60 days' looks, from today in Lagos. */
export const STARTING_SOON_DAYS = 60;

/**
 * Title and description contain the search text (any case); category and level match; with
 * `starting`, the next intake starts on or before `today` + 60 days (Lagos dates).
 */
export function filterCourses<
  T extends {
    title: string;
    description: string;
    category: string;
    level: string;
    nextStartsOn: string | null;
  },
>(courses: readonly T[], filters: CatalogueFilters, today: string): T[] {
  const needle = filters.q.trim().toLocaleLowerCase();
  const startsBy = filters.starting ? addDays(today, STARTING_SOON_DAYS) : null;
  return courses.filter(
    (course) =>
      (!needle ||
        course.title.toLocaleLowerCase().includes(needle) ||
        course.description.toLocaleLowerCase().includes(needle)) &&
      (!filters.category || course.category === filters.category) &&
      (!filters.level || course.level === filters.level) &&
      (!startsBy || (course.nextStartsOn !== null && course.nextStartsOn <= startsBy)),
  );
}

/** Distinct values of the loaded courses, for the catalogue's dropdowns. */
export function distinctValues<T, K extends keyof T>(items: readonly T[], key: K): T[K][] {
  return [...new Set(items.map((item) => item[key]))].sort() as T[K][];
}

/** The navigation menu's groups: Programming is shown as Computer Science. */
export const navigationGroups = [
  { label: "Design", category: "Design" },
  { label: "Marketing", category: "Marketing" },
  { label: "Data Science", category: "Data Science" },
  { label: "Computer Science", category: "Programming" },
] as const satisfies readonly { label: string; category: CourseCategory }[];

export const DEFAULT_CLASS_SIZE = "5 to 10 students";

export const courseFeatures = [
  "On-demand video",
  "Downloadable resources",
  "Lifetime access",
  "Certificate of completion",
] as const;
