/**
 * Paystack, Nigeria's payment gateway: the calls the academy makes (start a checkout, verify a
 * charge, refund one, give a customer a dedicated account for transfers) and the check of a
 * webhook's signature.
 *
 * No SDK: Paystack keeps no official Node library up to date (the npm packages are community
 * wrappers, several unmaintained or loosely typed), and three JSON calls over `fetch` need none.
 * Written against the API reference (https://paystack.com/docs/api/): every answer is
 * `{ status, message, data }`, amounts are kobo (docs/decisions/0040), a webhook's
 * `x-paystack-signature` is the HMAC-SHA512 hex of its raw body keyed with the secret key.
 * Every answer is parsed before use; none is trusted to have the documented shape.
 *
 * Nothing here logs, and no error message carries an e-mail address or card data.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import * as z from "zod/mini";

export const PAYSTACK_API_URL = "https://api.paystack.co";

export type PaystackConfig = {
  secretKey: string;
  /** Without a trailing slash; `PAYSTACK_API_URL` unless given (tests point it at a fake). */
  baseUrl?: string;
  /** How long one call may take, answer included; 10 seconds unless given (tests shorten it). */
  timeoutMs?: number;
};

/**
 * A transaction's status as Paystack reports it. Only `success` means paid; `abandoned` is a
 * checkout the customer has not finished (yet: they may still pay), `ongoing`, `pending`,
 * `processing` and `queued` wait on the customer or the bank, `reversed` was refunded.
 */
export type ChargeStatus =
  | "success"
  | "failed"
  | "abandoned"
  | "pending"
  | "reversed"
  | "ongoing"
  | "processing"
  | "queued";

/** What Paystack says of a charge; the caller compares amount and currency with what it asked. */
export type VerifiedCharge = {
  reference: string;
  status: ChargeStatus;
  amountKobo: number;
  currency: string;
  paidAt: Date | null;
  channel: string | null;
  /** Paystack's own id of the transaction (`data.id`). */
  gatewayId: string;
  /** For a transfer into a dedicated account (channel `dedicated_nuban`): whose and from whom. */
  transfer?: DedicatedTransfer;
};

/** A transfer into one of our dedicated accounts, as Paystack reports its charge. */
export type DedicatedTransfer = {
  /** The account the money went to (ours, the payer's own number). */
  accountNumber: string | null;
  customerCode: string | null;
  /** The payer's name and bank, as their bank gave them. */
  senderName: string | null;
  senderBank: string | null;
};

/** A dedicated account Paystack assigned to a customer. */
export type DedicatedAccount = {
  gatewayId: string;
  accountNumber: string;
  accountName: string;
  bankName: string;
};

/** Network error, timeout, 5xx, 429 or an answer that does not parse: retrying later may work. */
export class PaystackUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PaystackUnavailableError";
  }
}

/** Paystack answered 4xx (a duplicate reference, a wrong key, an over-refund): retrying will not help. */
export class PaystackRefusedError extends Error {
  readonly httpStatus: number;
  /** Paystack's own words, e-mail addresses blanked out. */
  readonly paystackMessage: string;
  /** Paystack's machine-readable `code`, where the answer has one. */
  readonly code: string | undefined;
  constructor(httpStatus: number, paystackMessage: string, code?: string) {
    super(`Paystack refused (HTTP ${httpStatus}): ${paystackMessage}`);
    this.name = "PaystackRefusedError";
    this.httpStatus = httpStatus;
    this.paystackMessage = paystackMessage;
    this.code = code;
  }
}

const bounded = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));
const kobo = z.int().check(z.nonnegative());
const paystackId = z.union([z.int(), bounded(64)]);

const CHARGE_STATUSES = [
  "success",
  "failed",
  "abandoned",
  "pending",
  "reversed",
  "ongoing",
  "processing",
  "queued",
] as const satisfies readonly ChargeStatus[];

/** The envelope of every successful answer. */
const answer = <Data extends z.ZodMiniType>(data: Data) =>
  z.object({ status: z.literal(true), data });

const initializeAnswer = answer(
  z.object({
    authorization_url: z.url({ protocol: /^https?$/ }).check(z.maxLength(2000)),
    access_code: bounded(200),
    reference: bounded(100),
  }),
);

const optionalText = (max: number) => z.optional(z.nullable(z.string().check(z.maxLength(max))));
const nuban = z.string().check(z.regex(/^\d{10}$/));
const nubanOrNull = (text: string | null | undefined) =>
  text && /^\d{10}$/.test(text) ? text : null;

const verifyAnswer = answer(
  z.object({
    id: paystackId,
    status: z.enum(CHARGE_STATUSES),
    reference: bounded(100),
    amount: kobo,
    currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
    paid_at: z.optional(z.nullable(z.iso.datetime({ offset: true }))),
    channel: optionalText(100),
    // Read only for a dedicated account's transfer; lenient elsewhere (a card's fields differ).
    customer: z.optional(z.nullable(z.looseObject({ customer_code: optionalText(64) }))),
    authorization: z.optional(
      z.nullable(
        z.looseObject({
          receiver_bank_account_number: optionalText(40),
          sender_name: optionalText(200),
          sender_bank: optionalText(120),
        }),
      ),
    ),
  }),
);

const dedicatedAccountData = z.looseObject({
  id: paystackId,
  account_number: nuban,
  account_name: bounded(200),
  bank: z.looseObject({ name: bounded(120) }),
});
const dedicatedAccountAnswer = answer(dedicatedAccountData);
const customerAnswer = answer(
  z.looseObject({
    customer_code: bounded(64),
    dedicated_account: z.optional(z.nullable(dedicatedAccountData)),
    dedicated_accounts: z.optional(z.array(dedicatedAccountData).check(z.maxLength(20))),
  }),
);
const accountOf = (data: z.infer<typeof dedicatedAccountData>): DedicatedAccount => ({
  gatewayId: String(data.id),
  accountNumber: data.account_number,
  accountName: data.account_name,
  bankName: data.bank.name,
});

const refundData = z.object({ id: paystackId, status: bounded(40), amount: kobo });
const refundAnswer = answer(refundData);
const refundListAnswer = answer(z.array(refundData).check(z.maxLength(100)));

/** A refund as Paystack reports it: `pending`, `processing`, `processed`, `failed`, … */
export type GatewayRefund = { refundId: string; status: string; amountKobo: number };
const refundOf = (data: z.infer<typeof refundData>): GatewayRefund => ({
  refundId: String(data.id),
  status: data.status,
  amountKobo: data.amount,
});

/** A refusal's body, read leniently: whatever of it parses. */
const refusalBody = z.object({
  message: z.optional(z.string()),
  code: z.optional(z.string().check(z.maxLength(100))),
});

/**
 * A webhook's body, once its signature has been checked: the event's name and the transaction's
 * reference; the rest stays as sent. Act on it by verifying the reference, not on its fields.
 */
export const paystackEventSchema = z.looseObject({
  event: bounded(100),
  data: z.looseObject({ reference: bounded(100), channel: z.optional(z.unknown()) }),
});

/** A refund's webhook (`refund.pending`, `refund.processed`, …): the refunded transaction's reference. */
export const paystackRefundEventSchema = z.looseObject({
  event: z.string().check(z.startsWith("refund."), z.maxLength(100)),
  data: z.looseObject({ transaction_reference: bounded(100) }),
});
export type PaystackEvent = z.infer<typeof paystackEventSchema>;

const EMAIL = /[^\s@"'<>]+@[^\s@"'<>]+/g;
const saying = (text: string) => text.replace(EMAIL, "[e-mail]").slice(0, 300);

function refusalOf(status: number, text: string) {
  let parsed: z.infer<typeof refusalBody> = {};
  try {
    const body = z.safeParse(refusalBody, JSON.parse(text));
    if (body.success) parsed = body.data;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  return new PaystackRefusedError(status, saying(parsed.message ?? "no message"), parsed.code);
}

/** Paystack's answer to a verify of a reference it has never seen. */
function isUnknownReference(error: PaystackRefusedError) {
  return (
    error.httpStatus === 404 ||
    error.code === "transaction_not_found" ||
    /reference not found/i.test(error.paystackMessage)
  );
}

/** The webhook's claimed origin: `signature` is the HMAC-SHA512 hex of `rawBody` with the key. */
export function isPaystackSignatureValid(
  rawBody: Buffer,
  signature: string | undefined | null,
  secretKey: string,
): boolean {
  // An empty key would make a signature anyone can compute.
  if (!secretKey || typeof signature !== "string" || !/^[0-9a-f]{128}$/i.test(signature)) {
    return false;
  }
  const expected = createHmac("sha512", secretKey).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

export function paystackGateway({ secretKey, baseUrl, timeoutMs = 10_000 }: PaystackConfig) {
  const root = (baseUrl ?? PAYSTACK_API_URL).replace(/\/+$/, "");

  /** One call: the parsed `data` of a 2xx answer, or a thrown Refused or Unavailable error. */
  async function call<Answer extends { data: unknown }>(
    what: string,
    path: string,
    schema: z.ZodMiniType<Answer>,
    body?: object,
  ): Promise<Answer["data"]> {
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${root}${path}`, {
        method: body ? "POST" : "GET",
        headers: {
          authorization: `Bearer ${secretKey}`,
          accept: "application/json",
          ...(body ? { "content-type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        redirect: "error",
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw new PaystackUnavailableError(`Paystack could not be reached (${what})`, {
        cause: error,
      });
    }
    if (status === 429 || status >= 500) {
      throw new PaystackUnavailableError(`Paystack answered HTTP ${status} (${what})`);
    }
    if (status >= 400) throw refusalOf(status, text);
    if (status < 200 || status >= 300) {
      throw new PaystackUnavailableError(`Paystack answered HTTP ${status} (${what})`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new PaystackUnavailableError(`Paystack's answer is not JSON (${what})`, {
        cause: error,
      });
    }
    const parsed = z.safeParse(schema, json);
    if (!parsed.success) {
      throw new PaystackUnavailableError(
        `Paystack's answer has an unexpected shape (${what}): ${z.prettifyError(parsed.error)}`,
      );
    }
    return parsed.data.data;
  }

  return {
    /**
     * Starts a checkout for our `reference` (letters, digits, `-`, `.` and `=` only, per
     * Paystack), in Naira; the customer pays at `authorizationUrl` and comes back to
     * `callbackUrl?trxref=…&reference=…`.
     */
    async initialize(input: {
      reference: string;
      amountKobo: number;
      email: string;
      callbackUrl: string;
      metadata?: Record<string, string>;
    }) {
      if (!Number.isSafeInteger(input.amountKobo) || input.amountKobo <= 0) {
        throw new RangeError("A Paystack charge is a positive whole number of kobo");
      }
      const data = await call("initialize", "/transaction/initialize", initializeAnswer, {
        reference: input.reference,
        amount: String(input.amountKobo),
        currency: "NGN",
        email: input.email,
        callback_url: input.callbackUrl,
        // Paystack documents `metadata` as a stringified JSON object.
        ...(input.metadata ? { metadata: JSON.stringify(input.metadata) } : {}),
      });
      if (data.reference !== input.reference) {
        throw new PaystackUnavailableError("Paystack answered for another reference (initialize)");
      }
      return {
        authorizationUrl: data.authorization_url,
        accessCode: data.access_code,
        reference: data.reference,
      };
    },

    /** What Paystack knows of the charge, or null when it does not know the reference. */
    async verify(reference: string): Promise<VerifiedCharge | null> {
      let data: z.infer<typeof verifyAnswer>["data"];
      try {
        data = await call(
          "verify",
          `/transaction/verify/${encodeURIComponent(reference)}`,
          verifyAnswer,
        );
      } catch (error) {
        if (error instanceof PaystackRefusedError && isUnknownReference(error)) return null;
        throw error;
      }
      if (data.reference !== reference) {
        throw new PaystackUnavailableError("Paystack answered for another reference (verify)");
      }
      return {
        reference: data.reference,
        status: data.status,
        amountKobo: data.amount,
        currency: data.currency,
        paidAt: data.paid_at ? new Date(data.paid_at) : null,
        channel: data.channel ?? null,
        gatewayId: String(data.id),
        ...(data.channel === "dedicated_nuban" && {
          transfer: {
            accountNumber: nubanOrNull(data.authorization?.receiver_bank_account_number),
            customerCode: data.customer?.customer_code ?? null,
            senderName: data.authorization?.sender_name ?? null,
            senderBank: data.authorization?.sender_bank ?? null,
          },
        }),
      };
    },

    /**
     * The Paystack customer of `email` (Paystack keeps one per address), made with the name and
     * phone given when there is none, and the dedicated account they already have, if any.
     */
    async customer(input: {
      email: string;
      firstName: string;
      lastName: string;
      phone: string | null;
    }): Promise<{ customerCode: string; account: DedicatedAccount | null }> {
      try {
        const found = await call(
          "fetch customer",
          `/customer/${encodeURIComponent(input.email)}`,
          customerAnswer,
        );
        const account = found.dedicated_account ?? found.dedicated_accounts?.[0] ?? null;
        return { customerCode: found.customer_code, account: account && accountOf(account) };
      } catch (error) {
        if (!(error instanceof PaystackRefusedError && error.httpStatus === 404)) throw error;
      }
      const made = await call("create customer", "/customer", customerAnswer, {
        email: input.email,
        first_name: input.firstName,
        last_name: input.lastName,
        ...(input.phone ? { phone: input.phone } : {}),
      });
      return { customerCode: made.customer_code, account: null };
    },

    /** Assigns the customer a dedicated account at `preferredBank` (a bank's slug, e.g. `wema-bank`). */
    async assignDedicatedAccount(input: {
      customerCode: string;
      preferredBank: string;
    }): Promise<DedicatedAccount> {
      const data = await call(
        "assign dedicated account",
        "/dedicated_account",
        dedicatedAccountAnswer,
        {
          customer: input.customerCode,
          preferred_bank: input.preferredBank,
        },
      );
      return accountOf(data);
    },

    /**
     * Refunds a paid charge, all of it unless `amountKobo` says how much; `reason` is the
     * merchant's note. Paystack queues the refund: `status` is usually `pending` at first.
     */
    async refund(input: { reference: string; amountKobo?: number; reason?: string }) {
      const { amountKobo, reason } = input;
      if (amountKobo !== undefined && (!Number.isSafeInteger(amountKobo) || amountKobo <= 0)) {
        throw new RangeError("A Paystack refund is a positive whole number of kobo");
      }
      const data = await call("refund", "/refund", refundAnswer, {
        transaction: input.reference,
        ...(amountKobo !== undefined ? { amount: amountKobo } : {}),
        ...(reason ? { merchant_note: reason } : {}),
      });
      return refundOf(data);
    },

    /** One refund by Paystack's id of it. */
    async fetchRefund(refundId: string): Promise<GatewayRefund> {
      return refundOf(
        await call("fetch refund", `/refund/${encodeURIComponent(refundId)}`, refundAnswer),
      );
    },

    /** The refunds of one transaction (Paystack's id of it, or its reference), newest first. */
    async listRefunds(transaction: string): Promise<GatewayRefund[]> {
      const data = await call(
        "list refunds",
        `/refund?transaction=${encodeURIComponent(transaction)}&perPage=100`,
        refundListAnswer,
      );
      return data.map(refundOf);
    },
  };
}

export type PaystackGateway = ReturnType<typeof paystackGateway>;
