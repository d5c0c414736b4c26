import { createCookie } from "react-router";
import * as z from "zod/mini";
import { servesHttps } from "~/lib/infra/env.server";

export type AdminTheme = "light" | "dark";

/** The admin's light or dark theme, kept in the browser (a cookie, so the server renders it). */
const themeCookie = () =>
  createCookie("admin-theme", {
    path: "/",
    sameSite: "lax",
    secure: servesHttps(),
    maxAge: 60 * 60 * 24 * 365,
  });

export async function readAdminTheme(request: Request): Promise<AdminTheme> {
  const value = await themeCookie().parse(request.headers.get("cookie"));
  return value === "dark" ? "dark" : "light";
}

export function serializeAdminTheme(theme: AdminTheme) {
  return themeCookie().serialize(theme);
}

/** The theme toggle's form: anything but 'dark' is light; `js=1` marks a call by the script. */
const themeFormSchema = z.object({
  theme: z.catch(z.enum(["light", "dark"]), "light"),
  js: z.pipe(
    z.unknown(),
    z.transform((value) => value === "1"),
  ),
});

export function parseThemeForm(form: FormData): { theme: AdminTheme; js: boolean } {
  return themeFormSchema.parse({ theme: form.get("theme"), js: form.get("js") });
}
