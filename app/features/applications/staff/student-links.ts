import { href } from "react-router";
import { type AdmissionsQuery, admissionsSearch } from "../list-url";

/** The printable class list of an intake. */
export const classListHref = (intakeId: string) =>
  `${href("/admin-portal/students/class-list")}?${new URLSearchParams({ intake: intakeId })}`;

/** The CSV of the enrolled students for an intake filter and a search. */
export const studentsExportHref = (query: Pick<AdmissionsQuery, "intake" | "q">) =>
  `${href("/admin-portal/students/export")}${admissionsSearch({ intake: query.intake, q: query.q })}`;
