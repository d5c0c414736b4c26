import { data, redirect } from "react-router";
import { requireAdmin } from "~/features/auth/session.server";
import { serializeAdminTheme } from "~/features/auth/theme.server";
import type { Route } from "./+types/theme";

/** The dark-mode toggle: a cookie, so the server renders the right theme on the first paint. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const theme = form.get("theme") === "dark" ? "dark" : "light";
  const headers = { "Set-Cookie": await serializeAdminTheme(theme) };
  const back = request.headers.get("referer");
  // Without JavaScript the browser posted a plain form: send it back where it came from.
  if (form.get("js") !== "1") {
    const target =
      back && new URL(back).pathname.startsWith("/admin-portal")
        ? new URL(back).pathname
        : "/admin-portal/dashboard";
    return redirect(target, { headers });
  }
  return data({ theme }, { headers });
}

export const loader = () => redirect("/admin-portal/dashboard");
