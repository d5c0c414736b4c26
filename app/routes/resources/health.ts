import { databaseAnswers } from "~/db/client.server";

/** Alive: 200 while the app can reach its database (also the tests' sign that it has started). */
export async function loader() {
  const ok = await databaseAnswers();
  return Response.json(
    { status: ok ? "ok" : "unavailable" },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
