import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";

/** For load balancers: 200 when the app can reach its database. */
export async function loader() {
  try {
    await db().execute(sql`select 1`);
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json(
      { status: "unavailable" },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}
