// `npm run admin:create -- --email … --name … --phone … [--role super_admin|admin]`
// Creates an admin with a sign-in account. This is how a deployment gets its first super
// admin: the operator runs it on the server. The password comes from ADMIN_PASSWORD or is
// asked for (not echoed).

import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { createAdmin } from "../app/features/admins/admins.server";
import { adminCreateSchema } from "../app/features/admins/schema";
import { errorMessage } from "../app/lib/errors";
import { openScriptDatabase } from "./script-database";

const usage =
  "Usage: npm run admin:create -- --email EMAIL --name NAME --phone PHONE [--role super_admin|admin]\n" +
  "The password is read from ADMIN_PASSWORD, or asked for.";

async function askPassword(prompt: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(prompt, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
    muted = true;
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      name: { type: "string" },
      phone: { type: "string" },
      role: { type: "string", default: "super_admin" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help || !values.email || !values.name || !values.phone) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  const password =
    process.env.ADMIN_PASSWORD || (await askPassword("Password (at least 6 characters): "));
  const input = adminCreateSchema.safeParse({
    name: values.name,
    email: values.email,
    phone: values.phone,
    password,
    role: values.role,
    is_active: "true",
  });
  if (!input.success) {
    for (const issue of input.error.issues)
      console.error(`${issue.path.join(".")}: ${issue.message}`);
    process.exit(2);
  }
  const handle = await openScriptDatabase();
  try {
    const admin = await createAdmin(null, input.data);
    console.log(
      `Created ${admin.role} ${admin.name} <${admin.email}>. They can sign in at /admin-portal/login.`,
    );
  } catch (error) {
    console.error(`Could not create the admin: ${errorMessage(error)}`);
    process.exitCode = 1;
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
