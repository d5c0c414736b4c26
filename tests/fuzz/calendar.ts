// The fuzz suite's calendar target (issue 44): generated URLs of the private calendar feeds,
// `/calendar/<kind>/<owner>/<token>.ics` and `/calendar/<kind>/<owner>/<token>/<session>.ics`,
// built from a demo student's and tutor's real ids and tokens (signed as decision 0070 signs
// them, with the server's own secret) and from strangers' pieces: other kinds, ids, tokens and
// file names, broken percent-escapes, hostile characters, extra or missing segments. Every
// answer must be 200 or 404.

import { createHmac, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import type { AppServer } from "../support/app-server";
import { type Field, fuzzFields, fuzzText } from "./payloads";
import type { FuzzContext, Target } from "./targets";

/** A calendar's owner as the suite knows it: the id and its current token. */
type Owner = { kind: "student" | "tutor"; id: string; token: string };

/** What the calendar target starts from: a demo student, the tutor and a session they teach. */
export type CalendarContext = {
  student: Owner;
  tutor: Owner;
  /** The tutor's page token (signed apart from their calendar's). */
  tutorPageToken: string;
  sessionId: string;
};

/**
 * The token of an owner's links at version 0, as `calendar-keys.server.ts` signs it: written out
 * here again from the decision, so that a change of the scheme fails the suite's set-up.
 */
function tokenOf(
  secret: string,
  kind: Owner["kind"],
  id: string,
  purpose: "calendar" | "tutor-page" = "calendar",
) {
  return createHmac("sha256", secret)
    .update(`${purpose}:${kind}:${id}:0`)
    .digest("base64url")
    .slice(0, 32);
}

async function calendarAt(server: AppServer, url: string) {
  const response = await fetch(`${server.origin}${url}`);
  const text = await response.text();
  if (response.status !== 200 || !text.startsWith("BEGIN:VCALENDAR"))
    throw new Error(`${url} answered ${response.status}, not a calendar: the set-up is wrong`);
  return text;
}

/**
 * The owners the target starts from, read as staff would: an enrolled student from the Students
 * page, the tutor the suite knows, and a session added for the tutor on the intake the course
 * page offers (a session added for the tutor is the one-session file's). The server's secret is the demo's
 * `auth-secret` in its data folder (the suite sets no AUTH_SECRET).
 */
export async function calendarContextOf(
  server: AppServer,
  cookie: string,
  { intakeId, tutorId }: Pick<FuzzContext, "intakeId" | "tutorId">,
): Promise<CalendarContext> {
  const secret = readFileSync(path.join(server.dataDir, "auth-secret"), "utf8").trim();
  const students = await (
    await fetch(`${server.origin}/admin-portal/students?status=enrolled`, { headers: { cookie } })
  ).text();
  const studentId = students.match(/[?&](?:amp;)?id=([0-9a-f-]{36})/)?.[1];
  if (!studentId) throw new Error("The Students page lists no enrolled student");
  const day = (inDays: number) =>
    new Date(Date.now() + inDays * 86_400_000).toISOString().slice(0, 10);
  const from = day(14);
  const built = await fetch(`${server.origin}/admin-portal/intakes/${intakeId}/timetable`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    // Added, not built: the demo intakes' timetables are built already (demo-timetables.ts).
    body: new URLSearchParams([
      ["intent", "add"],
      ["title", "Fuzz session"],
      ["date", from],
      ["startTime", "18:00"],
      ["endTime", "21:00"],
      ["place", "Room 2, 14 Admiralty Way"],
      ["tutorId", tutorId],
    ]),
  });
  await built.arrayBuffer();
  const student: Owner = {
    kind: "student",
    id: studentId,
    token: tokenOf(secret, "student", studentId),
  };
  const tutor: Owner = { kind: "tutor", id: tutorId, token: tokenOf(secret, "tutor", tutorId) };
  await calendarAt(server, `/calendar/student/${student.id}/${student.token}.ics`);
  const feed = await calendarAt(server, `/calendar/tutor/${tutor.id}/${tutor.token}.ics`);
  const sessionId = feed.match(/^UID:([0-9a-f-]{36})@/m)?.[1];
  if (!sessionId)
    throw new Error(`Adding a session answered ${built.status}; the tutor's feed has no event`);
  await calendarAt(server, `/calendar/tutor/${tutor.id}/${tutor.token}/${sessionId}.ics`);
  return {
    student,
    tutor,
    tutorPageToken: tokenOf(secret, "tutor", tutorId, "tutor-page"),
    sessionId,
  };
}

/** Escaped as a URL carries it (a lone surrogate, which no URL can carry, as U+FFFD). */
const segment = (value: string) => encodeURIComponent(Buffer.from(value).toString());

/** A path segment as a stranger writes it: often escaped, sometimes raw or broken. */
const strangeSegment = fc.oneof(
  { weight: 4, arbitrary: fuzzText.map((text) => segment(text.slice(0, 300))) },
  {
    weight: 1,
    arbitrary: fc.constantFrom("%", "%zz", "%00", "%2F", "%2e%2e", "..", ".", "~", "%C0%AF", "%ff"),
  },
  { weight: 1, arbitrary: fc.stringMatching(/^[\w.-]{0,80}$/) },
);

/**
 * A calendar URL: each piece right, another owner's, a near miss or a stranger's, in the feed's
 * shape, the one-session file's, or with a segment too many or too few.
 */
export function calendarPaths({ student, tutor, sessionId }: CalendarContext) {
  const owner = fc.constantFrom(student, tutor);
  const kind = (right: Owner) =>
    fc.oneof(
      { weight: 6, arbitrary: fc.constant(right.kind) },
      { weight: 1, arbitrary: fc.constantFrom("student", "tutor", "STUDENT", "staff", "") },
      { weight: 1, arbitrary: strangeSegment },
    );
  const id = (right: Owner) =>
    fc.oneof(
      { weight: 6, arbitrary: fc.constant(right.id) },
      { weight: 1, arbitrary: fc.constantFrom(student.id, tutor.id, right.id.toUpperCase()) },
      { weight: 1, arbitrary: fc.constant(null).map(() => randomUUID()) },
      { weight: 1, arbitrary: strangeSegment },
    );
  const token = (right: Owner) =>
    fc.oneof(
      { weight: 6, arbitrary: fc.constant(right.token) },
      { weight: 1, arbitrary: fc.constantFrom(student.token, tutor.token, `${right.token}A`) },
      {
        weight: 1,
        arbitrary: fc
          .nat(31)
          .map((at) => `${right.token.slice(0, at)}_${right.token.slice(at + 1)}`),
      },
      { weight: 1, arbitrary: fc.stringMatching(/^[\w-]{32}$/) },
      { weight: 1, arbitrary: strangeSegment },
    );
  const suffix = fc.oneof(
    { weight: 6, arbitrary: fc.constant(".ics") },
    { weight: 1, arbitrary: fc.constantFrom("", ".ICS", ".ics.ics", ".ics/", ".ics%00", "%2Eics") },
  );
  const session = fc.oneof(
    { weight: 4, arbitrary: fc.constant(sessionId) },
    { weight: 1, arbitrary: fc.constant(null).map(() => randomUUID()) },
    { weight: 1, arbitrary: strangeSegment },
  );
  const extra = fc.oneof(
    { weight: 8, arbitrary: fc.constant("") },
    { weight: 1, arbitrary: strangeSegment.map((text) => `/${text}`) },
  );
  return owner.chain((right) =>
    fc
      .record({
        kind: kind(right),
        id: id(right),
        token: token(right),
        suffix,
        session: fc.option(session, { freq: 2 }),
        extra,
      })
      .map(({ kind, id, token, suffix, session, extra }) =>
        session === null
          ? `/calendar/${kind}/${id}/${token}${suffix}${extra}`
          : `/calendar/${kind}/${id}/${token}/${session}${suffix}${extra}`,
      ),
  );
}

/** The calendar feeds: GET with generated paths and query strings; 200 or 404, nothing else. */
export const calendarTarget: Target = {
  name: "calendar feed",
  method: "GET",
  path: () => "/calendar",
  paths: ({ calendar }) => {
    if (!calendar) throw new Error("The calendar target runs with the calendar's context");
    return calendarPaths(calendar);
  },
  statuses: [200, 404],
  signedIn: false,
  fields: () =>
    fc.array(fc.record({ name: fc.string({ maxLength: 10 }), value: fuzzText }), { maxLength: 3 }),
};

const calendarOf = ({ calendar }: FuzzContext) => {
  if (!calendar) throw new Error("The calendar's targets run with the calendar's context");
  return calendar;
};

const field = (name: string, value: string): Field => ({ name, value });

/** A tutor's own page, by its signed link: the right one, near misses and strangers'. */
export const tutorPageTarget: Target = {
  name: "tutor page",
  method: "GET",
  path: () => "/tutor",
  paths: (context) => {
    const { tutor, student, tutorPageToken } = calendarOf(context);
    return fc
      .record({
        id: fc.constantFrom(tutor.id, student.id, randomUUID(), "x"),
        token: fc.oneof(
          { weight: 3, arbitrary: fc.constant(tutorPageToken) },
          {
            weight: 1,
            arbitrary: fc.constantFrom(tutor.token, student.token, `${tutorPageToken}A`, ""),
          },
          { weight: 1, arbitrary: strangeSegment },
        ),
      })
      .map(({ id, token }) => `/tutor/${id}/${token}`);
  },
  statuses: [200, 404],
  signedIn: false,
  fields: () => fc.constant([]),
};

/**
 * A register posted on a tutor's own page (no session cookie: the link is the key): the tutor's
 * session (not yet open: 409) with a stranger's row, under the right link or another.
 */
export const tutorRegisterTarget: Target = {
  name: "tutor register",
  method: "POST",
  path: (context) => {
    const { tutor, tutorPageToken, sessionId } = calendarOf(context);
    return `/tutor/${tutor.id}/${tutorPageToken}/sessions/${sessionId}`;
  },
  signedIn: false,
  fields: (context) =>
    fc
      .constantFrom("present", "absent", "late", "excused", "")
      .chain((mark) =>
        fuzzFields([
          field("intent", "register"),
          field("student[0]", calendarOf(context).student.id),
          field("mark[0]", mark),
          field("was[0]", ""),
        ]),
      ),
};

/** 'Replace my calendar address' from a private link: a made-up link replaces nothing. */
export const calendarReplaceTarget: Target = {
  name: "calendar replace",
  method: "POST",
  path: () => `/application/${"A".repeat(43)}/calendar`,
  signedIn: false,
  fields: () => fuzzFields([]),
};

/** Every target that needs the calendar's context. */
export const calendarTargets = [
  calendarTarget,
  tutorPageTarget,
  tutorRegisterTarget,
  calendarReplaceTarget,
];
