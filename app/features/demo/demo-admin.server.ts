import { and, eq, sql } from "drizzle-orm";
import { href } from "react-router";
import { db } from "~/db/client.server";
import { admins, authAccount } from "~/db/schema";
import { createAdmin } from "~/features/admins/admins.server";
import { auth } from "~/features/auth/auth.server";
import { env } from "~/lib/infra/env.server";
import { logger } from "~/lib/infra/logger.server";

const isDemoAdmin = () => eq(sql`lower(${admins.email})`, env().DEMO_ADMIN_EMAIL.toLowerCase());

/**
 * Demo mode: a super admin from DEMO_ADMIN_EMAIL / DEMO_ADMIN_PASSWORD, created once.
 * Returns the admin's id.
 */
export async function ensureDemoAdmin(
  log: (line: string) => void = (line) => logger.info(line),
): Promise<string> {
  const { DEMO_ADMIN_EMAIL: email, DEMO_ADMIN_PASSWORD: password } = env();
  const [existing] = await db()
    .select({ id: admins.id })
    .from(admins)
    .where(isDemoAdmin())
    .limit(1);
  if (existing) return existing.id;
  const admin = await createAdmin(null, {
    name: "Demo Super Admin",
    email: email.toLowerCase(),
    phone: "+234 800 000 0000",
    password,
    role: "super_admin",
    is_active: true,
  });
  log(`Demo admin: sign in at ${href("/admin-portal/login")} as ${email}`);
  return admin.id;
}

/**
 * Demo mode: the demo admin's e-mail and password for the login page, only while they work:
 * the admin is active and DEMO_ADMIN_PASSWORD still matches the stored password (a reset
 * through "Forgot password?" changes it).
 */
export async function workingDemoCredentials(): Promise<{
  email: string;
  password: string;
} | null> {
  const { DEMO_ADMIN_EMAIL: email, DEMO_ADMIN_PASSWORD: password } = env();
  const [row] = await db()
    .select({ hash: authAccount.password })
    .from(admins)
    .innerJoin(
      authAccount,
      and(eq(authAccount.userId, admins.userId), eq(authAccount.providerId, "credential")),
    )
    .where(and(isDemoAdmin(), eq(admins.isActive, true)))
    .limit(1);
  if (!row?.hash || !(await passwordMatches(row.hash, password))) return null;
  return { email, password };
}

// Verifying costs a scrypt per login page view: keep the last answer for the stored hash, which
// every password change replaces, so the answer stays right whichever process changed it.
let lastCheck: { hash: string; password: string; matches: boolean } | undefined;

async function passwordMatches(hash: string, password: string) {
  if (lastCheck?.hash !== hash || lastCheck.password !== password) {
    const { password: hasher } = await auth().$context;
    lastCheck = { hash, password, matches: await hasher.verify({ hash, password }) };
  }
  return lastCheck.matches;
}
