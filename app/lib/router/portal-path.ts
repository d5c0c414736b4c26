import { href } from "react-router";

/** Every URL of the staff portal starts with this (its cookie scope, body limit and redirects). */
export const PORTAL_PATH = href("/admin-portal");

/** Whether a pathname is the portal's; routes match in any letter case, so /Admin-Portal is too. */
export function isPortalPath(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return path === PORTAL_PATH || path.startsWith(`${PORTAL_PATH}/`);
}
