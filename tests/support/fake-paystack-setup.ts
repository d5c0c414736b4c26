import { afterAll, beforeAll } from "vitest";
import { type PaystackGateway, paystackGateway } from "~/features/payments/gateway/paystack.server";
import { env, loadEnv, setEnvForTesting } from "~/lib/infra/env.server";
import { type FakePaystack, startFakePaystack } from "./fake-paystack";

/**
 * A test file's own fake Paystack (tests/support/fake-paystack.ts), the gateway to it, and the
 * app's environment pointing at it, from before the file's first test to after its last. Read
 * `paystack` and `gateway` inside tests and hooks: they are set once the file starts.
 */
export function withFakePaystack(secretKey: string, { timeoutMs = 2_000 } = {}) {
  const fake = {} as { paystack: FakePaystack; gateway: PaystackGateway };
  beforeAll(async () => {
    fake.paystack = await startFakePaystack({ secretKey });
    fake.gateway = paystackGateway({ secretKey, baseUrl: fake.paystack.baseUrl, timeoutMs });
    setEnvForTesting({
      ...env(),
      PAYSTACK_SECRET_KEY: secretKey,
      PAYSTACK_BASE_URL: fake.paystack.baseUrl,
    });
  });
  afterAll(async () => {
    setEnvForTesting(loadEnv({ ...process.env, DATABASE_URL: "" }));
    await fake.paystack?.close();
  });
  return fake;
}
