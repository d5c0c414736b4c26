import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { applications } from "./applications";
import { admins } from "./auth";
import { moment, optionalRef, primaryId, requiredRef } from "./columns";
import { outgoingEmails } from "./outgoing-mail";
import type { applicationEventKinds } from "./values";

export type ApplicationEventKind = (typeof applicationEventKinds)[number];

/** An application's timeline: every change of status and everything sent, who and when. */
export const applicationEvents = pgTable(
  "application_events",
  {
    id: primaryId(),
    applicationId: requiredRef("application_id", () => applications.id, "cascade"),
    kind: text("kind").$type<ApplicationEventKind>().notNull(),
    /** The admin who did it; null for the applicant, the system or an admin since deleted. */
    actorId: optionalRef("actor_id", () => admins.id),
    /** 'applicant', 'staff' or 'system': who acted when no admin did. */
    actorKind: text("actor_kind").$type<"applicant" | "staff" | "system">().notNull(),
    detail: jsonb("detail").$type<Record<string, string | null>>(),
    emailId: optionalRef("email_id", () => outgoingEmails.id),
    createdAt: moment("created_at").notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index("application_events_application_created_idx").on(t.applicationId, t.createdAt)],
);

/** An accepted place's schedule: what is due when, in whole kobo. */
export type ApplicationEvent = typeof applicationEvents.$inferSelect;
