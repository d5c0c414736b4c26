import { startFakePaystack } from "./fake-paystack";

/**
 * The fake Paystack as a process of its own, for the browser tests' servers to pay through:
 * FAKE_PAYSTACK_PORT, the secret key the app uses, and where Pay sends its webhook.
 */
const port = Number(process.env.FAKE_PAYSTACK_PORT);
const secretKey = process.env.FAKE_PAYSTACK_SECRET_KEY;
if (!port || !secretKey)
  throw new Error("FAKE_PAYSTACK_PORT and FAKE_PAYSTACK_SECRET_KEY are required");
const fake = await startFakePaystack({
  secretKey,
  port,
  webhookUrl: process.env.FAKE_PAYSTACK_WEBHOOK_URL,
});
console.log(`Fake Paystack (test) listening at ${fake.baseUrl}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void fake.close());
