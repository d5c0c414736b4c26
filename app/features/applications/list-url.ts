import { href } from "react-router";
import * as z from "zod/mini";
import { applicationStatuses } from "~/db/schema/values";
import { isUuid } from "~/lib/ids";
import { listUrl, pageParam } from "~/lib/router/list-href";
import { searchParam } from "~/lib/text/outside-text";

export const APPLICATIONS_PAGE_SIZE = 20;

/** The Students page's tabs (Payments' own filters: app/features/payments/staff/list-url.ts). */
export const studentsTabs = [
  { id: "applications", label: "Applications" },
  { id: "students", label: "Students" },
  { id: "payments", label: "Payments" },
] as const;
export type StudentsTab = (typeof studentsTabs)[number]["id"];

export const applicationSorts = [
  { id: "newest", label: "Newest first" },
  { id: "oldest", label: "Oldest first" },
  { id: "line", label: "Waitlist order" },
] as const;
export type ApplicationSort = (typeof applicationSorts)[number]["id"];

const ids = <T extends readonly { id: string }[]>(items: T) =>
  items.map((item) => item.id) as [T[number]["id"], ...T[number]["id"][]];

/** An intake's id, or "" for all intakes; anything else reads as all. */
export const intakeParam = z.catch(
  z.pipe(
    z.string(),
    z.transform((value) => (isUuid(value) ? value : "")),
  ),
  "",
);

const schema = z.object({
  tab: z.catch(z.enum(ids(studentsTabs)), "applications"),
  intake: intakeParam,
  status: z.catch(z.union([z.enum(applicationStatuses), z.literal("")]), ""),
  q: searchParam(200),
  sort: z.catch(z.enum(ids(applicationSorts)), "newest"),
  page: pageParam,
});

const list = listUrl(href("/admin-portal/students"), schema, { id: "" });

export type AdmissionsQuery = z.output<typeof schema>;

/** The Students page's tab, intake, status, search, sort and page; bad values fall back. */
export const parseAdmissionsQuery = list.parse;
export const defaultAdmissionsQuery = list.defaultQuery;

/** The Students page's URL for a list state (defaults left out) and an open application. */
export const admissionsHref = (query: Partial<AdmissionsQuery>, openId?: string | null) =>
  list.href({ ...defaultAdmissionsQuery, ...query }, { id: openId });
export const admissionsSearch = (query: Partial<AdmissionsQuery>, openId?: string | null) =>
  list.search({ ...defaultAdmissionsQuery, ...query }, { id: openId });
