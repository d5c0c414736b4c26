import path from "node:path";
import { currentDatabase, db, openDatabase, setDatabase } from "~/db/client.server";
import { startInboundMail } from "~/features/conversations/inbound-mail.server";
import { ensureDemoAdmin } from "~/features/demo/demo-admin.server";
import { seedDemoContent } from "~/features/demo/seed.server";
import { seedDemoApplications } from "~/features/demo/seed-applications.server";
import { seedDemoConversations } from "~/features/demo/seed-conversations.server";
import { seedDemoInterest } from "~/features/demo/seed-interest.server";
import { seedDemoMessages } from "~/features/demo/seed-messages.server";
import { seedDemoPayments } from "~/features/demo/seed-payments.server";
import { seedDemoSavedReplies } from "~/features/demo/seed-saved-replies.server";
import { seedDemoTutors } from "~/features/demo/seed-tutors.server";
import { env } from "~/lib/infra/env.server";
import { logger } from "~/lib/infra/logger.server";
import { onShutdown } from "~/lib/infra/shutdown.server";
import { courseAssets, paymentProofs } from "~/lib/infra/storage/index.server";
import { installJobs, startJobs, stopJobs } from "./jobs.server";

/**
 * Start-up, before the first request: validate the environment, open the database (PGlite in
 * DATA_DIR, or PostgreSQL at DATABASE_URL), apply migrations, in demo mode add the demo content,
 * then work on background jobs (e-mail) and receive visitors' mail. Idempotent, so the dev server's module reloads can
 * call it again.
 */
export async function startApplication() {
  const config = env();
  if (currentDatabase()) return;
  const handle = await openDatabase(
    config.DATABASE_URL
      ? {
          kind: "postgres",
          url: config.DATABASE_URL,
          maxConnections: config.DATABASE_POOL_SIZE,
          waitMs: config.DATABASE_POOL_WAIT_MS,
          onConnectionError: (error, what) => logger.error({ err: error }, `PostgreSQL: ${what}`),
        }
      : { kind: "pglite", dataDir: path.resolve(config.DATA_DIR, "pglite") },
  );
  setDatabase(handle);
  await installJobs(handle);
  logger.info(
    config.demoMode
      ? `Database: embedded PGlite in ${path.resolve(config.DATA_DIR, "pglite")} (demo mode)`
      : "Database: PostgreSQL at DATABASE_URL",
  );
  if (config.demoMode) await prepareDemo();
  await startJobs();
  // On a stop, running jobs get a few seconds, then go back to the queue (before the database closes).
  onShutdown("background jobs", () => stopJobs({ graceful: true, timeoutMs: 5_000 }));
  // Visitors' mail (SMTP listener, IMAP mailbox), when configured; stopped before the database closes.
  onShutdown("inbound mail", await startInboundMail(config));
}

async function prepareDemo() {
  const catalogue = await seedDemoContent(db(), courseAssets(), {
    log: (line) => logger.info(line),
  });
  const demoAdminId = await ensureDemoAdmin();
  // Only on the first start: an inbox (or a list of saved replies) that staff have emptied
  // stays empty.
  if (catalogue.seeded) {
    const log = (line: string) => logger.info(line);
    await seedDemoMessages(db(), { demoAdminId, log });
    await seedDemoConversations(db(), { log });
    await seedDemoSavedReplies(db(), { demoAdminId, log });
    await seedDemoInterest(db(), { log });
    await seedDemoTutors(db(), courseAssets(), { log });
    await seedDemoApplications(db(), { demoAdminId, log });
    await seedDemoPayments(db(), paymentProofs(), { demoAdminId, log });
  }
}

/** Closes the database: the last step of a stop, after the tasks registered with onShutdown. */
export async function stopApplication() {
  const handle = currentDatabase();
  setDatabase(undefined);
  await handle?.close();
}
