import { createCookie } from "react-router";
import { servesHttps } from "~/lib/env.server";

export type AdminTheme = "light" | "dark";

/** SPEC.md section 3: the admin theme flag, kept in the browser under the admin theme key. */
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
