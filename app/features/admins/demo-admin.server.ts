import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { admins } from "~/db/schema";
import { env } from "~/lib/env.server";
import { createAdmin } from "./admins.server";

/**
 * Demo mode: a super admin from DEMO_ADMIN_EMAIL / DEMO_ADMIN_PASSWORD, created once.
 * Returns the admin's id.
 */
export async function ensureDemoAdmin(log: (line: string) => void = console.log): Promise<string> {
  const { DEMO_ADMIN_EMAIL: email, DEMO_ADMIN_PASSWORD: password } = env();
  const [existing] = await db()
    .select({ id: admins.id })
    .from(admins)
    .where(eq(sql`lower(${admins.email})`, email.toLowerCase()))
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
  log(`Demo admin: sign in at /admin-portal/login as ${email}`);
  return admin.id;
}
