import { href } from "react-router";

/** The pages of the running cohort, written once: the portal's and a tutor's own. */
export const registerHref = (sessionId: string) =>
  href("/admin-portal/sessions/:sessionId/register", { sessionId });

/** The week view across intakes; `week` is the Monday (`YYYY-MM-DD`), none: this week. */
export const weekHref = (week?: string) =>
  `${href("/admin-portal/timetable")}${week ? `?week=${week}` : ""}`;

/** A register link's words: whether it was taken already. */
export const registerLinkText = (session: { registerTakenAt: Date | string | null }) =>
  session.registerTakenAt ? "Register (taken)" : "Take register";

/** A tutor's own page, from the private link staff send them. */
export const tutorPageHref = (tutorId: string, token: string) =>
  href("/tutor/:tutorId/:token", { tutorId, token });

/** A session's register on the tutor's own page. */
export const tutorRegisterHref = (tutorId: string, token: string, sessionId: string) =>
  href("/tutor/:tutorId/:token/sessions/:sessionId", { tutorId, token, sessionId });
