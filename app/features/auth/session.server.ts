import { data, href, redirect } from "react-router";
import type { Admin } from "~/db/schema";
import { findActiveAdminByUserId } from "~/features/admins/admins.server";
import { isSuperAdmin } from "~/features/admins/roles";
import { logger } from "~/lib/infra/logger.server";
import { auth } from "./auth.server";
import { ACCESS_DENIED, AUTH_ERROR } from "./guard-reasons";

export const LOGIN_PATH = href("/admin-portal/login");
export const DASHBOARD_PATH = href("/admin-portal/dashboard");

export type AdminSession =
  | { status: "anonymous" }
  | { status: "inactive"; userId: string }
  | { status: "active"; admin: Admin };

/** Who is signed in: nobody, an account without an active admins row, or an active admin. */
export async function readAdminSession(request: Request): Promise<AdminSession> {
  const session = await auth().api.getSession({ headers: request.headers });
  if (!session) return { status: "anonymous" };
  const admin = await findActiveAdminByUserId(session.user.id);
  return admin ? { status: "active", admin } : { status: "inactive", userId: session.user.id };
}

function loginRedirect(request: Request, reason?: "inactive") {
  const url = new URL(request.url);
  const params = new URLSearchParams();
  if (request.method === "GET" && url.pathname !== DASHBOARD_PATH) {
    params.set("redirectTo", url.pathname + url.search);
  }
  if (reason) params.set("reason", reason);
  const search = params.toString();
  return redirect(search ? `${LOGIN_PATH}?${search}` : LOGIN_PATH);
}

/**
 * The signed-in, active admin, or a redirect to the login route. Called at the top of every
 * admin loader and action.
 */
export async function requireAdmin(request: Request): Promise<Admin> {
  assertSameOrigin(request);
  let session: AdminSession;
  try {
    session = await readAdminSession(request);
  } catch (error) {
    logger.error({ err: error }, "Checking the admin session failed");
    throw data({ reason: AUTH_ERROR }, { status: 503 });
  }
  if (session.status === "anonymous") throw loginRedirect(request);
  if (session.status === "inactive") {
    await auth()
      .api.revokeSessions({ headers: request.headers })
      .catch(() => {});
    throw loginRedirect(request, "inactive");
  }
  return session.admin;
}

/** The signed-in super admin; an admin gets 403 'Access Denied' with their role. */
export async function requireSuperAdmin(request: Request): Promise<Admin> {
  const admin = await requireAdmin(request);
  if (!isSuperAdmin(admin)) {
    throw data({ reason: ACCESS_DENIED, role: admin.role }, { status: 403 });
  }
  return admin;
}

/**
 * Cookies are SameSite=Lax, so other sites cannot post with them; as a second line, a write
 * whose Origin header names another site is refused.
 */
export function assertSameOrigin(request: Request) {
  if (request.method === "GET" || request.method === "HEAD") return;
  const origin = request.headers.get("origin");
  if (origin && origin !== new URL(request.url).origin) {
    throw data({ reason: "cross-site" }, { status: 403 });
  }
}
