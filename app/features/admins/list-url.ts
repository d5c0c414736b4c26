import type { AdminListQuery } from "./schema";

export type AdminModal = { modal?: "create" | "edit" | "delete"; id?: string };

/** The admins page URL for a list state (defaults left out) and, optionally, an open modal. */
export function adminListHref(query: AdminListQuery, modal: AdminModal = {}) {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.sort !== "created_at") params.set("sort", query.sort);
  if (query.dir !== "desc") params.set("dir", query.dir);
  if (query.page > 1) params.set("page", String(query.page));
  if (modal.modal) params.set("modal", modal.modal);
  if (modal.id) params.set("id", modal.id);
  const search = params.toString();
  return `/admin-portal/admins${search ? `?${search}` : ""}`;
}
