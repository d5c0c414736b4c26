import type { GatewayRefund, VerifiedCharge } from "./paystack.server";

/** A gateway behind one interface (Paystack first; another would follow the same shape). */
export type PaymentGateway = {
  initialize(input: {
    reference: string;
    amountKobo: number;
    email: string;
    callbackUrl: string;
    metadata?: Record<string, string>;
  }): Promise<{ authorizationUrl: string }>;
  verify(reference: string): Promise<VerifiedCharge | null>;
  /** Gives back all of a paid charge, or `amountKobo` of it. */
  refund(input: {
    reference: string;
    amountKobo?: number;
    reason?: string;
  }): Promise<GatewayRefund>;
  fetchRefund(refundId: string): Promise<GatewayRefund>;
  listRefunds(transaction: string): Promise<GatewayRefund[]>;
};
