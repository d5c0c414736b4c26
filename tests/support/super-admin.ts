import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * Creates a super admin with the operator's own command (`scripts/admin-create.ts`), as a new
 * installation does, in the database at `databaseUrl`.
 */
export async function createSuperAdmin(
  databaseUrl: string,
  admin: { name: string; email: string; password: string },
) {
  await run(
    "npx",
    [
      "tsx",
      "scripts/admin-create.ts",
      "--email",
      admin.email,
      "--name",
      admin.name,
      "--phone",
      "0803 555 0100",
      "--role",
      "super_admin",
    ],
    { env: { ...process.env, DATABASE_URL: databaseUrl, ADMIN_PASSWORD: admin.password } },
  );
}
