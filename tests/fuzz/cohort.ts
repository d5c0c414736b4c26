// The fuzz suite's running-cohort targets (issue 44): the timetable page's forms (build, add,
// update, settings, cancel), a session's register and the week view, signed in as the demo super
// admin, on ids of their own that the set-up makes through the app's own forms. Random field
// names and values must never give a 5xx.

import fc from "fast-check";
import { addDays, lagosInputFromInstant, lagosToday } from "~/lib/format/dates";
import type { AppServer } from "../support/app-server";
import { type Field, fuzzFields } from "./payloads";
import type { FuzzContext, Target } from "./targets";

/**
 * What the cohort targets start from: the apply intake's one enrolled student (this suite's), a
 * session of today on that intake (its register opens) and one a month away (edited, then
 * cancelled), and a draft intake of the course with no timetable yet (built once).
 */
export type CohortContext = {
  intakeId: string;
  studentId: string;
  registerSessionId: string;
  editSessionId: string;
  unbuiltIntakeId: string;
};

const text = (name: string, value: string): Field => ({ name, value });
const stranger = "5b1e4c3a-0000-4000-8000-00000000abcd";
const PLACE = "Room 2, 14 Admiralty Way, Lekki";

function cohortOf(context: FuzzContext) {
  if (!context.cohort) throw new Error("The cohort targets run with the cohort's context");
  return context.cohort;
}

/*
 * The dates of a valid case: ordinary ones, and the edges a date field lets through
 * (`z.iso.date()` takes any four-digit year): year 0000, which PostgreSQL has not, and the last
 * days of 9999. Never 9999-12-31 as a build's last date: the pattern's walk through the days
 * (timetable-pattern.ts, sessionsOfPattern) never gets past it, so the server would hang rather
 * than answer, and every later case with it.
 */
const sessionDates = fc.constantFrom(
  "2027-01-12",
  "2027-01-12",
  "2028-02-29",
  "0000-01-04",
  "9999-12-30",
);
const buildDates = fc.constantFrom<string[]>(
  ["2027-01-11", "2027-03-07"],
  ["2027-01-11", "2027-03-07"],
  ["0000-01-03", "0000-01-16"],
  ["9999-12-01", "9999-12-30"],
);

const sessionFields = (date: string, tutorId: string) => [
  text("title", "Guest lecture: dashboards"),
  text("date", date),
  text("startTime", "18:00"),
  text("endTime", "21:00"),
  text("place", PLACE),
  text("onlineUrl", "https://meet.google.com/abc-defg-hij"),
  text("tutorId", tutorId),
];

/** A form of an intake's timetable page; `valid` given the case's dates. */
const timetable = (
  name: string,
  intake: (cohort: CohortContext) => string,
  valid: (context: FuzzContext, cohort: CohortContext, date: string, range: string[]) => Field[],
): Target => ({
  name: `timetable ${name}`,
  method: "POST",
  path: (context) => `/admin-portal/intakes/${intake(cohortOf(context))}/timetable`,
  signedIn: true,
  fields: (context) =>
    fc
      .tuple(sessionDates, buildDates)
      .chain(([date, range]) => fuzzFields(valid(context, cohortOf(context), date, range))),
});

export const cohortTargets: Target[] = [
  timetable(
    "build",
    (cohort) => cohort.unbuiltIntakeId,
    ({ tutorId }, _cohort, _date, [from = "", until = ""]) => [
      text("intent", "build"),
      text("days", "2"),
      text("days", "4"),
      text("startTime", "18:00"),
      text("endTime", "21:00"),
      text("from", from),
      text("until", until),
      text("titlePrefix", "Session"),
      text("place", PLACE),
      text("onlineUrl", ""),
      text("tutorId", tutorId),
    ],
  ),
  timetable(
    "add",
    (cohort) => cohort.intakeId,
    ({ tutorId }, _cohort, date) => [text("intent", "add"), ...sessionFields(date, tutorId)],
  ),
  timetable(
    "update",
    (cohort) => cohort.intakeId,
    ({ tutorId }, { editSessionId }, date) => [
      text("intent", "update"),
      text("id", editSessionId),
      ...sessionFields(date, tutorId),
      text("notice", "We meet in Room 3 this week."),
      // As the form shows it first; once a case has changed the session, a stale form's 409.
      text("sequence", "0"),
    ],
  ),
  timetable(
    "settings",
    (cohort) => cohort.intakeId,
    () => [
      text("intent", "settings"),
      text("reminderHoursBefore", "3"),
      text("firstSessionNote", "Bring a laptop and a charger."),
    ],
  ),
  // After 'update': the first valid case cancels the session for good.
  timetable(
    "cancel",
    (cohort) => cohort.intakeId,
    (_context, { editSessionId }) => [
      text("intent", "cancel"),
      text("id", editSessionId),
      text("notice", "Public holiday: no class. We catch up on Saturday."),
    ],
  ),
  {
    // As the page posts it: the enrolled student, and a stranger's row (ignored).
    name: "register",
    method: "POST",
    path: (context) => `/admin-portal/sessions/${cohortOf(context).registerSessionId}/register`,
    signedIn: true,
    fields: (context) =>
      fc
        .tuple(
          fc.constantFrom("present", "absent", "late", "excused"),
          fc.constantFrom("", "present", "absent"),
        )
        .chain(([mark, was]) =>
          fuzzFields([
            text("intent", "register"),
            text("student[0]", cohortOf(context).studentId),
            text("mark[0]", mark),
            text("was[0]", was),
            text("student[1]", stranger),
            text("mark[1]", "late"),
            text("was[1]", ""),
          ]),
        ),
  },
  {
    name: "timetable week",
    method: "GET",
    path: () => "/admin-portal/timetable",
    signedIn: true,
    fields: () =>
      fc
        .constantFrom("2027-01-13", "2027-02-30", "0000-01-05", "9999-12-31", "")
        .chain((week) => fuzzFields([text("week", week)])),
  },
];

/** A portal page as the signed-in suite reads it. */
async function pageOf(server: AppServer, cookie: string, path: string) {
  const response = await fetch(`${server.origin}${path}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: the set-up is wrong`);
  return response.text();
}

/** A form posted as its page sends it; the status (a success redirects: 302). */
async function post(server: AppServer, cookie: string, path: string, fields: string[][]) {
  const response = await fetch(`${server.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      ...(cookie ? { cookie } : {}),
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": "10.0.0.3",
    },
    body: new URLSearchParams(fields),
  });
  await response.arrayBuffer();
  return response.status;
}

/** The list item of `html` that holds `text` ('' when none does). */
function itemHolding(html: string, text: string) {
  const at = html.indexOf(text);
  if (at < 0) return "";
  return html.slice(html.lastIndexOf("<li", at), html.indexOf("</li>", at));
}

/**
 * The cohort targets' ids, made as staff and an applicant would: one applicant to the intake the
 * course page offers, enrolled by staff (offered first if the intake is reviewed); two sessions
 * added to that intake, today's and one a month away; and a new draft intake of the course.
 */
export async function cohortContextOf(
  server: AppServer,
  cookie: string,
  { intakeId, courseId }: Pick<FuzzContext, "intakeId" | "courseId">,
): Promise<CohortContext> {
  const token = `${Date.now().toString(36)}`;
  const email = `cohort.${token}@example.ng`;
  const applied = await post(server, "", `/apply/${intakeId}`, [
    ["fullName", "Kemi Balogun"],
    ["email", email],
    ["phone", "0803 555 0105"],
    ["experienceLevel", "Some self-study"],
    ["goals", "Learn to build dashboards."],
    ["heardFrom", "Instagram"],
    ["consent", "on"],
    ["website", ""],
  ]);
  if (applied !== 200) throw new Error(`Applying to ${intakeId} answered ${applied}`);
  const list = await pageOf(
    server,
    cookie,
    `/admin-portal/students?q=${encodeURIComponent(email)}`,
  );
  const studentId = list.match(/data-application-id="([0-9a-f-]{36})"/)?.[1];
  if (!studentId) throw new Error(`The Students page does not list ${email}`);
  const enrol = () =>
    post(server, cookie, "/admin-portal/students", [
      ["intent", "enrol"],
      ["id", studentId],
    ]);
  if ((await enrol()) !== 302) {
    const deadline = lagosInputFromInstant(new Date(Date.now() + 3 * 86_400_000)).slice(0, 16);
    await post(server, cookie, "/admin-portal/students", [
      ["intent", "offer"],
      ["id", studentId],
      ["offerExpiresAt", deadline],
    ]);
    const enrolled = await enrol();
    if (enrolled !== 302) throw new Error(`Enrolling ${email} answered ${enrolled}`);
  }

  const today = lagosToday();
  const sessions = [
    [`Fuzz register ${token}`, today, "00:00", "23:59"],
    [`Fuzz edit ${token}`, addDays(today, 30), "18:00", "21:00"],
  ];
  for (const [title = "", date = "", startTime = "", endTime = ""] of sessions) {
    const added = await post(server, cookie, `/admin-portal/intakes/${intakeId}/timetable`, [
      ["intent", "add"],
      ["title", title],
      ["date", date],
      ["startTime", startTime],
      ["endTime", endTime],
    ]);
    if (added !== 302) throw new Error(`Adding the session ${title} answered ${added}`);
  }
  const page = await pageOf(server, cookie, `/admin-portal/intakes/${intakeId}/timetable`);
  const sessionIdOf = (title: string) => {
    const id = itemHolding(page, title).match(/\/admin-portal\/sessions\/([0-9a-f-]{36})\//)?.[1];
    if (!id) throw new Error(`The timetable does not list ${title}`);
    return id;
  };

  const label = `Fuzz timetable ${token}`;
  const created = await post(server, cookie, `/admin-portal/courses/${courseId}/intakes`, [
    ["intent", "create"],
    ["label", label],
    ["startsOn", "2027-01-11"],
    ["endsOn", "2027-03-07"],
    ["mode", "online"],
    ["seats", "20"],
    ["enrolmentClosesAt", "2027-01-08T17:00"],
    ["price", "250000"],
  ]);
  if (created !== 302) throw new Error(`Creating the intake ${label} answered ${created}`);
  const intakes = await pageOf(server, cookie, `/admin-portal/courses/${courseId}/intakes`);
  const unbuiltIntakeId = itemHolding(intakes, `>${label}<`).match(
    /data-intake-id="([0-9a-f-]{36})"/,
  )?.[1];
  if (!unbuiltIntakeId) throw new Error(`The intakes page does not list ${label}`);
  return {
    intakeId,
    studentId,
    registerSessionId: sessionIdOf(sessions[0]?.[0] ?? ""),
    editSessionId: sessionIdOf(sessions[1]?.[0] ?? ""),
    unbuiltIntakeId,
  };
}
