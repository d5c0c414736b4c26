import { href } from "react-router";
import * as z from "zod/mini";
import { intakeParam } from "~/features/applications/list-url";
import { listUrl, pageParam } from "~/lib/router/list-href";
import { searchParam } from "~/lib/text/outside-text";
import { instalmentStatuses } from "../instalment-status";

export const PAYMENTS_PAGE_SIZE = 50;

const schema = z.object({
  intake: intakeParam,
  status: z.catch(z.union([z.enum(instalmentStatuses), z.literal("")]), ""),
  q: searchParam(200),
  page: pageParam,
});

// The Students page's Payments tab: `tab=payments` is always written, the rest left out at its
// default (the page reads which tab it shows with parseAdmissionsQuery).
const list = listUrl(href("/admin-portal/students"), schema, { tab: "" });

export type PaymentsQuery = z.output<typeof schema>;

/** The Payments tab's intake, instalment status, search and page; bad values fall back. */
export const parsePaymentsQuery = list.parse;
export const defaultPaymentsQuery = list.defaultQuery;

/** The Payments tab's URL for a list state (defaults left out). */
export const paymentsHref = (query: Partial<PaymentsQuery>) =>
  list.href({ ...defaultPaymentsQuery, ...query }, { tab: "payments" });

/** The CSV of the instalments for the Payments tab's filters (every page). */
export const paymentsExportHref = (query: Partial<PaymentsQuery>) =>
  `${href("/admin-portal/students/payments-export")}${list.search({ ...defaultPaymentsQuery, ...query, page: 1 })}`;
