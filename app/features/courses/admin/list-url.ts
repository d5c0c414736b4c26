import { href } from "react-router";
import * as z from "zod/mini";
import { courseCategories } from "~/db/schema/values";
import { listUrl } from "~/lib/router/list-href";
import { closedModal, type ModalState } from "~/lib/router/modal-target";
import { searchParam } from "~/lib/text/outside-text";

const schema = z.object({
  q: searchParam(100),
  category: z.catch(z.union([z.enum(courseCategories), z.literal("")]), ""),
  inactive: z.catch(z.enum(["1", ""]), ""),
  view: z.catch(z.enum(["cards", "list"]), "cards"),
});
const list = listUrl(href("/admin-portal/courses"), schema, closedModal);

export type CourseListQuery = z.output<typeof schema>;

/** The portal's course list state from the URL; bad values fall back to the defaults. */
export const parseCourseListQuery = list.parse;
/** The course list with no filters: what an empty query string reads as. */
export const defaultCourseListQuery = list.defaultQuery;
/** The portal's course list URL for a list state (defaults left out) and an open modal. */
export const courseListHref = (query: CourseListQuery, modal: ModalState = {}) =>
  list.href(query, modal);
