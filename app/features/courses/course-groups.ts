import { navigationGroups } from "./course-rules";

type Linkable = { slug: string; title: string; category: string };

export type CourseGroup = {
  label: string;
  category: string;
  courses: { slug: string; title: string }[];
};

/** Active courses grouped for the navigation menu; empty groups are left out. */
export function groupCoursesForMenu(courses: readonly Linkable[]): CourseGroup[] {
  return navigationGroups
    .map((group) => ({
      ...group,
      courses: courses
        .filter((course) => course.category === group.category)
        .map(({ slug, title }) => ({ slug, title })),
    }))
    .filter((group) => group.courses.length > 0);
}
