// `npm run bench:inbox`: on the bench database of 1,000,000 messages (bench-database.ts), prints the
// median and p95 time of the inbox's list query (with and without search, filters, the reply
// clock's tab and filter and its sort), of its stats query and of the dashboard's figures of
// the 24-hour promise.

import { sql } from "drizzle-orm";
import { listMessages, messageStats } from "../../app/features/messages/inbox/inbox.server";
import { earlierMessagesFrom } from "../../app/features/messages/inbox/sender-messages.server";
import { messageTimeline } from "../../app/features/messages/inbox/timeline.server";
import { type InboxQuery, parseInboxQuery } from "../../app/features/messages/list-url";
import { replyClockFigures } from "../../app/features/messages/reply-clock.server";
import { measure, openBenchDatabase, RUNS, TARGET } from "./bench-database";

async function main() {
  const handle = await openBenchDatabase();
  try {
    const [admin] = (
      await handle.db.execute(sql`select id from admins order by email limit 1 offset 1`)
    ).rows as { id: string }[];
    const actor = { id: admin?.id ?? "00000000-0000-0000-0000-000000000000" };
    const query = (search: string): InboxQuery => parseInboxQuery(new URLSearchParams(search));
    // A sender who wrote many times: the bench's e-mails repeat every 997 * 8 messages or so.
    const [sample] = (
      await handle.db.execute(
        sql`select id, email, phone from messages order by created_at desc offset 500000 limit 1`,
      )
    ).rows as { id: string; email: string; phone: string | null }[];
    if (!sample) throw new Error("No message to open");
    console.log(
      `\nInbox queries on ${TARGET.toLocaleString("en")} messages, ${RUNS} runs each (median, p95):`,
    );
    const results = [
      await measure("list: newest first, page 1", () => listMessages(query(""), actor)),
      await measure("list: page 50", () => listMessages(query("page=50"), actor)),
      await measure("list: unread tab", () => listMessages(query("tab=unread"), actor)),
      await measure("list: filters (inquiry, read, high)", () =>
        listMessages(query("formType=inquiry&status=read&priority=high"), actor),
      ),
      await measure("list: assigned to me", () => listMessages(query("tab=assigned"), actor)),
      await measure("list: search a name ('Kemi Ogunleye')", () =>
        listMessages(query("q=kemi%20ogunleye"), actor),
      ),
      await measure("list: search an e-mail ('tobi.salami12@')", () =>
        listMessages(query("q=tobi.salami12@"), actor),
      ),
      await measure("list: search a common word ('weekend')", () =>
        listMessages(query("q=weekend"), actor),
      ),
      await measure("list: search + filters ('chiamaka', unread, urgent)", () =>
        listMessages(query("q=chiamaka&status=unread&priority=urgent"), actor),
      ),
      await measure("list: search on page 20 ('flutter')", () =>
        listMessages(query("q=flutter&page=20"), actor),
      ),
      await measure("list: search with no match ('xylophone')", () =>
        listMessages(query("q=xylophone"), actor),
      ),
      await measure("stats: total, unread, read, replied, today", () => messageStats()),
      await measure("list: overdue tab", () => listMessages(query("tab=overdue"), actor)),
      await measure("list: overdue tab, oldest first, page 50", () =>
        listMessages(query("tab=overdue&sort=oldest&page=50"), actor),
      ),
      await measure("list: due soon", () => listMessages(query("clock=due-soon"), actor)),
      await measure("list: oldest unanswered first, page 1", () =>
        listMessages(query("sort=unanswered"), actor),
      ),
      await measure("list: oldest unanswered first, page 50", () =>
        listMessages(query("sort=unanswered&page=50"), actor),
      ),
      await measure("dashboard: overdue, due soon, 30-day share, median", () =>
        replyClockFigures(),
      ),
      await measure("detail: other messages from the same person", () =>
        earlierMessagesFrom(sample),
      ),
      await measure("detail: the message's history", () => messageTimeline(sample.id)),
    ];
    const worst = Math.max(...results);
    console.log(`\nWorst p95: ${worst.toFixed(1)} ms (target: under 50 ms)`);
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
