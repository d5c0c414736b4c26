import { sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";

/**
 * Deletes the jobs of `queue` whose payload names this phone number at one of `paths` (compared
 * by its last ten digits, as people are matched): waiting, finished, and archived ones alike.
 * pg-boss keeps a finished job's payload for days (archived after 12 hours, deleted after 7), so
 * a personal-data erasure must reach it where a payload carries a person's details.
 */
export async function forgetJobsNamingPhone(
  tx: Transaction,
  queue: string,
  paths: string[][],
  digits: string,
) {
  const naming = sql.join(
    paths.map(
      (path) =>
        sql`right(regexp_replace(data #>> ${`{${path.join(",")}}`}, '[^0-9]', '', 'g'), 10) = ${digits}`,
    ),
    sql` or `,
  );
  for (const table of [sql`pgboss.job`, sql`pgboss.archive`])
    await tx.execute(sql`delete from ${table} where name = ${queue} and (${naming})`);
}
