import { requireSuperAdmin } from "~/features/auth/session.server";
import { personKeyProblem, personKeySchema } from "~/features/people/person-key";
import { exportPersonData } from "~/features/people/personal-data.server";
import { lagosToday } from "~/lib/format/dates";
import type { Route } from "./+types/personal-data-export";

/** Everything held about one person as a JSON file (super admins only). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSuperAdmin(request);
  const key = personKeySchema.parse(
    Object.fromEntries(new URL(request.url).searchParams.entries()),
  );
  const problem = personKeyProblem(key);
  if (problem) return new Response(problem, { status: 400 });
  return new Response(JSON.stringify(await exportPersonData(key), null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="personal-data-${lagosToday()}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
