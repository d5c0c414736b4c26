import { sql } from "drizzle-orm";
import { onTestFinished } from "vitest";
import { db } from "~/db/client.server";

/**
 * Makes the test database refuse every received mail (a check no new row of inbound_emails
 * passes), as a database that cannot store would, until the returned function is called or the
 * test ends.
 */
export async function refuseInboundMail(): Promise<() => Promise<void>> {
  await db().execute(
    sql`ALTER TABLE inbound_emails ADD CONSTRAINT refuse_all CHECK (false) NOT VALID`,
  );
  let refusing = true;
  const accept = async () => {
    if (!refusing) return;
    refusing = false;
    await db().execute(sql`ALTER TABLE inbound_emails DROP CONSTRAINT refuse_all`);
  };
  onTestFinished(accept);
  return accept;
}
