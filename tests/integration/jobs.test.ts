import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { db } from "~/db/client.server";
import { defineJob } from "~/features/jobs/define-job.server";
import { enqueueInTransaction } from "~/features/jobs/enqueue.server";
import { installQueues, startJobQueue, stopJobQueue } from "~/features/jobs/job-queue.server";
import { loadEnv, setEnvForTesting } from "~/lib/infra/env.server";
import { eventually } from "../support/inbox-fixtures";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();

const handled: number[] = [];
const countJob = defineJob({
  name: "test-count",
  payload: z.object({ count: z.number() }),
  retry: { retryLimit: 0 },
  run: async ({ count }) => {
    handled.push(count);
  },
});

beforeAll(async () => {
  setEnvForTesting(loadEnv({ ...process.env, DATABASE_URL: "" }));
  await installQueues(database().executeSql, [countJob]);
  await startJobQueue([countJob], { pollingIntervalSeconds: 0.5 });
});

afterAll(() => stopJobQueue({ graceful: false }));

type JobRow = { state: string; output: { message?: string } | null };

async function jobRow(id: string | null): Promise<JobRow | undefined> {
  const result = await database().executeSql("SELECT state, output FROM pgboss.job WHERE id = $1", [
    id,
  ]);
  return result.rows[0] as JobRow | undefined;
}

describe("a job's payload", () => {
  it("is parsed before its handler runs: malformed data fails that job only", async () => {
    // Written past the definition's types, as an older release or a hand-made job could have;
    // in one transaction with a good job, so that one poll takes both.
    const [malformed, wellFormed] = await db().transaction(async (tx) => [
      await enqueueInTransaction(tx, countJob.name, { count: "three" }, {}),
      await countJob.enqueue(tx, { count: 3 }),
    ]);
    const failed = await eventually(async () => {
      const row = await jobRow(malformed);
      return row?.state === "failed" ? row : undefined;
    });
    expect(failed.output?.message).toMatch(/The test-count job's data is malformed/);
    await eventually(async () =>
      (await jobRow(wellFormed))?.state === "completed" ? true : undefined,
    );
    expect(handled).toEqual([3]);
    // The worker goes on with the next job.
    await db().transaction((tx) => countJob.enqueue(tx, { count: 4 }));
    await eventually(() => (handled.length === 2 ? true : undefined));
    expect(handled).toEqual([3, 4]);
  });

  it("is checked when enqueued too", async () => {
    await expect(
      db().transaction((tx) =>
        countJob.enqueue(tx, { count: "four" } as unknown as { count: number }),
      ),
    ).rejects.toThrow();
  });
});
