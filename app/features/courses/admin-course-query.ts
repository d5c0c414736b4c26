import * as z from "zod/mini";
import { courseCategories } from "~/db/schema";
import { searchParam } from "~/lib/outside-text";

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
  return schema.parse({
    q: params.get("q") ?? "",
    category: params.get("category") ?? "",
    inactive: params.get("inactive") ?? "",
    view: params.get("view") ?? "cards",
  });
}

export function adminCoursesHref(query: AdminCourseListQuery, modal: CourseModalState = {}) {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category) params.set("category", query.category);
  if (query.inactive) params.set("inactive", "1");
  if (query.view !== "cards") params.set("view", query.view);
  if (modal.modal) params.set("modal", modal.modal);
  if (modal.id) params.set("id", modal.id);
  const search = params.toString();
  return `/admin-portal/courses${search ? `?${search}` : ""}`;
}
