// The fleet's admissions rush: FLEET_APPLICANTS people (500; 1,000 in bench:fleet) apply at once, over both processes, to a first-come
// intake of 20 places, through the public apply form; then five offers are declined from
// 'My application'. Checked in the database: 20 offered, the rest waitlisted in the order they
// were taken with places 1..n, every acknowledged application stored once, and each declined
// place given to the next in line.

import { randomBytes } from "node:crypto";
import { hashApplicationToken } from "../../app/features/applications/application-token.server";
import type { AppServer } from "../support/app-server";
import { openFleetIntake, query } from "./query";
import type { Row } from "./report";
import { inFlight, postForm, summarise } from "./requests";

const APPLICANTS = Number(process.env.FLEET_APPLICANTS ?? 500);
const SEATS = 20;
const DECLINES = 5;
/** Requests under way at once, as that many browsers waiting for an answer. */
const IN_FLIGHT = 100;
const REFERENCE = /LTA-A-(\d{6})/;

/** Each applicant's own address (172.16/12), so the per-address form limit decides none. */
const addressOf = (serial: number) => `172.16.${(serial >> 8) & 255}.${serial & 255}`;

const applicantEmail = (index: number) => `rush-${index}@example.ng`;

function applicationForm(index: number) {
  return {
    fullName: "Rush Applicant",
    email: applicantEmail(index),
    phone: `0803${String(index).padStart(7, "0")}`,
    experienceLevel: "Complete beginner",
    goals: "I want to learn data analysis properly.",
    heardFrom: "WhatsApp",
    consent: "on",
  };
}

type Line = { id: string; email: string; reference: number; line: number; place: number };

/**
 * The intake's waitlist in order, each with its row number and its place as the service
 * computes it (`waitlistPlace`: the waiting applications up to its own waitlisted_at and
 * reference).
 */
async function waitlistOf(databaseUrl: string, intakeId: string) {
  const rows = await query<{
    id: string;
    email: string;
    reference: number;
    line: string;
    place: string;
  }>(
    databaseUrl,
    `SELECT a.id, a.email, a.reference,
            row_number() OVER (ORDER BY a.waitlisted_at, a.reference) AS line,
            (SELECT count(*) FROM applications b
              WHERE b.intake_id = a.intake_id AND b.status = 'waitlisted'
                AND (b.waitlisted_at, b.reference) <= (a.waitlisted_at, a.reference)) AS place
       FROM applications a
      WHERE a.intake_id = $1 AND a.status = 'waitlisted'
      ORDER BY a.waitlisted_at, a.reference`,
    [intakeId],
  );
  return rows.map((row): Line => ({ ...row, line: Number(row.line), place: Number(row.place) }));
}

/** Whether the places are 1..n in the line's order, without gaps or repeats. */
const placesInOrder = (line: Line[]) =>
  line.every((entry, index) => entry.place === index + 1 && entry.line === index + 1);

async function placesTaken(databaseUrl: string, intakeId: string) {
  const [row] = await query<{ places_taken: number }>(
    databaseUrl,
    "SELECT places_taken FROM intakes WHERE id = $1",
    [intakeId],
  );
  return row?.places_taken ?? null;
}

async function stored(databaseUrl: string, intakeId: string) {
  return query<{ email: string; reference: number; status: string }>(
    databaseUrl,
    "SELECT email, reference, status FROM applications WHERE intake_id = $1 ORDER BY reference",
    [intakeId],
  );
}

export async function admissionsRush(
  a: AppServer,
  b: AppServer,
  databaseUrl: string,
): Promise<Row[]> {
  const rows: Row[] = [];
  const intakeId = await openFleetIntake(databaseUrl, "rush", {
    seats: SEATS,
    admissionMode: "first-come",
  });
  const [{ since } = { since: new Date() }] = await query<{ since: Date }>(
    databaseUrl,
    "SELECT now() AS since",
  );

  const started = Date.now();
  const answers = await inFlight(IN_FLIGHT, APPLICANTS, (index) =>
    postForm(index % 2 ? b : a, `/apply/${intakeId}`, addressOf(index), applicationForm(index)),
  );
  const seconds = (Date.now() - started) / 1000;
  const told = new Map<string, number>();
  for (const [index, answer] of answers.entries()) {
    const reference = answer.status === 200 ? answer.body.match(REFERENCE)?.[1] : undefined;
    if (reference) told.set(applicantEmail(index), Number(reference));
  }
  const refused = answers.filter((_, index) => !told.has(applicantEmail(index)));
  const applications = await stored(databaseUrl, intakeId);
  const byEmail = new Map<string, number[]>();
  for (const row of applications)
    byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), row.reference]);
  const lost = [...told.keys()].filter((email) => !byEmail.has(email)).length;
  const duplicated = [...byEmail.values()].filter((references) => references.length > 1).length;
  const wrongReference = [...told].filter(
    ([email, reference]) => byEmail.get(email)?.[0] !== reference,
  ).length;
  rows.push({
    check: `${APPLICANTS} concurrent applications over A and B to a ${SEATS}-place first-come intake, each acknowledged with its reference and stored once`,
    result: `${told.size} acknowledged, ${applications.length} stored, ${lost} lost, ${duplicated} duplicated, ${wrongReference} told another reference, ${refused.length} refused (${summarise(refused)}), ${seconds.toFixed(1)} s`,
    pass:
      told.size === APPLICANTS &&
      applications.length === APPLICANTS &&
      lost === 0 &&
      duplicated === 0 &&
      wrongReference === 0,
  });

  const offered = applications.filter((row) => row.status === "offered");
  const line = await waitlistOf(databaseUrl, intakeId);
  // First come, first served: the places went to the first SEATS taken (references come from
  // a sequence read under the intake's lock) and the line keeps the order of the rest.
  const firstTaken = applications.slice(0, SEATS);
  const inReferenceOrder = line.every(
    (entry, index) => entry.reference === applications[SEATS + index]?.reference,
  );
  const taken = await placesTaken(databaseUrl, intakeId);
  rows.push({
    check: `the first ${SEATS} offered, the rest waitlisted in arrival order with places 1..n`,
    result: `${offered.length} offered (${firstTaken.every((row) => row.status === "offered") ? "the first" : "NOT the first"} ${SEATS}), ${line.length} waitlisted, places ${line[0]?.place ?? "-"}..${line.at(-1)?.place ?? "-"} ${placesInOrder(line) ? "without gaps or repeats" : "WITH GAPS OR REPEATS"}, ${inReferenceOrder ? "in" : "NOT in"} arrival order; places_taken ${taken}`,
    pass:
      offered.length === SEATS &&
      firstTaken.every((row) => row.status === "offered") &&
      line.length === applications.length - SEATS &&
      placesInOrder(line) &&
      inReferenceOrder &&
      taken === SEATS,
  });

  // Five offers declined at once from 'My application', over both processes. The private
  // links' tokens are only stored hashed, so the check adds links of its own.
  const decliners = offered.slice(0, DECLINES);
  const tokens = decliners.map(() => randomBytes(32).toString("base64url"));
  for (const [index, row] of decliners.entries()) {
    await query(
      databaseUrl,
      `INSERT INTO application_links (token_hash, application_id)
       SELECT $1, id FROM applications WHERE intake_id = $2 AND reference = $3`,
      [hashApplicationToken(tokens[index] ?? ""), intakeId, row.reference],
    );
  }
  const declines = await Promise.all(
    tokens.map((token, index) =>
      postForm(index % 2 ? b : a, `/application/${token}`, addressOf(APPLICANTS + index), {
        intent: "decline",
      }),
    ),
  );
  const after = new Map(
    (await stored(databaseUrl, intakeId)).map((row) => [row.reference, row.status]),
  );
  const nextInLine = line.slice(0, DECLINES);
  const declined = decliners.filter((row) => after.get(row.reference) === "declined").length;
  const promoted = nextInLine.filter((entry) => after.get(entry.reference) === "offered").length;
  const offeredAfter = [...after.values()].filter((status) => status === "offered").length;
  const rest = await waitlistOf(databaseUrl, intakeId);
  const takenAfter = await placesTaken(databaseUrl, intakeId);
  rows.push({
    check: `${DECLINES} offers declined at once over A and B: the next ${DECLINES} in line offered, the line moves up`,
    result: `answers ${summarise(declines)}; ${declined} declined, ${promoted} of the next ${DECLINES} offered, ${offeredAfter} offered in all, ${rest.length} waiting with places ${rest[0]?.place ?? "-"}..${rest.at(-1)?.place ?? "-"} ${placesInOrder(rest) ? "without gaps" : "WITH GAPS OR REPEATS"}; places_taken ${takenAfter}`,
    pass:
      declines.every((answer) => answer.status === 200) &&
      declined === DECLINES &&
      promoted === DECLINES &&
      offeredAfter === SEATS &&
      rest.length === line.length - DECLINES &&
      rest.every((entry, index) => entry.id === line[DECLINES + index]?.id) &&
      placesInOrder(rest) &&
      takenAfter === SEATS,
  });

  rows.push(await rushEmails(databaseUrl, since));
  return rows;
}

/** Every e-mail the rush queued (acknowledgements, staff alerts, offers) sent by the job queue. */
async function rushEmails(databaseUrl: string, since: Date): Promise<Row> {
  const started = Date.now();
  const deadline = started + 180_000;
  let counts = { total: 0, sent: 0, failed: 0 };
  for (;;) {
    const [row] = await query<{ total: string; sent: string; failed: string }>(
      databaseUrl,
      `SELECT count(*) AS total, count(*) FILTER (WHERE status = 'sent') AS sent,
              count(*) FILTER (WHERE status = 'failed') AS failed
         FROM outgoing_emails WHERE created_at >= $1 AND kind IN ('application', 'staff-alert')`,
      [since],
    );
    counts = { total: Number(row?.total), sent: Number(row?.sent), failed: Number(row?.failed) };
    if (counts.sent + counts.failed >= counts.total || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return {
    check: "every e-mail of the rush sent by the job queue",
    result: `${counts.total} queued; after ${((Date.now() - started) / 1000).toFixed(0)} s ${counts.sent} sent, ${counts.total - counts.sent - counts.failed} waiting, ${counts.failed} failed`,
    // An acknowledgement and a staff alert per application, and an e-mail per decline and offer.
    pass:
      counts.total >= 2 * APPLICANTS + 2 * DECLINES &&
      counts.sent === counts.total &&
      counts.failed === 0,
  };
}
