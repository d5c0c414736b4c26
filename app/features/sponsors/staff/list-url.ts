import { href } from "react-router";
import * as z from "zod/mini";
import { listUrl } from "~/lib/router/list-href";
import { closedModal, type ModalState } from "~/lib/router/modal-target";

/** The sponsorships are one list without filters: its URL holds an open modal only. */
const list = listUrl(href("/admin-portal/sponsors"), z.object({}), closedModal);

/** The Sponsored seats page, optionally with its create form open. */
export const sponsorsListHref = (modal: ModalState = {}) => list.href({}, modal);

/** One sponsorship's page; `assign` opens the form that names the person for that seat. */
export const sponsorshipHref = (sponsorshipId: string, assign?: string) =>
  `${href("/admin-portal/sponsors/:sponsorshipId", { sponsorshipId })}${assign ? `?assign=${assign}` : ""}`;

export const staffInvoiceHref = (sponsorshipId: string) =>
  href("/admin-portal/sponsors/:sponsorshipId/invoice", { sponsorshipId });
