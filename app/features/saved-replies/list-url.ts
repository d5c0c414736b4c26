import { href } from "react-router";
import * as z from "zod/mini";
import { listUrl } from "~/lib/router/list-href";
import { closedModal, type ModalState } from "~/lib/router/modal-target";

/** The saved replies are one list without filters: its URL holds an open modal only. */
const list = listUrl(href("/admin-portal/saved-replies"), z.object({}), closedModal);

/** The saved replies page, optionally with a modal open. */
export const savedReplyListHref = (modal: ModalState = {}) => list.href({}, modal);
