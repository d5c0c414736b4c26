import { createHmac } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase, setDatabase } from "~/db/client.server";
import { env, setEnvForTesting } from "~/lib/infra/env.server";
import { action } from "~/routes/resources/paystack-webhook";
import { type PostgresCluster, startPostgresCluster } from "../support/postgres-cluster";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

// Only with PostgreSQL (vitest.config.ts): a server of the test's own, stopped while Paystack
// calls, as a database outage would be. Paystack sends an event again on any answer but a 2xx.

setupTestDatabase();
const secretKey = "sk_test_webhookoutage0123456789";
let cluster: PostgresCluster;
let outageDatabase: DatabaseHandle;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  outageDatabase = await openDatabase({ kind: "postgres", url: cluster.url(), maxConnections: 2 });
  setEnvForTesting({ ...env(), PAYSTACK_SECRET_KEY: secretKey });
}, 120_000);
afterAll(async () => {
  await outageDatabase?.close().catch(() => undefined);
  await cluster?.destroy();
});

/** Paystack's signed webhook of `event` for one of our references, as its servers post it. */
function webhook(event: Record<string, unknown>) {
  const body = JSON.stringify(event);
  const signature = createHmac("sha512", secretKey).update(body).digest("hex");
  const request = new Request("http://localhost:3000/webhooks/paystack", {
    method: "POST",
    headers: { "content-type": "application/json", "x-paystack-signature": signature },
    body,
  });
  return action(routeArgs(request));
}

const charge = { event: "charge.success", data: { reference: "LTA-P-7K2M9QX4TB" } };
const refund = { event: "refund.processed", data: { transaction_reference: "LTA-P-7K2M9QX4TB" } };

it("answers 503 with Retry-After, not 500, while the database is down, and 200 once it is back", async () => {
  setDatabase(outageDatabase);
  expect((await webhook(charge)).status).toBe(200);

  await cluster.stop();
  for (const event of [charge, refund]) {
    const answer = await webhook(event);
    expect(answer.status).toBe(503);
    expect(answer.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
  }

  await cluster.start();
  expect((await webhook(charge)).status).toBe(200);
  expect((await webhook(refund)).status).toBe(200);
}, 60_000);
