import { createHmac } from "node:crypto";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import {
  isPaystackSignatureValid,
  PaystackRefusedError,
  PaystackUnavailableError,
  paystackEventSchema,
  paystackGateway,
} from "~/features/payments/gateway/paystack.server";
import { type FakePaystack, startFakePaystack } from "../support/fake-paystack";
import { listenForTest } from "../support/listen";

const secretKey = "sk_test_fake_academy_key";
let fake: FakePaystack;
let gateway: ReturnType<typeof paystackGateway>;
let counter = 0;

/** A reference no other test uses (the fake keeps every transaction for the file). */
const newReference = () => `LTA-test-${Date.now()}-${++counter}`;

/** A checkout started through `client` (the shared fake's unless given). */
async function initialized(amountKobo = 25_000_000, client = gateway) {
  const reference = newReference();
  const started = await client.initialize({
    reference,
    amountKobo,
    email: "ada@example.com",
    callbackUrl: "https://academy.example/payments/return?from=checkout",
    metadata: { applicationId: "app-1" },
  });
  return { reference, started };
}

/** A local receiver that keeps each webhook's raw body and signature header. */
async function webhookReceiver() {
  const received: { body: Buffer; signature: string | undefined }[] = [];
  const app = express();
  app.post("/webhooks/paystack", express.raw({ type: "*/*" }), (request, response) => {
    received.push({ body: request.body as Buffer, signature: request.get("x-paystack-signature") });
    response.sendStatus(200);
  });
  const { url } = await listenForTest(app);
  return { url: `${url}/webhooks/paystack`, received };
}

beforeAll(async () => {
  fake = await startFakePaystack({ secretKey });
  gateway = paystackGateway({ secretKey, baseUrl: fake.baseUrl, timeoutMs: 1_000 });
});

afterAll(async () => {
  await fake.close();
});

describe("initialize and verify", () => {
  it("starts a checkout, and a paid one verifies as success with its amount, currency and time", async () => {
    const { reference, started } = await initialized(25_000_000);
    expect(started.reference).toBe(reference);
    expect(started.authorizationUrl).toBe(`${fake.baseUrl}/checkout/${started.accessCode}`);
    const sent = fake.transactions.get(reference);
    expect(sent).toMatchObject({
      email: "ada@example.com",
      requestedAmountKobo: 25_000_000,
      currency: "NGN",
      callbackUrl: "https://academy.example/payments/return?from=checkout",
      metadata: { applicationId: "app-1" },
    });

    const before = Date.now();
    fake.completeCheckout(reference, "success");
    const charge = await gateway.verify(reference);
    expect(charge).toMatchObject({
      reference,
      status: "success",
      amountKobo: 25_000_000,
      currency: "NGN",
      channel: "card",
      gatewayId: String(sent?.id),
    });
    expect(charge?.paidAt?.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(charge?.paidAt?.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("reports a checkout nobody has finished as abandoned, unpaid", async () => {
    const { reference } = await initialized();
    expect(await gateway.verify(reference)).toMatchObject({ status: "abandoned", paidAt: null });
    fake.completeCheckout(reference, "failed");
    expect(await gateway.verify(reference)).toMatchObject({ status: "failed", paidAt: null });
  });

  it("reports the amount and currency Paystack charged, not the ones asked for", async () => {
    const { reference } = await initialized(25_000_000);
    fake.completeCheckout(reference, "success", { amountKobo: 2_500, currency: "USD" });
    expect(await gateway.verify(reference)).toMatchObject({ amountKobo: 2_500, currency: "USD" });
  });

  it("answers null for a reference Paystack does not know", async () => {
    expect(await gateway.verify("LTA-never-initialized")).toBeNull();
  });

  it("puts the reference in the path encoded", async () => {
    expect(await gateway.verify("odd ref/?#")).toBeNull();
    expect(fake.requests.at(-1)).toEqual({
      method: "GET",
      path: "/transaction/verify/odd%20ref%2F%3F%23",
    });
  });

  it("refuses a reference used before", async () => {
    const { reference } = await initialized();
    const again = gateway.initialize({
      reference,
      amountKobo: 100,
      email: "ada@example.com",
      callbackUrl: "https://academy.example/payments/return",
    });
    await expect(again).rejects.toThrow(PaystackRefusedError);
    await expect(again).rejects.toMatchObject({
      httpStatus: 400,
      paystackMessage: "Duplicate Transaction Reference",
    });
  });

  it("refuses a wrong secret key, for every call", async () => {
    const wrong = paystackGateway({ secretKey: "sk_test_wrong", baseUrl: fake.baseUrl });
    const start = wrong.initialize({
      reference: newReference(),
      amountKobo: 100,
      email: "ada@example.com",
      callbackUrl: "https://academy.example/payments/return",
    });
    await expect(start).rejects.toMatchObject({ name: "PaystackRefusedError", httpStatus: 401 });
    await expect(wrong.verify("LTA-anything")).rejects.toThrow(PaystackRefusedError);
    await expect(wrong.refund({ reference: "LTA-anything" })).rejects.toThrow(PaystackRefusedError);
  });

  it("will not ask for a charge that is not a positive whole number of kobo", async () => {
    for (const amountKobo of [0, -100, 12.5, Number.NaN]) {
      const start = gateway.initialize({
        reference: newReference(),
        amountKobo,
        email: "ada@example.com",
        callbackUrl: "https://academy.example/payments/return",
      });
      await expect(start).rejects.toThrow(RangeError);
    }
  });
});

describe("when Paystack is unavailable", () => {
  it.each([
    { kind: "500", what: "answers HTTP 500" },
    { kind: "timeout", what: "does not answer in time" },
    { kind: "garbage", what: "answers JSON cut off" },
    { kind: "shape", what: "answers a shape it does not document" },
  ] as const)(
    "throws PaystackUnavailableError when it $what, and the next call works",
    async ({ kind }) => {
      const { reference } = await initialized();
      const quick = paystackGateway({ secretKey, baseUrl: fake.baseUrl, timeoutMs: 200 });
      fake.failNext(1, kind);
      await expect(quick.verify(reference)).rejects.toThrow(PaystackUnavailableError);
      expect(await quick.verify(reference)).toMatchObject({ status: "abandoned" });
    },
  );

  it("throws PaystackUnavailableError when nothing listens", async () => {
    const gone = await startFakePaystack({ secretKey });
    await gone.close();
    const nowhere = paystackGateway({ secretKey, baseUrl: gone.baseUrl });
    await expect(nowhere.verify("LTA-anything")).rejects.toThrow(PaystackUnavailableError);
  });

  it("leaves a checkout started when only the answer was lost, and a retry is refused", async () => {
    const reference = newReference();
    const quick = paystackGateway({ secretKey, baseUrl: fake.baseUrl, timeoutMs: 200 });
    const input = {
      reference,
      amountKobo: 100,
      email: "ada@example.com",
      callbackUrl: "https://academy.example/payments/return",
    };
    fake.failNext(1, "lost");
    await expect(quick.initialize(input)).rejects.toThrow(PaystackUnavailableError);
    await expect(quick.initialize(input)).rejects.toThrow(PaystackRefusedError);
    expect(await quick.verify(reference)).toMatchObject({ status: "abandoned" });
  });
});

describe("refunds", () => {
  it("refunds all of a payment when no amount is given", async () => {
    const { reference } = await initialized(25_000_000);
    fake.completeCheckout(reference, "success");
    const refund = await gateway.refund({ reference, reason: "Intake cancelled" });
    expect(refund).toMatchObject({ status: "pending", amountKobo: 25_000_000 });
    expect(refund.refundId).toMatch(/^\d+$/);
    expect(await gateway.verify(reference)).toMatchObject({ status: "reversed" });
  });

  it("refunds part of a payment, and refuses more than what is left", async () => {
    const { reference } = await initialized(10_000_000);
    fake.completeCheckout(reference, "success");
    expect(await gateway.refund({ reference, amountKobo: 4_000_000 })).toMatchObject({
      amountKobo: 4_000_000,
    });
    await expect(gateway.refund({ reference, amountKobo: 6_000_001 })).rejects.toThrow(
      PaystackRefusedError,
    );
    expect(await gateway.refund({ reference, amountKobo: 6_000_000 })).toMatchObject({
      amountKobo: 6_000_000,
    });
  });

  it("refuses to refund more than was paid, or a charge that was never paid", async () => {
    const { reference } = await initialized(10_000_000);
    await expect(gateway.refund({ reference })).rejects.toThrow(PaystackRefusedError);
    fake.completeCheckout(reference, "success");
    await expect(gateway.refund({ reference, amountKobo: 10_000_001 })).rejects.toMatchObject({
      name: "PaystackRefusedError",
      httpStatus: 400,
    });
  });
});

describe("a refusal's message", () => {
  it("carries Paystack's words without an e-mail address in them", async () => {
    const app = express();
    app.post("/refund", (_request, response) => {
      response.status(400).json({
        status: false,
        message: "Refund by staff@academy.example refused for ada@example.com",
        code: "refund_refused",
      });
    });
    const { url } = await listenForTest(app);
    const refusal = paystackGateway({ secretKey, baseUrl: url }).refund({ reference: "LTA-1" });
    await expect(refusal).rejects.toMatchObject({
      code: "refund_refused",
      message: "Paystack refused (HTTP 400): Refund by [e-mail] refused for [e-mail]",
    });
  });
});

describe("webhook signatures", () => {
  const body = Buffer.from('{"event":"charge.success","data":{"reference":"LTA-1"}}');
  const signature = createHmac("sha512", secretKey).update(body).digest("hex");

  it("accepts the HMAC-SHA512 of the raw body keyed with the secret key", () => {
    expect(isPaystackSignatureValid(body, signature, secretKey)).toBe(true);
  });

  it("rejects a tampered body, a wrong key, and a missing or malformed header", () => {
    const tampered = Buffer.from(body.toString().replace("LTA-1", "LTA-2"));
    expect(isPaystackSignatureValid(tampered, signature, secretKey)).toBe(false);
    expect(isPaystackSignatureValid(body, signature, "sk_test_other")).toBe(false);
    // An empty key is a misconfiguration, not a key: anyone can sign with it.
    const signedWithNoKey = createHmac("sha512", "").update(body).digest("hex");
    expect(isPaystackSignatureValid(body, signedWithNoKey, "")).toBe(false);
    expect(isPaystackSignatureValid(body, undefined, secretKey)).toBe(false);
    expect(isPaystackSignatureValid(body, null, secretKey)).toBe(false);
    expect(isPaystackSignatureValid(body, "", secretKey)).toBe(false);
    expect(isPaystackSignatureValid(body, signature.slice(1), secretKey)).toBe(false);
    expect(isPaystackSignatureValid(body, `${signature}0`, secretKey)).toBe(false);
    expect(isPaystackSignatureValid(body, "z".repeat(128), secretKey)).toBe(false);
    expect(isPaystackSignatureValid(body, `${signature.slice(0, 127)}g`, secretKey)).toBe(false);
  });

  it("accepts the fake's signed webhooks, and rejects its badly signed ones", async () => {
    const { reference } = await initialized(25_000_000);
    fake.completeCheckout(reference, "success");
    const signed = fake.signedWebhook(reference);
    const raw = Buffer.from(signed.body);
    expect(isPaystackSignatureValid(raw, signed.headers["x-paystack-signature"], secretKey)).toBe(
      true,
    );
    const event = z.parse(paystackEventSchema, JSON.parse(signed.body));
    expect(event).toMatchObject({
      event: "charge.success",
      data: { reference, amount: 25_000_000 },
    });

    const forged = fake.signedWebhook(reference, { badSignature: true, amountKobo: 100 });
    expect(JSON.parse(forged.body)).toMatchObject({ data: { amount: 100 } });
    expect(
      isPaystackSignatureValid(
        Buffer.from(forged.body),
        forged.headers["x-paystack-signature"],
        secretKey,
      ),
    ).toBe(false);
  });

  it("rejects an event body without a reference", () => {
    const parsed = z.safeParse(paystackEventSchema, { event: "charge.success", data: {} });
    expect(parsed.success).toBe(false);
  });
});

describe("the fake's checkout page and webhooks", () => {
  it("pays from the page, redirects to the callback with the reference, and sends a signed webhook", async () => {
    const receiver = await webhookReceiver();
    const paystack = await startFakePaystack({
      secretKey,
      callbackOrigin: "http://127.0.0.1:5999",
      webhookUrl: receiver.url,
    });
    try {
      const client = paystackGateway({ secretKey, baseUrl: paystack.baseUrl });
      const { reference, started } = await initialized(25_000_000, client);
      const { authorizationUrl } = started;
      const page = await fetch(authorizationUrl);
      const html = await page.text();
      expect(html).toContain("<title>Fake Paystack checkout (test)</title>");
      for (const label of ["Pay", "Fail", "Cancel"]) expect(html).toContain(`>${label}</button>`);

      const paid = await fetch(authorizationUrl, {
        method: "POST",
        body: new URLSearchParams({ outcome: "success" }),
        redirect: "manual",
      });
      expect(paid.status).toBe(302);
      const location = new URL(paid.headers.get("location") ?? "");
      expect(location.origin).toBe("http://127.0.0.1:5999");
      expect(location.pathname).toBe("/payments/return");
      expect(Object.fromEntries(location.searchParams)).toEqual({
        from: "checkout",
        trxref: reference,
        reference,
      });
      expect(await client.verify(reference)).toMatchObject({ status: "success" });

      await expect.poll(() => receiver.received.length).toBe(1);
      const [delivered] = receiver.received;
      expect(
        isPaystackSignatureValid(
          delivered?.body ?? Buffer.alloc(0),
          delivered?.signature,
          secretKey,
        ),
      ).toBe(true);
      expect(JSON.parse(String(delivered?.body))).toMatchObject({
        event: "charge.success",
        data: { reference, status: "success" },
      });

      const again = await fetch(authorizationUrl, {
        method: "POST",
        body: new URLSearchParams({ outcome: "failed" }),
        redirect: "manual",
      });
      expect(again.status).toBe(409);
    } finally {
      await paystack.close();
    }
  });

  it("keeps a declined customer on the page to try again, as Paystack does: failed, then paid", async () => {
    const paystack = await startFakePaystack({ secretKey });
    try {
      const client = paystackGateway({ secretKey, baseUrl: paystack.baseUrl });
      const { reference, started } = await initialized(100, client);
      const declined = await fetch(started.authorizationUrl, {
        method: "POST",
        body: new URLSearchParams({ outcome: "failed" }),
        redirect: "manual",
      });
      expect(declined.status).toBe(200);
      expect(await declined.text()).toContain("Declined. Try again or use another card.");
      expect(await client.verify(reference)).toMatchObject({ status: "failed" });
      const paid = await fetch(started.authorizationUrl, {
        method: "POST",
        body: new URLSearchParams({ outcome: "success" }),
        redirect: "manual",
      });
      expect(paid.status).toBe(302);
      expect(await client.verify(reference)).toMatchObject({ status: "success" });
    } finally {
      await paystack.close();
    }
  });

  it("cancels from the page without a webhook", async () => {
    const receiver = await webhookReceiver();
    const paystack = await startFakePaystack({ secretKey, webhookUrl: receiver.url });
    try {
      const client = paystackGateway({ secretKey, baseUrl: paystack.baseUrl });
      const { reference, started } = await initialized(100, client);
      const { authorizationUrl } = started;
      const cancelled = await fetch(authorizationUrl, {
        method: "POST",
        body: new URLSearchParams({ outcome: "abandoned" }),
        redirect: "manual",
      });
      expect(cancelled.headers.get("location")).toBe(
        `https://academy.example/payments/return?from=checkout&trxref=${reference}&reference=${reference}`,
      );
      expect(await client.verify(reference)).toMatchObject({ status: "abandoned" });
      // Give a stray webhook the time to arrive before saying none did.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(receiver.received).toHaveLength(0);
    } finally {
      await paystack.close();
    }
  });

  it("delivers the same webhook as many times as asked", async () => {
    const receiver = await webhookReceiver();
    const { reference } = await initialized();
    fake.completeCheckout(reference, "success");
    expect(await fake.deliverWebhook(receiver.url, reference, { times: 3 })).toEqual([
      200, 200, 200,
    ]);
    expect(receiver.received).toHaveLength(3);
    const bodies = new Set(receiver.received.map((delivery) => delivery.body.toString()));
    expect(bodies.size).toBe(1);
    for (const delivery of receiver.received) {
      expect(isPaystackSignatureValid(delivery.body, delivery.signature, secretKey)).toBe(true);
    }
  });

  it("refuses an amount or an e-mail address Paystack would refuse", async () => {
    const post = (body: object) =>
      fetch(`${fake.baseUrl}/transaction/initialize`, {
        method: "POST",
        headers: { authorization: `Bearer ${secretKey}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    for (const amount of ["0", "12.5", -100, "abc", 1.5]) {
      const answer = await post({ email: "ada@example.com", amount, reference: newReference() });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ status: false, message: "Invalid Amount Sent" });
    }
    const noEmail = await post({ email: "not-an-address", amount: "100" });
    expect(noEmail.status).toBe(400);
    const accepted = await post({
      email: "ada@example.com",
      amount: 100,
      reference: newReference(),
    });
    expect(accepted.status).toBe(200);
  });
});
