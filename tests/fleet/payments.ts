// The fleet's payment rush: 100 accepted applicants choose a plan and start a Paystack payment
// from 'My application' (over both processes, so the fake Paystack knows each reference); all
// 100 pay, and at once each one's return from the checkout and its signed webhook, delivered
// 5 times, land on A and B. Once the job queue is idle (the webhooks' checks are jobs), each
// payment is paid once, with a receipt number of its own, its instalment paid, the place
// enrolled, one receipt e-mail sent and one 'payment-received' event. A badly signed webhook
// is refused and changes nothing.

import type { AppServer } from "../support/app-server";
import type { FakePaystack } from "../support/fake-paystack";
import { acceptedApplicants, openFleetIntake, query } from "./query";
import type { Row } from "./report";
import { type Answer, inFlight, postForm, summarise } from "./requests";

const PAYERS = Number(process.env.FLEET_PAYERS ?? 100);
/** How often Paystack sends each webhook (it sends again until it gets a 200). */
const DELIVERIES = 5;
const IN_FLIGHT = 20;
/** How long the job queue has to settle the payments and send their receipts. */
const SETTLE_SECONDS = 60;

/** Each payer's own address (172.20/16), as the browsers of 100 people. */
const addressOf = (serial: number) => `172.20.${(serial >> 8) & 255}.${serial & 255}`;

/** An open intake paid in full, and PAYERS accepted applications on it, each with its link. */
async function acceptedPayers(databaseUrl: string) {
  const intakeId = await openFleetIntake(databaseUrl, "payment", { seats: PAYERS });
  const payers = await acceptedApplicants(databaseUrl, intakeId, PAYERS, {
    fullName: "Paying Applicant",
    emailPrefix: "payer",
  });
  return { intakeId, payers };
}

type Payer = { id: string; token: string };
type Started = Payer & { reference: string };

/** Each payer chooses to pay in full, then presses Pay: the app starts the payment with Paystack. */
async function startPayments(
  servers: [AppServer, AppServer],
  payers: Payer[],
  paystack: FakePaystack,
  databaseUrl: string,
  intakeId: string,
) {
  const step = (fields: Record<string, string>) =>
    inFlight(IN_FLIGHT, payers.length, (index) =>
      postForm(
        servers[index % 2] as AppServer,
        `/application/${payers[index]?.token}`,
        addressOf(index),
        fields,
        "manual",
      ),
    );
  const chosen = await step({ intent: "choose-plan", plan: "full" });
  const paying = await step({ intent: "pay" });
  const toCheckout = paying.filter((answer) =>
    answer.location?.startsWith(`${paystack.baseUrl}/checkout/`),
  ).length;
  const rows = await query<{ application_id: string; reference: string }>(
    databaseUrl,
    `SELECT p.application_id, p.reference FROM payments p
       JOIN applications a ON a.id = p.application_id
      WHERE a.intake_id = $1 AND p.method = 'paystack' AND p.status = 'started'`,
    [intakeId],
  );
  const referenceOf = new Map(rows.map((row) => [row.application_id, row.reference]));
  const started: Started[] = payers.flatMap((payer) => {
    const reference = referenceOf.get(payer.id);
    return reference && paystack.transactions.has(reference) ? [{ ...payer, reference }] : [];
  });
  const row: Row = {
    check: `${PAYERS} accepted applicants choose a plan and start a Paystack payment from 'My application' over A and B`,
    result: `plans ${summarise(chosen)}; pay ${summarise(paying)}, ${toCheckout} sent to the checkout; ${rows.length} payments started, ${started.length} known to Paystack`,
    pass:
      chosen.every((answer) => answer.status === 302) &&
      toCheckout === PAYERS &&
      rows.length === PAYERS &&
      started.length === PAYERS,
  };
  return { row, started };
}

/** The webhook checks queued for a reference, and its payment's status. */
async function stateOf(databaseUrl: string, reference: string) {
  const [row] = await query<{ status: string; checks: string }>(
    databaseUrl,
    `SELECT p.status,
            (SELECT count(*) FROM pgboss.job j
              WHERE j.name = 'payment-check' AND j.data->>'reference' = p.reference) AS checks
       FROM payments p WHERE p.reference = $1`,
    [reference],
  );
  return `${row?.status} with ${row?.checks} payment-check job(s)`;
}

/** A webhook signed with another key, for a payment Paystack has taken: 401, nothing queued. */
async function badlySigned(
  server: AppServer,
  paystack: FakePaystack,
  databaseUrl: string,
  reference: string,
): Promise<Row> {
  const before = await stateOf(databaseUrl, reference);
  const { body, headers } = paystack.signedWebhook(reference, { badSignature: true });
  const answer = await deliver(server, body, headers);
  const after = await stateOf(databaseUrl, reference);
  return {
    check: "a badly signed webhook for a paid checkout is refused and changes nothing",
    result: `${answer.status}; payment ${before} → ${after}`,
    pass: answer.status === 401 && before === after,
  };
}

async function deliver(
  server: AppServer,
  body: string,
  headers: Record<string, string>,
): Promise<Answer> {
  try {
    const response = await fetch(new URL("/webhooks/paystack", server.origin), {
      method: "POST",
      headers,
      body,
    });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    return { status: "network", body: String(error) };
  }
}

async function returnFrom(server: AppServer, payer: Started, address: string): Promise<Answer> {
  const path = `/application/${payer.token}/paid?reference=${encodeURIComponent(payer.reference)}`;
  try {
    const response = await fetch(new URL(path, server.origin), {
      redirect: "manual",
      headers: { "x-forwarded-for": address },
    });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    return { status: "network", body: String(error) };
  }
}

type Settled = {
  /** Jobs ready to run or running, in every queue. */
  busy: number;
  receipts: number;
  sent: number;
  failed: number;
};

/** Waits until no job is ready or running and every receipt of the intake is sent or failed. */
async function untilSettled(databaseUrl: string, intakeId: string, deadline: number) {
  for (;;) {
    const [row] = await query<Record<keyof Settled, string>>(
      databaseUrl,
      `SELECT (SELECT count(*) FROM pgboss.job
                WHERE state = 'active' OR (state IN ('created', 'retry') AND start_after <= now())
             ) AS busy,
              count(e.id) AS receipts,
              count(e.id) FILTER (WHERE e.status = 'sent') AS sent,
              count(e.id) FILTER (WHERE e.status = 'failed') AS failed
         FROM outgoing_emails e
         JOIN payments p ON p.id = e.payment_id
         JOIN applications a ON a.id = p.application_id
        WHERE a.intake_id = $1 AND e.kind = 'payment'`,
      [intakeId],
    );
    const settled: Settled = {
      busy: Number(row?.busy),
      receipts: Number(row?.receipts),
      sent: Number(row?.sent),
      failed: Number(row?.failed),
    };
    const done = settled.busy === 0 && settled.sent + settled.failed >= settled.receipts;
    if (done || Date.now() > deadline) return settled;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** What the rush left of the intake's payments, instalments, places, e-mails and events. */
async function outcome(databaseUrl: string, intakeId: string) {
  const [row] = await query<Record<string, string>>(
    databaseUrl,
    `WITH apps AS (SELECT id, status FROM applications WHERE intake_id = $1)
     SELECT
       (SELECT count(*) FROM payments p JOIN apps a ON a.id = p.application_id) AS payments,
       (SELECT count(*) FROM payments p JOIN apps a ON a.id = p.application_id
         WHERE p.status = 'paid') AS paid,
       (SELECT count(DISTINCT p.receipt_number) FROM payments p JOIN apps a ON a.id = p.application_id
         WHERE p.status = 'paid') AS receipt_numbers,
       (SELECT count(*) FROM instalments i JOIN apps a ON a.id = i.application_id) AS instalments,
       (SELECT count(*) FROM instalments i JOIN apps a ON a.id = i.application_id
         WHERE i.paid_at IS NOT NULL) AS instalments_paid,
       (SELECT count(*) FROM apps WHERE status = 'enrolled') AS enrolled,
       (SELECT count(DISTINCT e.payment_id) FROM outgoing_emails e
          JOIN payments p ON p.id = e.payment_id JOIN apps a ON a.id = p.application_id
         WHERE e.kind = 'payment') AS receipts_for,
       (SELECT count(*) FROM application_events v JOIN apps a ON a.id = v.application_id
         WHERE v.kind = 'payment-received') AS received_events,
       (SELECT count(DISTINCT v.application_id) FROM application_events v
          JOIN apps a ON a.id = v.application_id
         WHERE v.kind = 'payment-received') AS received_applications`,
    [intakeId],
  );
  return Object.fromEntries(Object.entries(row ?? {}).map(([key, value]) => [key, Number(value)]));
}

export async function paymentRush(
  a: AppServer,
  b: AppServer,
  databaseUrl: string,
  paystack: FakePaystack,
): Promise<Row[]> {
  const rows: Row[] = [];
  const { intakeId, payers } = await acceptedPayers(databaseUrl);
  const { row, started } = await startPayments([a, b], payers, paystack, databaseUrl, intakeId);
  rows.push(row);
  if (started.length === 0) return rows;

  for (const payer of started) paystack.completeCheckout(payer.reference, "success");
  rows.push(await badlySigned(a, paystack, databaseUrl, started[0]?.reference ?? ""));

  // At once: each payer comes back from the checkout, and Paystack sends each webhook 5 times,
  // every request to A or B in turn.
  const begun = Date.now();
  const webhooks: Promise<Answer>[] = [];
  const returns = started.map((payer, index) => {
    const { body, headers } = paystack.signedWebhook(payer.reference);
    for (let delivery = 0; delivery < DELIVERIES; delivery += 1)
      webhooks.push(deliver((index + delivery) % 2 ? b : a, body, headers));
    return returnFrom(index % 2 ? b : a, payer, addressOf(index));
  });
  const [returned, delivered] = await Promise.all([Promise.all(returns), Promise.all(webhooks)]);
  const answeredIn = Date.now() - begun;
  const settled = await untilSettled(databaseUrl, intakeId, begun + SETTLE_SECONDS * 1000);
  const seconds = (Date.now() - begun) / 1000;
  rows.push({
    check: `${started.length} payments: each return and ${DELIVERIES} signed webhooks at once over A and B, until the job queue is idle`,
    result: `${started.length} payments, ${delivered.length} webhook deliveries (${summarise(delivered)}), returns ${summarise(returned)}; answered in ${(answeredIn / 1000).toFixed(1)} s, ${settled.busy ? `${settled.busy} jobs still waiting` : "queue idle"} after ${seconds.toFixed(1)} s`,
    pass:
      delivered.every((answer) => answer.status === 200) &&
      returned.every((answer) => answer.status === 302) &&
      settled.busy === 0,
  });

  const found = await outcome(databaseUrl, intakeId);
  rows.push({
    check:
      "each payment paid once with a receipt number of its own, its instalment paid, the place enrolled, one 'payment-received' event",
    result: `${found.paid} of ${found.payments} paid, ${found.receipt_numbers} receipt numbers; ${found.instalments_paid} of ${found.instalments} instalments paid; ${found.enrolled} enrolled; ${found.received_events} 'payment-received' events for ${found.received_applications} applications`,
    pass:
      found.payments === started.length &&
      found.paid === started.length &&
      found.receipt_numbers === started.length &&
      found.instalments === started.length &&
      found.instalments_paid === started.length &&
      found.enrolled === started.length &&
      found.received_events === started.length &&
      found.received_applications === started.length,
  });
  rows.push({
    check: "one receipt e-mail per payment, sent by the job queue",
    result: `${settled.receipts} receipt e-mails for ${found.receipts_for} payments; ${settled.sent} sent, ${settled.receipts - settled.sent - settled.failed} waiting, ${settled.failed} failed`,
    pass:
      settled.receipts === started.length &&
      found.receipts_for === started.length &&
      settled.sent === started.length,
  });
  return rows;
}
