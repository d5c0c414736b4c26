import { portalLinks } from "~/features/portal/navigation";
import { authMessages } from "./schema";
import { DASHBOARD_PATH } from "./session.server";

/** The toast after signing in, naming the portal page the sign-in leads to. */
export function welcomeMessage(target: string) {
  const path = new URL(target, "http://portal").pathname;
  const page = portalLinks.find((link) => path === link.to || path.startsWith(`${link.to}/`));
  if (page?.to === DASHBOARD_PATH) return authMessages.welcome;
  return page ? `Welcome back! Redirecting to ${page.label}...` : "Welcome back!";
}
