import { href } from "react-router";
import * as z from "zod/mini";
import { listUrl, pageParam } from "~/lib/router/list-href";
import { closedModal, type ModalState } from "~/lib/router/modal-target";
import { searchParam } from "~/lib/text/outside-text";
import { adminSortColumns } from "./schema";

const schema = z.object({
  q: searchParam(100),
  sort: z.catch(z.enum(adminSortColumns), "created_at"),
  dir: z.catch(z.enum(["asc", "desc"]), "desc"),
  page: pageParam,
});
const list = listUrl(href("/admin-portal/admins"), schema, closedModal);

export type AdminListQuery = z.output<typeof schema>;

/** The table's search, sort and page from the URL; bad values fall back to the defaults. */
export const parseAdminListQuery = list.parse;
/** The table unsearched, newest first: what an empty query string reads as. */
export const defaultAdminListQuery = list.defaultQuery;
/** The admins page URL for a list state (defaults left out) and, optionally, an open modal. */
export const adminListHref = (query: AdminListQuery, modal: ModalState = {}) =>
  list.href(query, modal);
