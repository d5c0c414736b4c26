import { databaseAnswers } from "~/db/client.server";
import { isShuttingDown } from "~/lib/infra/shutdown.server";

/**
 * For load balancers: 200 while this process should get new requests, that is while its
 * database answers and it is not shutting down (503 from SIGTERM until it exits).
 */
export async function loader() {
  const status = isShuttingDown()
    ? "shutting-down"
    : (await databaseAnswers())
      ? "ready"
      : "unavailable";
  return Response.json(
    { status },
    { status: status === "ready" ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
