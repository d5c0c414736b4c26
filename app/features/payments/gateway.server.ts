import { env } from "~/lib/infra/env.server";
import { PAYSTACK_API_URL, paystackGateway } from "./paystack.server";

/** The process's card gateway: Paystack with PAYSTACK_SECRET_KEY, else none (bank transfer only). */
export function configuredGateway() {
  const { PAYSTACK_SECRET_KEY: secretKey, PAYSTACK_BASE_URL: baseUrl } = env();
  return secretKey ? paystackGateway({ secretKey, baseUrl }) : null;
}

/**
 * Where 'Pay now' sends the browser: Paystack's checkout for its real API, else the API's own
 * origin (a test's fake Paystack serves its checkout page itself). None without a key.
 */
export function checkoutOrigins(): string[] {
  const { PAYSTACK_SECRET_KEY: secretKey, PAYSTACK_BASE_URL: baseUrl } = env();
  if (!secretKey) return [];
  return [baseUrl === PAYSTACK_API_URL ? "https://checkout.paystack.com" : new URL(baseUrl).origin];
}
