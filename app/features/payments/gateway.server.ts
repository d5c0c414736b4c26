import { env } from "~/lib/infra/env.server";
import { paystackGateway } from "./paystack.server";

/** The process's card gateway: Paystack with PAYSTACK_SECRET_KEY, else none (bank transfer only). */
export function configuredGateway() {
  const { PAYSTACK_SECRET_KEY: secretKey, PAYSTACK_BASE_URL: baseUrl } = env();
  return secretKey ? paystackGateway({ secretKey, baseUrl }) : null;
}
