import { data, redirect } from "react-router";
import { DASHBOARD_PATH, requireAdmin } from "~/features/auth/session.server";
import { parseThemeForm, serializeAdminTheme } from "~/features/auth/theme.server";
import { readForm } from "~/lib/forms/request-form.server";
import { PORTAL_PATH } from "~/lib/router/portal-path";
import type { Route } from "./+types/theme";

/** The dark-mode toggle: a cookie, so the server renders the right theme on the first paint. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const { theme, js } = parseThemeForm(await readForm(request));
  const headers = { "Set-Cookie": await serializeAdminTheme(theme) };
  // Without JavaScript the browser posted a plain form: send it back to the portal page it
  // came from (never to another site).
  if (!js) return redirect(portalPageFrom(request.headers.get("referer")), { headers });
  return data({ theme }, { headers });
}

export const loader = () => redirect(DASHBOARD_PATH);

function portalPageFrom(referer: string | null) {
  try {
    const { pathname } = new URL(referer ?? "");
    return pathname.startsWith(`${PORTAL_PATH}/`) ? pathname : DASHBOARD_PATH;
  } catch {
    return DASHBOARD_PATH;
  }
}
