// The fuzz suite (issue 11): generated bodies posted to every public form and every portal
// action of the production server, on a new PGlite data folder. A case fails on a 5xx answer,
// a dropped connection or a stack trace in the server's output while it ran; after the run,
// every stored message, course and admin must pass its form's schema. Then the phase
// 'inbound mail' (tests/fuzz/mail.ts): generated malformed mails to the server's SMTP listener,
// FUZZ_MAILS of them (2,000 unless set, whatever FUZZ_RUNS is); after the run, nothing received
// may be half-stored.
//
//   npm run fuzz                        10,000 cases per target
//   FUZZ_RUNS=15 tsx tests/fuzz/run.ts  (what `npm test` runs)
//   FUZZ_TARGETS=contact,login          only those targets; FUZZ_SEED=n repeats a run
//   FUZZ_TARGETS="inbound mail"         only the mail phase; FUZZ_MAILS=n mails
//   FUZZ_TARGETS="proof door"           only the PDF bomb sent as a transfer proof
//   FUZZ_TARGETS="calendar feed"        only the calendar links (tests/fuzz/calendar.ts): 200 or 404
//   FUZZ_TARGETS="register,timetable add"  the running cohort's forms (tests/fuzz/cohort.ts)
//   FUZZ_TARGETS="verify page,certificates issue"  certificates (tests/fuzz/certificates.ts)
//   FUZZ_TARGETS="discounts create,apply with code"  money off (tests/fuzz/discounts.ts)
//   FUZZ_ENCODINGS=urlencoded,multipart only those body encodings
import { rm } from "node:fs/promises";
import { request } from "node:http";
import fc from "fast-check";
import { type AppServer, startAppServer } from "../support/app-server";
import { freePort } from "../support/free-port";
import { calendarContextOf, calendarTargets } from "./calendar";
import { certificatesContextOf, certificateTargets } from "./certificates";
import { cohortContextOf, cohortTargets } from "./cohort";
import { discountsContextOf, discountTargets } from "./discounts";
import {
  FUZZ_INBOUND_ADDRESS,
  fuzzMail,
  type MailResult,
  mailOutcomes,
  printMailTable,
} from "./mail";
import { clientAddress, encode, encodings, type Field, fuzzHeader, fuzzQuery } from "./payloads";
import { type ProofDoorResult, proofDoorBomb } from "./proof-door";
import { storedRowProblems } from "./stored-rows";
import { type FuzzContext, type Target, targets } from "./targets";
import { fuzzWhatsapp, startFuzzWhatsapp, type WhatsappResult, whatsappEnv } from "./whatsapp";

const runs = Number(process.env.FUZZ_RUNS ?? 10_000);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() & 0x7fffffff;
const only = process.env.FUZZ_TARGETS?.split(",").map((name) => name.trim());
/** The issue asks for 2,000 malformed mails; FUZZ_RUNS does not change it. */
const mails = Number(process.env.FUZZ_MAILS ?? 2_000);
const MAIL_PHASE = "inbound mail";
const PROOF_DOOR = "proof door";
const WHATSAPP_PHASE = "whatsapp webhook";
const chosenEncodings = encodings.filter((encoding) =>
  (process.env.FUZZ_ENCODINGS?.split(",") ?? encodings).includes(encoding),
);
if (!chosenEncodings.length)
  throw new Error(`FUZZ_ENCODINGS names none of: ${encodings.join(", ")}`);
const DEMO_ADMIN = { email: "admin@academy.test", password: "demo-admin-2026" };
/**
 * URLs are cut to this length: Node itself answers a request head over 16 KB with 431 and
 * drops the connection before the app sees it.
 */
const MAX_URL = 8_000;
/** A stack frame, as Node prints it or as a JSON log escapes it. */
const STACK_FRAME = /(?:^|\n|\\n)\s+at [^\n]*?:\d+:\d+/;

type Case = {
  path: string;
  fields: Field[];
  encoding: (typeof encodings)[number];
  query: string;
  address: string;
  userAgent: string;
  referer: string;
};

function caseArbitrary(target: Target, context: FuzzContext) {
  return fc.record({
    path: target.paths?.(context) ?? fc.constant(target.path(context)),
    fields: target.fields(context),
    encoding: fc.constantFrom(...chosenEncodings),
    query: fc.oneof({ weight: 4, arbitrary: fc.constant("") }, { weight: 1, arbitrary: fuzzQuery }),
    address: clientAddress,
    userAgent: fuzzHeader,
    referer: fuzzHeader,
  });
}

function urlOf(server: AppServer, path: string, query: string) {
  if (!query) return `${server.origin}${path}`;
  return `${server.origin}${path}${path.includes("?") ? "&" : "?"}${query}`;
}

async function signIn(server: AppServer) {
  const response = await fetch(`${server.origin}/admin-portal/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "10.0.0.1" },
    body: new URLSearchParams(DEMO_ADMIN),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  if (response.status !== 302 || !cookie)
    throw new Error(`Signing in as the demo admin failed: ${response.status}`);
  return cookie;
}

async function courseSlugOf(server: AppServer) {
  const sitemap = await (await fetch(`${server.origin}/sitemap.xml`)).text();
  const slug = sitemap.match(/\/course\/([a-z0-9-]+)</)?.[1];
  if (!slug) throw new Error("The sitemap lists no course");
  return slug;
}

/** An intake taking applications, from its 'Apply' link on the course page. */
async function intakeIdOf(server: AppServer, slug: string) {
  const page = await (await fetch(`${server.origin}/course/${slug}`)).text();
  const intakeId = page.match(/\/apply\/([0-9a-f-]{36})/)?.[1];
  if (!intakeId) throw new Error(`The page of ${slug} links to no intake to apply for`);
  return intakeId;
}

/** A course's and a tutor's id, read from the portal's pages as staff would follow them. */
async function portalIdsOf(server: AppServer, cookie: string) {
  const page = async (path: string) =>
    (await fetch(`${server.origin}${path}`, { headers: { cookie } })).text();
  const courseId = (await page("/admin-portal/courses?view=list")).match(
    /\/admin-portal\/courses\/([0-9a-f-]{36})\/intakes/,
  )?.[1];
  const tutorId = (await page("/admin-portal/tutors")).match(
    /modal=edit&amp;id=([0-9a-f-]{36})/,
  )?.[1];
  if (!courseId || !tutorId) throw new Error("The portal lists no course or no tutor");
  return { courseId, tutorId };
}

/**
 * One request on its own connection, as a stranger's would be (fetch would reuse connections,
 * and a connection the server has just closed would read as its failure). Resolves with the
 * status once the whole answer has arrived.
 */
function exchange(url: string, method: string, headers: Record<string, string>, body?: Uint8Array) {
  return new Promise<number>((resolve, reject) => {
    const sent = request(url, { method, headers, agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    sent.on("error", reject);
    sent.end(body);
  });
}

type Answer = { status: number | "no answer"; problem: string | null };

/** Sends one case: its status, and what makes it a failure if anything does. */
async function send(
  server: AppServer,
  target: Target,
  cookie: string,
  input: Case,
): Promise<Answer> {
  const headers: Record<string, string> = {
    "x-forwarded-for": input.address,
    "user-agent": input.userAgent,
    referer: input.referer,
  };
  if (target.signedIn) headers.cookie = cookie;
  let url = urlOf(server, input.path, input.query);
  let body: Uint8Array | undefined;
  if (target.method === "GET") {
    const fields = encode(input.fields, "urlencoded").body;
    url += `${url.includes("?") ? "&" : "?"}${new TextDecoder().decode(fields)}`;
  } else {
    const payload = encode(input.fields, input.encoding);
    if (payload.contentType) headers["content-type"] = payload.contentType;
    body = payload.body;
  }
  url = url.slice(0, MAX_URL);
  const logStart = server.log().length;
  let status: number;
  try {
    status = await exchange(url, target.method, headers, body);
  } catch (error) {
    const reason = error instanceof Error ? String(error.cause ?? error.message) : String(error);
    return { status: "no answer", problem: `The request failed: ${reason}` };
  }
  // Give the server a moment to finish what it logs for this request.
  await new Promise((resolve) => setTimeout(resolve, 5));
  const log = server.log().slice(logStart, logStart + 3000);
  if (server.exited())
    return { status, problem: `The server stopped (${server.exited()}):\n${log}` };
  if (status >= 500) return { status, problem: `Status ${status}; the server logged:\n${log}` };
  if (target.statuses && !target.statuses.includes(status))
    return { status, problem: `Status ${status}, not one of ${target.statuses.join(", ")}` };
  if (STACK_FRAME.test(log))
    return { status, problem: `Status ${status}, but a stack trace in the log:\n${log}` };
  return { status, problem: null };
}

function describeCase(input: Case) {
  const isFiller = (field: Field) => "value" in field && field.name === `f${field.value}`;
  const filler = input.fields.filter(isFiller).length;
  const fields = input.fields.filter((field) => !isFiller(field));
  if (filler) fields.push({ name: `f0…f${filler - 1}`, value: `(${filler} numbered fields)` });
  const shown = JSON.stringify({ ...input, fields }, (_key, value) =>
    value instanceof Uint8Array
      ? `<${value.length} bytes>`
      : typeof value === "string" && value.length > 200
        ? `${value.slice(0, 200)}… (${value.length} characters)`
        : value,
  );
  return shown.length > 4000 ? `${shown.slice(0, 4000)}…` : shown;
}

type Result = {
  target: string;
  statuses: Map<Answer["status"], number>;
  failing: number;
  failure?: string;
};

/**
 * All the target's cases, each answer counted for the table; then the first failing case, if
 * any, again (fast-check's `path` replays it) to be shrunk to a small counterexample.
 */
async function fuzzTarget(
  server: AppServer,
  target: Target,
  context: FuzzContext,
  cookie: string,
): Promise<Result> {
  const statuses = new Map<Answer["status"], number>();
  let failing = 0;
  let firstFailure: number | undefined;
  let index = 0;
  const cases = caseArbitrary(target, context);
  await fc.check(
    fc.asyncProperty(cases, async (input) => {
      const answer = await send(server, target, cookie, input);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.problem) {
        failing += 1;
        firstFailure ??= index;
      }
      index += 1;
    }),
    { numRuns: runs, seed },
  );
  if (firstFailure === undefined) return { target: target.name, statuses, failing };
  const details = await fc.check(
    fc.asyncProperty(cases, async (input) => {
      const { problem } = await send(server, target, cookie, input);
      if (problem) throw new Error(problem);
    }),
    { seed, path: String(firstFailure), interruptAfterTimeLimit: 20_000 },
  );
  if (!details.failed)
    return {
      target: target.name,
      statuses,
      failing,
      failure: `${target.name}: case ${firstFailure} failed once but not when replayed (seed ${seed})`,
    };
  const [counterexample] = details.counterexample ?? [];
  const error = details.errorInstance;
  const failure = [
    `${target.name}: case ${firstFailure} failed (seed ${seed}); shrunk in ${details.numShrinks} steps to:`,
    `  ${counterexample ? describeCase(counterexample) : "(none)"}`,
    `  ${String(error instanceof Error ? error.message : error).replaceAll("\n", "\n  ")}`,
  ].join("\n");
  return { target: target.name, statuses, failing, failure };
}

function printTable(results: Result[]) {
  const keys = [...new Set(results.flatMap((result) => [...result.statuses.keys()]))].sort(
    (a, b) => (a === "no answer" ? 1 : b === "no answer" ? -1 : a - b),
  );
  const header = ["target", ...keys.map(String), "failing"];
  const rows = results.map((result) => [
    result.target,
    ...keys.map((key) => String(result.statuses.get(key) ?? "")),
    String(result.failing),
  ]);
  const widths = header.map((_, column) =>
    Math.max(...[header, ...rows].map((row) => row[column]?.length ?? 0)),
  );
  const line = (row: string[]) =>
    row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ");
  console.log(
    `\nAnswers per target (failing: a 5xx, no answer or a stack trace in the log):\n${line(header)}`,
  );
  for (const row of rows) console.log(line(row));
}

async function main() {
  const chosen = targets.filter((target) => !only || only.includes(target.name));
  const mailPhase = (!only || only.includes(MAIL_PHASE)) && mails > 0;
  const proofDoor = !only || only.includes(PROOF_DOOR);
  const whatsappPhase = !only || only.includes(WHATSAPP_PHASE);
  const fake = await startFuzzWhatsapp();
  console.log(
    `Fuzzing ${chosen.length + (whatsappPhase ? 1 : 0)} targets, ${runs} cases each${mailPhase ? `, then ${mails} mails to the SMTP listener` : ""}, seed ${seed}`,
  );
  const smtpPort = await freePort();
  const server = await startAppServer({
    dataDirPrefix: "fuzz-data",
    env: {
      ...whatsappEnv(fake),
      ...(mailPhase
        ? {
            INBOUND_SMTP_PORT: String(smtpPort),
            INBOUND_SMTP_HOST: "127.0.0.1",
            INBOUND_REPLY_ADDRESS: FUZZ_INBOUND_ADDRESS,
          }
        : {}),
    },
  });
  const results: Result[] = [];
  let mail: MailResult | undefined;
  let proof: ProofDoorResult | undefined;
  let whatsapp: WhatsappResult | undefined;
  try {
    // First, while the catalogue's first-come intakes still have places to offer.
    if (proofDoor) {
      proof = await proofDoorBomb(server);
      console.log(
        `${proof.failure ? "FAIL" : "ok  "} ${PROOF_DOOR}: a PDF bomb as a transfer proof, answered ${proof.status} in ${proof.seconds.toFixed(1)} s`,
      );
    }
    const cookie = await signIn(server);
    const courseSlug = await courseSlugOf(server);
    const known = {
      courseSlug,
      intakeId: await intakeIdOf(server, courseSlug),
      ...(await portalIdsOf(server, cookie)),
    };
    const context = {
      ...known,
      calendar: chosen.some((target) => calendarTargets.includes(target))
        ? await calendarContextOf(server, cookie, known)
        : undefined,
      cohort: chosen.some((target) => cohortTargets.includes(target))
        ? await cohortContextOf(server, cookie, known)
        : undefined,
      certificates: chosen.some((target) => certificateTargets.includes(target))
        ? await certificatesContextOf(server, cookie, known)
        : undefined,
      discounts: chosen.some((target) => discountTargets.includes(target))
        ? await discountsContextOf(server, cookie, known)
        : undefined,
    };
    for (const target of chosen) {
      const started = Date.now();
      const result = await fuzzTarget(server, target, context, cookie);
      results.push(result);
      console.log(
        `${result.failure ? "FAIL" : "ok  "} ${target.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
      if (server.exited()) break;
    }
    if (whatsappPhase && !server.exited()) {
      const started = Date.now();
      whatsapp = await fuzzWhatsapp({ server, fake, runs, seed, stackFrame: STACK_FRAME });
      results.push(whatsapp);
      console.log(
        `${whatsapp.failure ? "FAIL" : "ok  "} ${WHATSAPP_PHASE} (${((Date.now() - started) / 1000).toFixed(1)} s; ${whatsapp.expectStored.length} valid messages accepted, each to be stored once)`,
      );
    }
    if (mailPhase && !server.exited()) {
      mail = await fuzzMail({ port: smtpPort, server, runs: mails, seed, stackFrame: STACK_FRAME });
      console.log(`${mail.failure ? "FAIL" : "ok  "} ${MAIL_PHASE} (${mail.seconds.toFixed(1)} s)`);
    }
  } finally {
    await server.stop();
    await fake.close();
  }
  if (results.length) printTable(results);
  if (mail) printMailTable(mail, mailOutcomes(server.log()));

  const rows = await storedRowProblems(
    server.dataDir,
    mail ? { stored: mail.expectStored, absent: mail.expectAbsent } : undefined,
    whatsapp?.expectStored ?? [],
  );
  console.log(
    `\nStored rows checked against their forms' schemas: ${rows.checked}, failing: ${rows.problems.length}`,
  );
  if (mail)
    console.log(
      `  of which received mails ${rows.mail.received}, 'E-mail' conversations ${rows.mail.conversations}, kept attachments ${rows.mail.attachments}`,
    );
  if (whatsapp)
    console.log(
      `  WhatsApp: ${whatsapp.expectStored.length} valid messages accepted, ${rows.whatsapp.stored} stored, ${rows.whatsapp.waiting} still queued when the server stopped`,
    );
  for (const problem of rows.problems.slice(0, 20))
    console.log(`  ${problem.table} ${problem.id}: ${problem.issues.join("; ")}`);

  const failures = [...results, ...(mail ? [mail] : []), ...(proof ? [proof] : [])].flatMap(
    (result) => (result.failure ? [result.failure] : []),
  );
  for (const failure of failures) console.log(`\n${failure}`);
  if (failures.length || rows.problems.length) {
    console.log(
      `\nThe fuzz suite failed: ${failures.length} targets, ${rows.problems.length} stored rows (seed ${seed}; data in ${server.dataDir})`,
    );
    process.exit(1);
  }
  await rm(server.dataDir, { recursive: true, force: true });
  console.log(`\nThe fuzz suite passed (seed ${seed}).`);
}

await main();
