import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  type Database,
  type DatabaseHandle,
  db,
  openDatabase,
  setDatabase,
} from "~/db/client.server";
import { type Application, applicationEvents, applications, outgoingEmails } from "~/db/schema";
import {
  type ApplyOutcome,
  applyForIntake,
  takeApplicantStep,
} from "~/features/applications/applications.server";
import { waitlistPlace } from "~/features/applications/places.server";
import {
  applicantInput,
  applicationsOf,
  openIntake,
  origin,
  placesTakenOf,
  tokenFromText,
} from "../support/application-fixtures";
import { setupTestDatabase } from "../support/test-database";

// Only on the PostgreSQL server (vitest.config.ts): two pools on one database stand for two app
// processes, so the applications to one intake really race, each in its own transaction.

// 15 times the seats and 3 times the applications in flight: enough for every one of them to
// race for the intake's lock. The fleet suite sends 500 over two real processes (bench:fleet
// 1,000); here the test time goes to the order of the line, not the size of the crowd.
const APPLICANTS = 300;
const SEATS = 20;
const DECLINES = 5;
/**
 * Applications under way at once, as many browsers waiting for an answer. Each takes the
 * intake's lock in turn, so thousands at once would queue for a connection longer than the
 * pool's wait (45 s) on a busy machine: those would fail as they would in the app.
 */
const IN_FLIGHT = 100;

const database = setupTestDatabase();
const processes: DatabaseHandle[] = [];
const transactions = [0, 0];

/** A handle whose transactions are counted, to show that both "processes" took their share. */
function counted(handle: DatabaseHandle, index: number): DatabaseHandle {
  const counting = new Proxy(handle.db, {
    get(target, property, receiver) {
      if (property === "transaction") transactions[index] = (transactions[index] ?? 0) + 1;
      return Reflect.get(target, property, receiver);
    },
  }) as Database;
  return { ...handle, db: counting };
}

beforeAll(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is required for the postgres test project");
  const { rows } = await database().db.execute<{ name: string }>(
    sql`select current_database() as name`,
  );
  const url = new URL(serverUrl);
  url.pathname = `/${rows[0]?.name}`;
  const second = await openDatabase({ kind: "postgres", url: url.toString(), maxConnections: 5 });
  processes.push(counted(database(), 0), counted(second, 1));
});

afterAll(async () => {
  await processes[1]?.close();
});

/**
 * Starts `run` on process `index % 2`. A service takes the application's database when it is
 * called (its first statement), so the handle set here is the one its transaction uses.
 */
function onProcess<T>(index: number, run: () => Promise<T>): Promise<T> {
  setDatabase(processes[index % 2]);
  try {
    return run();
  } finally {
    setDatabase(database());
  }
}

/** Each waiting application's place as the service computes it, by id. */
async function servicePlaces(rows: Application[]) {
  return db().transaction(async (tx) => {
    const places = new Map<string, number | null>();
    for (const row of rows) places.set(row.id, await waitlistPlace(tx, row));
    return places;
  });
}

/** The waitlist in its order, and whether the service's places are 1..n in that same order. */
async function waitlistOf(intakeId: string) {
  const waiting = await db()
    .select()
    .from(applications)
    .where(and(eq(applications.intakeId, intakeId), eq(applications.status, "waitlisted")))
    .orderBy(asc(applications.waitlistedAt), asc(applications.reference));
  const { rows: numbered } = await db().execute<{ id: string; place: string }>(sql`
    select id, row_number() over (order by waitlisted_at, reference) as place
      from applications where intake_id = ${intakeId} and status = 'waitlisted'`);
  const places = await servicePlaces(waiting);
  return {
    waiting,
    servicePlaces: waiting.map((row) => places.get(row.id)),
    rowNumbers: new Map(numbered.map((row) => [row.id, Number(row.place)])),
    places,
  };
}

/** `run` for each item, at most `limit` at a time, settled in the items' order. */
async function inFlight<T, R>(
  limit: number,
  items: T[],
  run: (item: T, index: number) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await run(items[index] as T, index).then(
        (value) => ({ status: "fulfilled", value }) as const,
        (reason: unknown) => ({ status: "rejected", reason }) as const,
      );
    }
  };
  await Promise.all(Array.from({ length: limit }, lane));
  return results;
}

const oneTo = (n: number) => Array.from({ length: n }, (_, index) => index + 1);

/** The private link in the first e-mail to `address` (the acknowledgement). */
async function firstLinkTo(address: string) {
  const [email] = await db()
    .select({ body: outgoingEmails.body })
    .from(outgoingEmails)
    .where(sql`${address} = any(${outgoingEmails.recipients})`)
    .orderBy(asc(outgoingEmails.createdAt))
    .limit(1);
  if (!email) throw new Error(`no e-mail to ${address}`);
  return tokenFromText(email.body);
}

it(`${APPLICANTS} applications, ${IN_FLIGHT} at a time over two processes, fill ${SEATS} first-come places and queue the rest in order; declined places go to the next in line`, async () => {
  const { intake } = await openIntake({ admissionMode: "first-come", seats: SEATS });
  const inputs = oneTo(APPLICANTS).map((n) => applicantInput(n));

  const outcomes = await inFlight(IN_FLIGHT, inputs, (input, index) =>
    onProcess(index, () => applyForIntake(intake.id, input, origin)),
  );
  const refused = outcomes.filter((outcome) => outcome.status === "rejected");
  expect(refused).toEqual([]);
  expect(transactions).toEqual([APPLICANTS / 2, APPLICANTS / 2]);
  const told = outcomes.map((outcome) => (outcome as PromiseFulfilledResult<ApplyOutcome>).value);
  expect(told.filter((outcome) => outcome.status === "offered")).toHaveLength(SEATS);
  expect(told.filter((outcome) => outcome.status === "waitlisted")).toHaveLength(
    APPLICANTS - SEATS,
  );

  // Every application stored once, with the reference and status its applicant was told.
  const stored = await applicationsOf(intake.id);
  expect(stored).toHaveLength(APPLICANTS);
  expect(new Set(stored.map((row) => row.email))).toEqual(
    new Set(inputs.map((input) => input.email)),
  );
  const byReference = new Map(stored.map((row) => [row.reference, row]));
  for (const outcome of told)
    expect(byReference.get(outcome.reference)?.status).toBe(outcome.status);

  // First come, first served: the places went to the first 20 taken, the line is in the order
  // the rest were taken, and the service's places are 1..980 without gaps or repeats.
  const inOrder = [...stored].sort((x, y) => x.reference - y.reference);
  expect(inOrder.slice(0, SEATS).every((row) => row.status === "offered")).toBe(true);
  const line = await waitlistOf(intake.id);
  expect(line.waiting.map((row) => row.id)).toEqual(inOrder.slice(SEATS).map((row) => row.id));
  expect(line.servicePlaces).toEqual(oneTo(APPLICANTS - SEATS));
  for (const [id, place] of line.rowNumbers) expect(line.places.get(id)).toBe(place);
  expect(await placesTakenOf(intake.id)).toBe(SEATS);

  // Five offers declined at once, over both processes: the first five in line get the places.
  const decliners = inOrder.slice(0, DECLINES);
  const tokens = await Promise.all(decliners.map((row) => firstLinkTo(row.email)));
  const declined = await Promise.allSettled(
    tokens.map((token, index) => onProcess(index, () => takeApplicantStep(token, "decline"))),
  );
  expect(declined.filter((outcome) => outcome.status === "rejected")).toEqual([]);

  const after = new Map((await applicationsOf(intake.id)).map((row) => [row.id, row]));
  for (const row of decliners) expect(after.get(row.id)?.status).toBe("declined");
  const nextInLine = line.waiting.slice(0, DECLINES);
  for (const row of nextInLine) expect(after.get(row.id)?.status).toBe("offered");
  // ...in the order they waited: each freed place went to whoever was first in line then.
  const offers = await db()
    .select({ id: applicationEvents.applicationId })
    .from(applicationEvents)
    .where(
      and(
        eq(applicationEvents.kind, "offered"),
        inArray(
          applicationEvents.applicationId,
          nextInLine.map((row) => row.id),
        ),
      ),
    )
    .orderBy(asc(applicationEvents.createdAt));
  expect(offers.map((offer) => offer.id)).toEqual(nextInLine.map((row) => row.id));
  const offered = [...after.values()].filter((row) => row.status === "offered");
  expect(new Set(offered.map((row) => row.id))).toEqual(
    new Set([...inOrder.slice(DECLINES, SEATS), ...nextInLine].map((row) => row.id)),
  );
  const rest = await waitlistOf(intake.id);
  expect(rest.waiting.map((row) => row.id)).toEqual(
    line.waiting.slice(DECLINES).map((row) => row.id),
  );
  expect(rest.servicePlaces).toEqual(oneTo(APPLICANTS - SEATS - DECLINES));
  expect(await placesTakenOf(intake.id)).toBe(SEATS);
}, 600_000);
