import { createHmac, randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake Paystack for tests (the machine has no internet): a real HTTP server on a free local
 * port that answers the calls the academy makes the way Paystack's API reference documents
 * them, serves a checkout page a browser test can click through, and signs webhooks.
 *
 * - `POST /transaction/initialize`, `GET /transaction/verify/:reference`, `POST /refund`,
 *   `GET /refund/:id`, `GET /refund?transaction=`, `POST /customer`, `GET /customer/:email_or_code`
 *   and `POST /dedicated_account` want `Authorization: Bearer <secretKey>` and answer
 *   `{ status, message, data }`, amounts in kobo.
 * - A dedicated account needs the customer's first and last name and phone, and a provider's
 *   slug (`wema-bank`, `titan-paystack`, `test-bank`); a second one for a customer is refused.
 *   `receiveTransfer` is a payer's transfer into it: a `dedicated_nuban` charge under Paystack's
 *   own reference, verified like any other, with its signed `charge.success` webhook.
 *   `/demo-bank` is a page for the same (Paystack's test mode has a demo bank): account number,
 *   amount in Naira, Send transfer.
 * - A refund is `pending` when made, as on Paystack; a test moves it on with `settleRefund`,
 *   which can also send the signed `refund.processed` (or `refund.failed`) webhook.
 * - A transaction nobody has paid yet verifies as `abandoned`, as on Paystack.
 * - `GET /checkout/:access_code` is a page titled "Fake Paystack checkout (test)" with Pay, Fail
 *   and Cancel buttons. As on Paystack's checkout, a declined charge (Fail) keeps the customer
 *   on the page to try again (the transaction verifies as `failed` meanwhile, and `success` once
 *   a later try pays); Pay and Cancel ('Cancel and go back') redirect to its callback URL with
 *   `?trxref=<ref>&reference=<ref>`, a cancelled one verifying as `abandoned`. Pay also sends a
 *   signed `charge.success` webhook to `webhookUrl`, when one is given, without waiting for it.
 */

export type FakePaystackStatus = "abandoned" | "ongoing" | "success" | "failed" | "reversed";

export type FakeTransaction = {
  id: number;
  reference: string;
  accessCode: string;
  email: string;
  /** What the checkout was started for. */
  requestedAmountKobo: number;
  /** What Paystack reports as charged: the requested amount unless a completion changed it. */
  amountKobo: number;
  currency: string;
  callbackUrl: string | null;
  metadata: unknown;
  /** Change it freely in a test (to `ongoing`, say): verify reports what it is. */
  status: FakePaystackStatus;
  createdAt: Date;
  paidAt: Date | null;
  refundedKobo: number;
  /** A transfer into a dedicated account (channel `dedicated_nuban`), not a checkout. */
  transfer?: {
    accountNumber: string;
    customerCode: string;
    senderName: string;
    senderBank: string;
  };
};

export type FakeCustomer = {
  id: number;
  customerCode: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
};

export type FakeDedicatedAccount = {
  id: number;
  customerCode: string;
  accountNumber: string;
  accountName: string;
  bank: { id: number; name: string; slug: string };
};

/** Paystack's providers of dedicated accounts (`GET /dedicated_account/available_providers`). */
const DEDICATED_BANKS = [
  { id: 20, name: "Wema Bank", slug: "wema-bank" },
  { id: 25, name: "Titan Paystack", slug: "titan-paystack" },
  { id: 1, name: "Test Bank", slug: "test-bank" },
];

export type FakeFailure = "500" | "timeout" | "garbage" | "shape" | "lost";

export type FakeWebhookOptions = {
  event?: string;
  /** Signed with another key: the header looks right and does not verify. */
  badSignature?: boolean;
  /** The amount the body claims, whatever was charged. */
  amountKobo?: number;
};

type Answer = { status: number; body: unknown };

export type FakeRefundStatus = "pending" | "processing" | "processed" | "failed";

export type FakeRefund = {
  id: number;
  transactionId: number;
  transactionReference: string;
  amountKobo: number;
  status: FakeRefundStatus;
  merchantNote: string | null;
  createdAt: Date;
};

const REFERENCE = /^[A-Za-z0-9.=-]{1,100}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Paystack takes an amount as a whole number of kobo, written as a number or a string. */
function koboOf(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : value;
  if (typeof text !== "string" || !/^[1-9][0-9]{0,15}$/.test(text)) return null;
  const amount = Number(text);
  return Number.isSafeInteger(amount) ? amount : null;
}

const refused = (status: number, message: string): Answer => ({
  status,
  body: { status: false, message },
});

function sign(body: string, key: string) {
  return createHmac("sha512", key).update(body).digest("hex");
}

async function readBody(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export async function startFakePaystack({
  secretKey,
  callbackOrigin,
  webhookUrl,
  port = 0,
}: {
  secretKey: string;
  /** 0: any free port. */
  port?: number;
  /**
   * Where the app under test really listens, when that differs from the host of the callback
   * URLs it sends (its public URL): the redirect after checkout keeps the callback's path and
   * query and goes to this origin instead.
   */
  callbackOrigin?: string;
  /** Where Pay on the checkout page sends its signed `charge.success` webhook. */
  webhookUrl?: string;
}) {
  const transactions = new Map<string, FakeTransaction>();
  /** Every call the server received, in order (the checkout page's included). */
  const requests: { method: string; path: string }[] = [];
  const failures: FakeFailure[] = [];
  const refunds = new Map<number, FakeRefund>();
  const customers = new Map<string, FakeCustomer>();
  const dedicatedAccounts = new Map<string, FakeDedicatedAccount>();
  let nextId = 4_000_000_001;
  let nextCustomerId = 70_000_001;
  let nextAccountNumber = 9_930_000_001;
  let nextRefundId = 9_000_001;

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) {
        response.writeHead(500, { "content-type": "text/plain" });
      }
      response.end(String(error));
    });
  });
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function transactionData(transaction: FakeTransaction, amountKobo = transaction.amountKobo) {
    const paid = transaction.status === "success" || transaction.status === "reversed";
    return {
      id: transaction.id,
      domain: "test",
      status: transaction.status,
      reference: transaction.reference,
      amount: amountKobo,
      message: null,
      gateway_response: {
        abandoned: "The transaction was not completed",
        ongoing: "Awaiting the customer",
        success: "Successful",
        failed: "Declined",
        reversed: "Successful",
      }[transaction.status],
      paid_at: transaction.paidAt?.toISOString() ?? null,
      created_at: transaction.createdAt.toISOString(),
      channel: transaction.transfer ? "dedicated_nuban" : "card",
      currency: transaction.currency,
      ip_address: null,
      metadata: transaction.metadata ?? "",
      log: null,
      fees: paid ? Math.min(Math.round(amountKobo * 0.015) + 10_000, 200_000) : null,
      authorization: transaction.transfer
        ? {
            authorization_code: `AUTH_${transaction.accessCode}`,
            channel: "dedicated_nuban",
            bank: transaction.transfer.senderBank,
            sender_bank: transaction.transfer.senderBank,
            sender_bank_account_number: "XXXXXX4567",
            sender_country: "NG",
            sender_name: transaction.transfer.senderName,
            narration: "NIP transfer",
            receiver_bank_account_number: transaction.transfer.accountNumber,
            receiver_bank: "Test Bank",
            reusable: false,
            country_code: "NG",
          }
        : paid
          ? {
              authorization_code: `AUTH_${transaction.accessCode}`,
              bin: "408408",
              last4: "4081",
              exp_month: "12",
              exp_year: "2030",
              channel: "card",
              card_type: "visa",
              bank: "TEST BANK",
              country_code: "NG",
              brand: "visa",
              reusable: true,
              signature: `SIG_${transaction.accessCode}`,
              account_name: null,
            }
          : {},
      customer: {
        id: 100_000 + (transaction.id % 100_000),
        first_name: null,
        last_name: null,
        email: transaction.email,
        customer_code: transaction.transfer?.customerCode ?? `CUS_${transaction.accessCode}`,
        phone: null,
        metadata: null,
        risk_action: "default",
      },
      plan: null,
      requested_amount: transaction.requestedAmountKobo,
      paidAt: transaction.paidAt?.toISOString() ?? null,
      createdAt: transaction.createdAt.toISOString(),
      transaction_date: transaction.createdAt.toISOString(),
    };
  }

  function initialize(body: Record<string, unknown>): Answer {
    const email = body.email;
    if (typeof email !== "string" || !EMAIL.test(email)) {
      return refused(400, "Invalid Email Address Passed");
    }
    const amount = koboOf(body.amount);
    if (amount === null) return refused(400, "Invalid Amount Sent");
    const reference = body.reference ?? `T${randomBytes(8).toString("hex")}`;
    if (typeof reference !== "string" || !REFERENCE.test(reference)) {
      return refused(400, "Invalid transaction reference");
    }
    if (transactions.has(reference)) return refused(400, "Duplicate Transaction Reference");
    const currency = body.currency ?? "NGN";
    if (typeof currency !== "string" || !/^[A-Z]{3}$/.test(currency)) {
      return refused(400, "Invalid currency");
    }
    const callbackUrl = body.callback_url ?? null;
    if (callbackUrl !== null && (typeof callbackUrl !== "string" || !URL.canParse(callbackUrl))) {
      return refused(400, "Invalid callback_url");
    }
    let metadata: unknown = body.metadata ?? null;
    if (typeof metadata === "string") {
      try {
        metadata = JSON.parse(metadata);
      } catch {
        return refused(400, "Invalid metadata: not a JSON object");
      }
    }
    const accessCode = randomBytes(8).toString("hex");
    transactions.set(reference, {
      id: nextId++,
      reference,
      accessCode,
      email,
      requestedAmountKobo: amount,
      amountKobo: amount,
      currency,
      callbackUrl,
      metadata,
      status: "abandoned",
      createdAt: new Date(),
      paidAt: null,
      refundedKobo: 0,
    });
    return {
      status: 200,
      body: {
        status: true,
        message: "Authorization URL created",
        data: {
          authorization_url: `${baseUrl}/checkout/${accessCode}`,
          access_code: accessCode,
          reference,
        },
      },
    };
  }

  function customerData(customer: FakeCustomer) {
    const account = dedicatedAccounts.get(customer.customerCode);
    return {
      id: customer.id,
      integration: 100_001,
      domain: "test",
      email: customer.email,
      customer_code: customer.customerCode,
      first_name: customer.firstName,
      last_name: customer.lastName,
      phone: customer.phone,
      identified: false,
      dedicated_account: account ? accountData(account) : null,
      createdAt: new Date().toISOString(),
    };
  }

  function accountData(account: FakeDedicatedAccount) {
    return {
      id: account.id,
      account_name: account.accountName,
      account_number: account.accountNumber,
      assigned: true,
      currency: "NGN",
      active: true,
      bank: account.bank,
      metadata: null,
      created_at: new Date().toISOString(),
    };
  }

  function findCustomer(key: string) {
    return (
      customers.get(key.toLowerCase()) ??
      [...customers.values()].find((customer) => customer.customerCode === key)
    );
  }

  function createCustomer(body: Record<string, unknown>): Answer {
    const email = body.email;
    if (typeof email !== "string" || !EMAIL.test(email)) return refused(400, "Invalid email");
    const existing = customers.get(email.toLowerCase());
    const text = (value: unknown) => (typeof value === "string" && value ? value : null);
    const customer = existing ?? {
      id: nextCustomerId++,
      customerCode: `CUS_${randomBytes(7).toString("hex")}`,
      email: email.toLowerCase(),
      firstName: text(body.first_name),
      lastName: text(body.last_name),
      phone: text(body.phone),
    };
    customers.set(customer.email, customer);
    return {
      status: 200,
      body: { status: true, message: "Customer created", data: customerData(customer) },
    };
  }

  function fetchCustomer(key: string): Answer {
    const customer = findCustomer(key);
    if (!customer) return refused(404, "Customer not found");
    return {
      status: 200,
      body: { status: true, message: "Customer retrieved", data: customerData(customer) },
    };
  }

  function assignDedicatedAccount(body: Record<string, unknown>): Answer {
    const customer = typeof body.customer === "string" ? findCustomer(body.customer) : undefined;
    if (!customer) return refused(400, "Customer not found");
    const bank = DEDICATED_BANKS.find((candidate) => candidate.slug === body.preferred_bank);
    if (!bank) return refused(400, "Preferred bank is not supported");
    if (!customer.firstName || !customer.lastName || !customer.phone)
      return refused(400, "Customer first name, last name and phone number are required");
    if (dedicatedAccounts.has(customer.customerCode))
      return refused(400, "Customer already has an active dedicated account");
    const account: FakeDedicatedAccount = {
      id: nextCustomerId++,
      customerCode: customer.customerCode,
      accountNumber: String(nextAccountNumber++),
      accountName: `ACADEMY/${customer.firstName} ${customer.lastName}`.toUpperCase(),
      bank,
    };
    dedicatedAccounts.set(customer.customerCode, account);
    return {
      status: 200,
      body: { status: true, message: "NUBAN successfully created", data: accountData(account) },
    };
  }

  /**
   * Someone sends `amountKobo` to a dedicated account: a successful `dedicated_nuban` charge
   * under a reference of Paystack's, and its signed `charge.success` webhook to `webhookTo`
   * (or the server's `webhookUrl`) when there is one; the webhook's answer, or null.
   */
  async function receiveTransfer(
    accountNumber: string,
    amountKobo: number,
    opts: { webhookTo?: string; senderName?: string; times?: number } = {},
  ) {
    const account = [...dedicatedAccounts.values()].find(
      (candidate) => candidate.accountNumber === accountNumber,
    );
    if (!account) throw new Error(`The fake Paystack has no dedicated account ${accountNumber}`);
    const customer = findCustomer(account.customerCode);
    const reference = `T${randomBytes(9).toString("hex")}`;
    const now = new Date();
    transactions.set(reference, {
      id: nextId++,
      reference,
      accessCode: randomBytes(8).toString("hex"),
      email: customer?.email ?? "",
      requestedAmountKobo: amountKobo,
      amountKobo,
      currency: "NGN",
      callbackUrl: null,
      metadata: null,
      status: "success",
      createdAt: now,
      paidAt: now,
      refundedKobo: 0,
      transfer: {
        accountNumber,
        customerCode: account.customerCode,
        senderName: opts.senderName ?? "ADEBAYO OLUWASEUN",
        senderBank: "Access Bank",
      },
    });
    const target = opts.webhookTo ?? webhookUrl;
    const statuses = target ? await deliverWebhook(target, reference, { times: opts.times }) : [];
    return { reference, statuses };
  }

  function verify(reference: string): Answer {
    const transaction = transactions.get(reference);
    if (!transaction) return refused(400, "Transaction reference not found");
    return {
      status: 200,
      body: {
        status: true,
        message: "Verification successful",
        data: transactionData(transaction),
      },
    };
  }

  function refund(body: Record<string, unknown>): Answer {
    const key = body.transaction;
    const transaction = [...transactions.values()].find(
      (candidate) => candidate.reference === key || String(candidate.id) === String(key),
    );
    if (!transaction) return refused(400, "Transaction not found");
    if (transaction.status !== "success") {
      return refused(400, "Transaction has not been successfully paid, so it cannot be refunded");
    }
    const left = transaction.amountKobo - transaction.refundedKobo;
    const amount = body.amount === undefined ? left : koboOf(body.amount);
    if (amount === null) return refused(400, "Invalid amount");
    if (amount > left) {
      return refused(400, "Refund amount cannot be more than the transaction's unrefunded amount");
    }
    transaction.refundedKobo += amount;
    if (transaction.refundedKobo === transaction.amountKobo) transaction.status = "reversed";
    const now = new Date();
    const made: FakeRefund = {
      id: nextRefundId++,
      transactionId: transaction.id,
      transactionReference: transaction.reference,
      amountKobo: amount,
      status: "pending",
      merchantNote: typeof body.merchant_note === "string" ? body.merchant_note : null,
      createdAt: now,
    };
    refunds.set(made.id, made);
    return {
      status: 200,
      body: {
        status: true,
        message: "Refund has been queued for processing",
        data: {
          transaction: transactionData(transaction),
          integration: 100_001,
          deducted_amount: 0,
          channel: null,
          merchant_note: typeof body.merchant_note === "string" ? body.merchant_note : null,
          customer_note: typeof body.customer_note === "string" ? body.customer_note : null,
          status: "pending",
          refunded_by: "staff@fake-paystack.test",
          expected_at: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
          currency: transaction.currency,
          domain: "test",
          amount,
          fully_deducted: false,
          id: made.id,
          createdAt: now.toISOString(),
          updatedAt: now.toISOString(),
        },
      },
    };
  }

  function refundData(refund: FakeRefund) {
    return {
      integration: 100_001,
      transaction: refund.transactionId,
      dispute: null,
      settlement: null,
      id: refund.id,
      domain: "test",
      currency: "NGN",
      amount: refund.amountKobo,
      status: refund.status,
      refunded_at: refund.status === "processed" ? new Date().toISOString() : null,
      refunded_by: "staff@fake-paystack.test",
      customer_note: null,
      merchant_note: refund.merchantNote,
      deducted_amount: refund.amountKobo,
      fully_deducted: true,
      createdAt: refund.createdAt.toISOString(),
    };
  }

  function fetchRefund(id: string): Answer {
    const refund = refunds.get(Number(id));
    if (!refund) return refused(404, "Refund not found");
    return {
      status: 200,
      body: { status: true, message: "Refund retrieved", data: refundData(refund) },
    };
  }

  function listRefunds(query: URLSearchParams): Answer {
    const key = query.get("transaction") ?? query.get("reference");
    const found = [...refunds.values()]
      .filter(
        (refund) =>
          !key || String(refund.transactionId) === key || refund.transactionReference === key,
      )
      .reverse();
    return {
      status: 200,
      body: {
        status: true,
        message: "Refunds retrieved",
        data: found.map(refundData),
        meta: { total: found.length, skipped: 0, perPage: 100, page: 1, pageCount: 1 },
      },
    };
  }

  /**
   * Paystack finishes a refund (`processed` or `failed`; a failed one gives the amount back to
   * the transaction). With `webhookTo`, its signed `refund.<status>` webhook is posted there and
   * the answer's status returned.
   */
  async function settleRefund(
    refundId: string | number,
    status: "processed" | "failed",
    { webhookTo }: { webhookTo?: string } = {},
  ) {
    const refund = refunds.get(Number(refundId));
    if (!refund) throw new Error(`The fake Paystack has no refund ${refundId}`);
    refund.status = status;
    const transaction = transactions.get(refund.transactionReference);
    if (status === "failed" && transaction) {
      transaction.refundedKobo -= refund.amountKobo;
      if (transaction.status === "reversed") transaction.status = "success";
    }
    if (!webhookTo) return null;
    const body = JSON.stringify({
      event: `refund.${status}`,
      data: {
        status,
        transaction_reference: refund.transactionReference,
        refund_reference: null,
        amount: String(refund.amountKobo),
        currency: "NGN",
        processor: "mastercard",
        customer: { first_name: null, last_name: null, email: transaction?.email ?? null },
        integration: 100_001,
        domain: "test",
      },
    });
    const response = await fetch(webhookTo, {
      method: "POST",
      headers: signatureHeaders(body),
      body,
    });
    await response.arrayBuffer();
    return response.status;
  }

  /** A refund webhook's raw body, signed, without sending it (for calling the receiver directly). */
  function signedRefundWebhook(refundId: string | number) {
    const refund = refunds.get(Number(refundId));
    if (!refund) throw new Error(`The fake Paystack has no refund ${refundId}`);
    const body = JSON.stringify({
      event: `refund.${refund.status}`,
      data: {
        status: refund.status,
        transaction_reference: refund.transactionReference,
        refund_reference: null,
        amount: String(refund.amountKobo),
        currency: "NGN",
        domain: "test",
      },
    });
    return { body, headers: signatureHeaders(body) };
  }

  function completeCheckout(
    reference: string,
    outcome: "success" | "failed" | "abandoned",
    opts: { amountKobo?: number; currency?: string } = {},
  ) {
    const transaction = transactions.get(reference);
    if (!transaction) throw new Error(`The fake Paystack has no transaction ${reference}`);
    if (transaction.status === "success" || transaction.status === "reversed") {
      throw new Error(`The fake Paystack's transaction ${reference} is already paid`);
    }
    transaction.status = outcome;
    if (outcome === "success") {
      transaction.amountKobo = opts.amountKobo ?? transaction.requestedAmountKobo;
      transaction.currency = opts.currency ?? transaction.currency;
      transaction.paidAt = new Date();
    }
    return transaction;
  }

  function webhookBody(reference: string, event = "charge.success", amountKobo?: number) {
    const transaction = transactions.get(reference);
    if (!transaction) throw new Error(`The fake Paystack has no transaction ${reference}`);
    return JSON.stringify({ event, data: transactionData(transaction, amountKobo) });
  }

  /** Headers Paystack sends with a webhook whose raw body is `body`. */
  function signatureHeaders(body: string, { badSignature = false } = {}) {
    const key = badSignature ? `${secretKey}-not` : secretKey;
    return { "content-type": "application/json", "x-paystack-signature": sign(body, key) };
  }

  function signedWebhook(reference: string, opts: FakeWebhookOptions = {}) {
    const body = webhookBody(reference, opts.event, opts.amountKobo);
    return { body, headers: signatureHeaders(body, opts) };
  }

  /** Posts the same signed webhook `times` times, one after another; the answers' statuses. */
  async function deliverWebhook(
    url: string,
    reference: string,
    opts: FakeWebhookOptions & { times?: number } = {},
  ) {
    const { body, headers } = signedWebhook(reference, opts);
    const statuses: number[] = [];
    for (let delivery = 0; delivery < (opts.times ?? 1); delivery += 1) {
      const response = await fetch(url, { method: "POST", headers, body });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    return statuses;
  }

  function checkoutPage(transaction: FakeTransaction, notice = "") {
    const naira = (transaction.requestedAmountKobo / 100).toLocaleString("en-NG", {
      minimumFractionDigits: 2,
    });
    const reference = escapeHtml(transaction.reference);
    return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Fake Paystack checkout (test)</title></head>
<body>
<h1>Fake Paystack checkout (test)</h1>
${notice ? `<p role="alert">${escapeHtml(notice)}</p>` : ""}
<p>Not a real payment. Reference <code>${reference}</code>:
${escapeHtml(transaction.currency)} ${naira}</p>
<form method="post" action="/checkout/${escapeHtml(transaction.accessCode)}">
<button type="submit" name="outcome" value="success">Pay</button>
<button type="submit" name="outcome" value="failed">Fail</button>
<button type="submit" name="outcome" value="abandoned">Cancel</button>
</form>
</body>
</html>`;
  }

  function callbackLocation(transaction: FakeTransaction) {
    if (!transaction.callbackUrl) return null;
    const url = new URL(transaction.callbackUrl);
    const target = callbackOrigin ? new URL(`${url.pathname}${url.search}`, callbackOrigin) : url;
    target.searchParams.set("trxref", transaction.reference);
    target.searchParams.set("reference", transaction.reference);
    return target.toString();
  }

  function demoBankPage(notice = "") {
    return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Fake Paystack demo bank (test)</title></head>
<body>
<h1>Fake Paystack demo bank (test)</h1>
${notice ? `<p role="status">${escapeHtml(notice)}</p>` : ""}
<form method="post" action="/demo-bank">
<label>Account number <input name="account_number" inputmode="numeric"></label>
<label>Amount (NGN) <input name="amount" inputmode="decimal"></label>
<button type="submit">Send transfer</button>
</form>
</body>
</html>`;
  }

  /**
   * Paystack's demo bank, as its test mode offers: a payer's transfer into a dedicated account,
   * made from a page (browser tests), through `receiveTransfer`.
   */
  async function demoBank(request: IncomingMessage, response: ServerResponse) {
    const html = (status: number, page: string) => {
      response.writeHead(status, { "content-type": "text/html; charset=utf-8" });
      response.end(page);
    };
    if (request.method === "GET") return html(200, demoBankPage());
    const form = new URLSearchParams(await readBody(request));
    const accountNumber = form.get("account_number")?.trim() ?? "";
    const kobo = Math.round(Number(form.get("amount")?.replace(/,/g, "")) * 100);
    const known = [...dedicatedAccounts.values()].some(
      (account) => account.accountNumber === accountNumber,
    );
    if (!known) return html(404, demoBankPage(`No dedicated account ${accountNumber}`));
    if (!Number.isSafeInteger(kobo) || kobo <= 0) return html(400, demoBankPage("Invalid amount"));
    const { reference } = await receiveTransfer(accountNumber, kobo);
    html(200, demoBankPage(`Sent NGN ${kobo / 100} to ${accountNumber}: ${reference}`));
  }

  async function checkout(request: IncomingMessage, response: ServerResponse, accessCode: string) {
    const transaction = [...transactions.values()].find(
      (candidate) => candidate.accessCode === accessCode,
    );
    if (!transaction) {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("No such checkout");
      return;
    }
    if (request.method === "GET") {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(checkoutPage(transaction));
      return;
    }
    const outcome = new URLSearchParams(await readBody(request)).get("outcome");
    if (outcome !== "success" && outcome !== "failed" && outcome !== "abandoned") {
      response.writeHead(400, { "content-type": "text/plain" });
      response.end("Pay, Fail or Cancel");
      return;
    }
    if (transaction.status === "success" || transaction.status === "reversed") {
      response.writeHead(409, { "content-type": "text/plain" });
      response.end("This checkout is already paid");
      return;
    }
    completeCheckout(transaction.reference, outcome);
    if (outcome === "failed") {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(checkoutPage(transaction, "Declined. Try again or use another card."));
      return;
    }
    if (outcome === "success" && webhookUrl) {
      deliverWebhook(webhookUrl, transaction.reference).catch(() => {});
    }
    const location = callbackLocation(transaction);
    if (location) {
      response.writeHead(302, { location });
      response.end();
    } else {
      response.writeHead(200, { "content-type": "text/plain" });
      response.end(`Checkout ${outcome}; no callback URL`);
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", baseUrl);
    const method = request.method ?? "GET";
    requests.push({ method, path: `${url.pathname}${url.search}` });

    const checkoutMatch = url.pathname.match(/^\/checkout\/([^/]+)$/);
    if (checkoutMatch?.[1] && (method === "GET" || method === "POST")) {
      await checkout(request, response, checkoutMatch[1]);
      return;
    }

    if (url.pathname === "/demo-bank" && (method === "GET" || method === "POST")) {
      await demoBank(request, response);
      return;
    }

    const raw = method === "POST" ? await readBody(request) : "";
    const failure = failures.shift();
    const send = ({ status, body }: Answer) => {
      response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
      response.end(JSON.stringify(body));
    };
    if (failure === "500") return send(refused(500, "An error occurred"));
    if (failure === "timeout") return; // The request is held until close() ends it.
    if (failure === "garbage") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end('{"status":true,"message":"Authorization URL cr');
      return;
    }
    if (failure === "shape") return send({ status: 200, body: { status: true, data: {} } });

    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return send(refused(401, "Invalid key"));
    }
    let body: Record<string, unknown> = {};
    if (raw) {
      try {
        const parsed: unknown = JSON.parse(raw);
        if (parsed && typeof parsed === "object") body = parsed as Record<string, unknown>;
      } catch {
        return send(refused(400, "Invalid JSON body"));
      }
    }

    let answer: Answer;
    const verifyMatch = url.pathname.match(/^\/transaction\/verify\/([^/]+)$/);
    const customerMatch = url.pathname.match(/^\/customer\/([^/]+)$/);
    if (method === "POST" && url.pathname === "/transaction/initialize") answer = initialize(body);
    else if (method === "POST" && url.pathname === "/customer") answer = createCustomer(body);
    else if (method === "GET" && customerMatch?.[1]) {
      answer = fetchCustomer(decodeURIComponent(customerMatch[1]));
    } else if (method === "POST" && url.pathname === "/dedicated_account") {
      answer = assignDedicatedAccount(body);
    } else if (method === "GET" && verifyMatch?.[1]) {
      answer = verify(decodeURIComponent(verifyMatch[1]));
    } else if (method === "POST" && url.pathname === "/refund") answer = refund(body);
    else if (method === "GET" && url.pathname === "/refund") answer = listRefunds(url.searchParams);
    else if (method === "GET" && url.pathname.startsWith("/refund/")) {
      answer = fetchRefund(decodeURIComponent(url.pathname.slice("/refund/".length)));
    } else answer = refused(404, "Not found");
    // "lost": Paystack did the work and the answer never came back.
    if (failure === "lost") return;
    send(answer);
  }

  return {
    baseUrl,
    transactions,
    refunds,
    requests,
    /**
     * The next `count` API calls (not the checkout page) fail: `500`; `timeout`, never answered;
     * `garbage`, a 200 whose JSON is cut off; `shape`, a 200 of the wrong shape; `lost`, done
     * but never answered (a timeout after Paystack acted).
     */
    failNext(count: number, kind: FakeFailure) {
      for (let failure = 0; failure < count; failure += 1) failures.push(kind);
    },
    /**
     * Completes a checkout as the page's buttons do, without the redirect or webhook; a
     * successful one may charge another amount or currency than was asked.
     */
    completeCheckout,
    /** A webhook's raw body for the transaction as it is now. */
    webhookBody,
    signatureHeaders,
    signedWebhook,
    deliverWebhook,
    settleRefund,
    signedRefundWebhook,
    customers,
    dedicatedAccounts,
    receiveTransfer,
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}

export type FakePaystack = Awaited<ReturnType<typeof startFakePaystack>>;
