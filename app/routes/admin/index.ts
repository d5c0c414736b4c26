import { redirect } from "react-router";
import { DASHBOARD_PATH, requireAdmin } from "~/features/auth/session.server";
import type { Route } from "./+types/index";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect(DASHBOARD_PATH);
}
