import { asc, count, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { courses, messages, type NewMessage } from "~/db/schema";
import { contactRow, inquiryRow } from "~/features/messages/intake/submit.server";
import { startOfLagosDay } from "~/lib/format/dates";
import { buildDemoMessages, type DemoMessage } from "./demo-messages";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export type DemoMessagesOptions = {
  /** Who "read", "replied to" and is assigned the demo messages: the demo super admin. */
  demoAdminId: string;
  now?: Date;
  log?: (line: string) => void;
};

/**
 * Demo mode only: fills an empty inbox with the demo messages, so the portal's triage screens
 * have something to show on first start. An inbox that has any message is left alone.
 */
export async function seedDemoMessages(db: Database, options: DemoMessagesOptions) {
  const [existing] = await db.select({ total: count() }).from(messages);
  if ((existing?.total ?? 0) > 0) return 0;

  const titles = await db
    .select({ title: courses.title })
    .from(courses)
    .where(eq(courses.isActive, true))
    .orderBy(asc(courses.createdAt));
  const courseTitle = (index: number) => titles[index % Math.max(titles.length, 1)]?.title ?? "";
  const now = options.now ?? new Date();
  const rows = buildDemoMessages(courseTitle).map((message, index) =>
    demoMessageRow(message, index, now, options.demoAdminId),
  );
  await db.insert(messages).values(rows);
  options.log?.(`Added ${rows.length} demo messages to the inbox.`);
  return rows.length;
}

/** The row the public form would have stored, then moved along by staff as far as `status` says. */
function demoMessageRow(
  message: DemoMessage,
  index: number,
  now: Date,
  demoAdminId: string,
): NewMessage {
  const origin = { ipAddress: null, userAgent: null, referrer: null };
  const submitted =
    message.form === "inquiry"
      ? inquiryRow({ ...message.input, website: undefined }, origin)
      : contactRow({ ...message.input, website: undefined }, origin);

  // At the visitor's Lagos hour on that day, but never in the future (a message "from 9 am
  // today" on a demo started at 7 am arrives a few minutes ago instead).
  const scheduled =
    message.hoursAgo !== undefined
      ? now.getTime() - message.hoursAgo * HOUR
      : startOfLagosDay(now).getTime() - message.daysAgo * DAY + message.lagosHour * HOUR;
  const createdAt = new Date(Math.min(scheduled, now.getTime() - (index + 1) * 7 * 60 * 1000));
  const later = (hours: number) =>
    new Date(Math.min(createdAt.getTime() + hours * HOUR, now.getTime()));
  const readAt = message.status === "unread" ? null : later(1.5);
  const repliedAt = message.status === "replied" ? later(3) : null;

  return {
    ...submitted,
    status: message.status,
    priority: message.priority,
    adminNotes: message.adminNotes ?? null,
    assignedTo: message.assignedToDemoAdmin ? demoAdminId : null,
    readBy: readAt ? demoAdminId : null,
    readAt,
    repliedAt,
    createdAt,
    updatedAt: repliedAt ?? readAt ?? createdAt,
  };
}
