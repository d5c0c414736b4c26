import { href } from "react-router";
import { listHref } from "~/lib/router/list-href";

export type SavedReplyModal = { modal?: "create" | "edit" | "delete"; id?: string };

/** The saved replies page, optionally with a modal open (docs/decisions/0010). */
export function savedRepliesHref(modal: SavedReplyModal = {}) {
  return listHref(href("/admin-portal/saved-replies"), modal, { modal: "", id: "" });
}
