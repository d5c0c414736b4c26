import { href } from "react-router";

/** The portal's pages of the running cohort, written once. */
export const registerHref = (sessionId: string) =>
  href("/admin-portal/sessions/:sessionId/register", { sessionId });

/** The week view across intakes; `week` is the Monday (`YYYY-MM-DD`), none: this week. */
export const weekHref = (week?: string) =>
  `${href("/admin-portal/timetable")}${week ? `?week=${week}` : ""}`;
