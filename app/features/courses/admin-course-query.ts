import { href } from "react-router";
import * as z from "zod/mini";
import { courseCategories } from "~/db/schema";
import { searchParam } from "~/lib/forms/outside-text";
import { listHref, readListQuery } from "~/lib/router/list-href";

const schema = z.object({
  q: searchParam(100),
  category: z.catch(z.union([z.enum(courseCategories), z.literal("")]), ""),
  inactive: z.catch(z.enum(["1", ""]), ""),
  view: z.catch(z.enum(["cards", "list"]), "cards"),
});

export type AdminCourseListQuery = z.output<typeof schema>;
export type CourseModalState = { modal?: "create" | "edit" | "delete"; id?: string };

/** The portal's course list state from the URL; bad values fall back to the defaults. */
export function parseAdminCourseQuery(params: URLSearchParams): AdminCourseListQuery {
  return readListQuery(schema, params);
}

/** The course list with no filters: what an empty query string reads as. */
export const defaultAdminCourseQuery = parseAdminCourseQuery(new URLSearchParams());

const defaults = { ...defaultAdminCourseQuery, modal: "", id: "" };

/** The portal's course list URL for a list state (defaults left out) and an open modal. */
export function adminCoursesHref(query: AdminCourseListQuery, modal: CourseModalState = {}) {
  return listHref(href("/admin-portal/courses"), { ...query, ...modal }, defaults);
}
