import { href } from "react-router";
import { listHref } from "~/lib/router/list-href";
import { type AdminListQuery, parseAdminListQuery } from "./schema";

export type AdminModal = { modal?: "create" | "edit" | "delete"; id?: string };

/** What an empty query string reads as: the values a URL can leave out. */
const defaults = { ...parseAdminListQuery(new URLSearchParams()), modal: "", id: "" };

/** The admins page URL for a list state (defaults left out) and, optionally, an open modal. */
export function adminListHref(query: AdminListQuery, modal: AdminModal = {}) {
  return listHref(href("/admin-portal/admins"), { ...query, ...modal }, defaults);
}
