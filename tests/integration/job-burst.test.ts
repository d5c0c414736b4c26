import { afterAll, expect, it } from "vitest";
import * as z from "zod/mini";
import { db } from "~/db/client.server";
import { defineJob } from "~/features/jobs/define-job.server";
import { installQueues, startJobQueue, stopJobQueue } from "~/features/jobs/job-queue.server";
import { eventually } from "../support/inbox-fixtures";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();

const handled: number[] = [];
const burstJob = defineJob({
  name: "test-burst",
  payload: z.object({ index: z.number() }),
  retry: { retryLimit: 0 },
  run: async ({ index }) => {
    handled.push(index);
  },
});

afterAll(() => stopJobQueue({ graceful: false }));

it("drains a burst batch after batch, without waiting a polling interval between full batches", async () => {
  await installQueues(database().executeSql, [burstJob]);
  await db().transaction(async (tx) => {
    for (let index = 0; index < 50; index++) await burstJob.enqueue(tx, { index });
  });
  // Polling every 60 s: only a worker that fetches again after a full batch (20 jobs) is done
  // with all 50 before its second poll.
  await startJobQueue([burstJob], { pollingIntervalSeconds: 60 });
  await eventually(() => (handled.length === 50 ? true : undefined), { timeoutMs: 30_000 });
  expect(handled.toSorted((a, b) => a - b)).toEqual(
    Array.from({ length: 50 }, (_, index) => index),
  );
});
