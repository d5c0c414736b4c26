// The fleet's WhatsApp rush (issue 43): 500 visitors' messages, from 100 people, and a status
// event for each of 500 messages of ours, each delivery sent twice as Meta may send it, the two
// copies to different processes (A and B) at once, in shuffled order. Once the job queue is idle,
// each message is stored exactly once, each person has one conversation, and each status is
// kept once. A badly signed delivery is refused and stores nothing.

import type { AppServer } from "../support/app-server";
import type { FakeWhatsapp } from "../support/fake-whatsapp";
import { startFakeWhatsapp, whatsappEnvFor } from "../support/fake-whatsapp";
import { query } from "./query";
import type { Row } from "./report";

const MESSAGES = Number(process.env.FLEET_WHATSAPP ?? 500);
const PEOPLE = 100;
const IN_FLIGHT = 40;
const SETTLE_SECONDS = 60;

const channel = {
  accessToken: "EAAG-fleet-token",
  appSecret: "fleet-app-secret",
  phoneNumberId: "106540352242922",
  businessAccountId: "102290129340398",
};

/** The fake Graph API both processes talk to, and their environment for it. */
export async function startFleetWhatsapp() {
  const fake = await startFakeWhatsapp(channel);
  return { fake, env: whatsappEnvFor(channel, fake.graphUrl) };
}

/** Posts a signed delivery to one process's webhook: its HTTP status, or 0 when it failed. */
const deliver = (fake: FakeWhatsapp, server: AppServer, payload: unknown, badSignature = false) =>
  fake.post(payload, { url: `${server.origin}/webhooks/whatsapp`, badSignature }).catch(() => 0);

/** Runs `work` over `items`, at most `limit` at once. */
async function inBatches<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await work(item);
      }
    }),
  );
}

/** A shuffle that repeats from run to run. */
function shuffled<T>(items: T[]) {
  const out = [...items];
  let seed = 43;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

async function untilIdle(databaseUrl: string, deadline: number) {
  for (;;) {
    const [row] = await query<{ busy: string }>(
      databaseUrl,
      `SELECT count(*) AS busy FROM pgboss.job
        WHERE name = 'whatsapp-event'
          AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`,
    );
    const busy = Number(row?.busy);
    if (busy === 0 || Date.now() > deadline) return busy;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function whatsappRush(
  a: AppServer,
  b: AppServer,
  databaseUrl: string,
  fake: FakeWhatsapp,
): Promise<Row[]> {
  const rows: Row[] = [];
  const run = Date.now().toString(36);
  const number = (person: number) => `23480${String(70_000_000 + person).padStart(8, "0")}`;
  const messages = Array.from({ length: MESSAGES }, (_, n) =>
    fake.inboundPayload({
      from: number(n % PEOPLE),
      name: `Fleet Person ${n % PEOPLE}`,
      wamid: `wamid.fleet-${run}-in-${n}`,
      text: `Fleet question ${n}`,
      at: new Date(Date.now() - (MESSAGES - n) * 1_000),
    }),
  );
  const ours = Array.from({ length: MESSAGES }, (_, n) => `wamid.fleet-${run}-out-${n}`);
  const statuses = ours.map((wamid, n) =>
    fake.statusPayload(wamid, n % 2 ? "delivered" : "read", { recipient: number(n % PEOPLE) }),
  );

  // A forged delivery first: refused, and nothing of it stored.
  const forged = fake.inboundPayload({
    from: number(999),
    wamid: `wamid.fleet-${run}-forged`,
    text: "Forged",
  });
  const forgedStatus = await deliver(fake, a, forged.payload, true);

  // Each delivery twice: one copy to A, one to B, both in flight together, order shuffled.
  const deliveries = shuffled([...messages.map((message) => message.payload), ...statuses]).flatMap(
    (payload, n) => [
      { payload, server: n % 2 ? a : b },
      { payload, server: n % 2 ? b : a },
    ],
  );
  const answers = new Map<number, number>();
  const started = Date.now();
  await inBatches(deliveries, IN_FLIGHT, async ({ payload, server }) => {
    const status = await deliver(fake, server, payload);
    answers.set(status, (answers.get(status) ?? 0) + 1);
  });
  const answeredIn = Date.now() - started;
  const busy = await untilIdle(databaseUrl, Date.now() + SETTLE_SECONDS * 1_000);
  const settledIn = Date.now() - started;

  const [stored] = await query<{
    rows: string;
    distinct: string;
    conversations: string;
    people: string;
  }>(
    databaseUrl,
    `SELECT count(*) AS rows, count(DISTINCT w.wamid) AS distinct,
            count(DISTINCT w.message_id) AS conversations, count(DISTINCT m.phone) AS people
       FROM whatsapp_messages w JOIN messages m ON m.id = w.message_id
      WHERE w.wamid LIKE $1`,
    [`wamid.fleet-${run}-in-%`],
  );
  const [kept] = await query<{ rows: string; distinct: string }>(
    databaseUrl,
    `SELECT count(*) AS rows, count(DISTINCT wamid) AS distinct FROM whatsapp_statuses WHERE wamid LIKE $1`,
    [`wamid.fleet-${run}-out-%`],
  );
  const [forgery] = await query<{ count: string }>(
    databaseUrl,
    "SELECT count(*) FROM whatsapp_messages WHERE wamid = $1",
    [`wamid.fleet-${run}-forged`],
  );
  const summary = [...answers].map(([status, count]) => `${status}×${count}`).join(", ");
  rows.push({
    check: "a badly signed WhatsApp delivery is refused and stores nothing",
    result: `${forgedStatus}; ${forgery?.count ?? "?"} stored`,
    pass: forgedStatus === 401 && Number(forgery?.count) === 0,
  });
  rows.push({
    check: `${MESSAGES} WhatsApp messages from ${PEOPLE} people and ${MESSAGES} status events, each delivered twice (A and B at once, shuffled)`,
    result: `${deliveries.length} deliveries (${summary}); answered in ${(answeredIn / 1000).toFixed(1)} s, ${busy ? `${busy} jobs still waiting` : "queue idle"} after ${(settledIn / 1000).toFixed(1)} s`,
    pass: answers.get(200) === deliveries.length && busy === 0,
  });
  rows.push({
    check: "each WhatsApp message stored once, one conversation per person",
    result: `${stored?.rows} stored, ${stored?.distinct} distinct of ${MESSAGES}; ${stored?.conversations} conversations for ${stored?.people} of ${PEOPLE} people`,
    pass:
      Number(stored?.rows) === MESSAGES &&
      Number(stored?.distinct) === MESSAGES &&
      Number(stored?.conversations) === PEOPLE &&
      Number(stored?.people) === PEOPLE,
  });
  rows.push({
    check: "each status event kept once, whatever the order",
    result: `${kept?.rows} kept for ${kept?.distinct} of ${MESSAGES} messages of ours`,
    pass: Number(kept?.rows) === MESSAGES && Number(kept?.distinct) === MESSAGES,
  });
  return rows;
}
