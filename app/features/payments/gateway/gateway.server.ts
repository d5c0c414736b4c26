import { env } from "~/lib/infra/env.server";
import { demoCheckoutEnabled, demoGateway } from "./demo-checkout.server";
import type { PaymentGateway } from "./payment-gateway";
import { PAYSTACK_API_URL, paystackGateway } from "./paystack.server";

/**
 * The process's card gateway: Paystack with PAYSTACK_SECRET_KEY; the demo's test checkout in
 * demo mode without a key; else none (bank transfer only).
 */
export function configuredGateway(): PaymentGateway | null {
  const { PAYSTACK_SECRET_KEY: secretKey, PAYSTACK_BASE_URL: baseUrl } = env();
  if (secretKey) return paystackGateway({ secretKey, baseUrl });
  return demoCheckoutEnabled() ? demoGateway : null;
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
