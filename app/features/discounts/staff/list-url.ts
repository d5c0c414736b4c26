import { href } from "react-router";
import * as z from "zod/mini";
import { listUrl } from "~/lib/router/list-href";
import { closedModal, type ModalState } from "~/lib/router/modal-target";

/** The discount codes are one list without filters: its URL holds an open modal only. */
const list = listUrl(href("/admin-portal/discounts"), z.object({}), closedModal);

/** The Discounts page, optionally with its create form open. */
export const discountListHref = (modal: ModalState = {}) => list.href({}, modal);
