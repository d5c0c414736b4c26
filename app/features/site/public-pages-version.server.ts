import { db } from "~/db/client.server";
import { publicContentVersion } from "~/db/schema";
import { lagosToday } from "~/lib/format/dates";

/**
 * What a rendered public page depends on besides its URL: the courses, their intakes and the
 * tutors (whose every change moves `public_content_version` on, in any process: migrations
 * 0012, 0015 and 0016) and today's date in Lagos (a course's next intakes and how soon they
 * close, the footer's year). A page rendered under another version is out of date.
 */
export async function publicPagesVersion(now: Date = new Date()): Promise<string> {
  const [row] = await db()
    .select({ version: publicContentVersion.version })
    .from(publicContentVersion);
  return `${row?.version ?? 0}@${lagosToday(now)}`;
}
