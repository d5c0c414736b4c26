import { redirect } from "react-router";
import { DASHBOARD_PATH } from "~/features/auth/session.server";
import { setFlash } from "~/lib/router/flash.server";
import { portalLinks } from "./navigation";

/** The toast after signing in, naming the portal page the sign-in leads to. */
export function welcomeMessage(target: string) {
  const path = new URL(target, "http://portal").pathname;
  const page = portalLinks.find((link) => path === link.to || path.startsWith(`${link.to}/`));
  if (page?.to === DASHBOARD_PATH) return "Welcome back! Redirecting to dashboard...";
  return page ? `Welcome back! Redirecting to ${page.label}...` : "Welcome back!";
}

/** The answer to a successful sign-in: on to `target`, with the session cookies and a welcome. */
export async function redirectSignedIn(target: string, setCookies: string[]) {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  headers.append(
    "Set-Cookie",
    await setFlash({ kind: "success", message: welcomeMessage(target) }),
  );
  return redirect(target, { headers });
}
