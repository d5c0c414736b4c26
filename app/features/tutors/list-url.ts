import { href } from "react-router";
import * as z from "zod/mini";
import { listUrl } from "~/lib/router/list-href";
import { closedModal, type ModalState } from "~/lib/router/modal-target";
import { searchParam } from "~/lib/text/outside-text";

const schema = z.object({ q: searchParam(100) });
const list = listUrl(href("/admin-portal/tutors"), schema, closedModal);

export type TutorListQuery = z.output<typeof schema>;

/** The list's search from the URL; a bad value reads as no search. */
export const parseTutorListQuery = list.parse;
/** The tutors page URL for a search and, optionally, an open modal. */
export const tutorListHref = (query: TutorListQuery, modal: ModalState = {}) =>
  list.href(query, modal);
