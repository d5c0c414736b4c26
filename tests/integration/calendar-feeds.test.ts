import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it, vi } from "vitest";
import { setDatabase } from "~/db/client.server";
import { applications, intakes } from "~/db/schema";
import {
  calendarToken,
  isCalendarToken,
  revokeCalendarLinks,
} from "~/features/cohort/calendar-keys.server";
import {
  googleCalendarLink,
  sessionIcsPath,
  studentCalendarPath,
  tutorCalendarPath,
} from "~/features/cohort/calendar-links";
import { cancelSession, updateSession } from "~/features/cohort/sessions.server";
import { addDays } from "~/lib/format/dates";
import { logger } from "~/lib/infra/logger.server";
import * as feedRoute from "~/routes/resources/calendar-feed";
import * as sessionRoute from "~/routes/resources/calendar-session";
import { makeAdmin, ORIGIN, outcomeOf } from "../support/admin-session";
import { enrolledClass, makeTutor, twiceWeekly } from "../support/cohort-fixtures";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();

/** Asks for a calendar path as a calendar app would: the route its path names, as a function. */
function get(path: string, method = "GET") {
  const request = new Request(`${ORIGIN}${path}`, { method });
  const parts = path.split("/").slice(2);
  if (parts.length === 3) {
    const [kind = "", owner = "", file = ""] = parts;
    const args = routeArgs(request, { kind, owner, file });
    return method === "GET" ? feedRoute.loader(args) : feedRoute.action();
  }
  const [kind = "", owner = "", token = "", file = ""] = parts;
  return sessionRoute.loader(routeArgs(request, { kind, owner, token, file }));
}

type ParsedEvent = {
  uid: string;
  start: string;
  end: string;
  sequence: number;
  status: string;
  summary: string;
  location: string | null;
  url: string | null;
  description: string;
};

/** A calendar's answer read back with ical.js (Mozilla's parser), with its events. */
async function calendarOf(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  const text = await response.text();
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents("vevent").map(
    (event): ParsedEvent => ({
      uid: String(event.getFirstPropertyValue("uid")),
      start: String(event.getFirstPropertyValue("dtstart")),
      end: String(event.getFirstPropertyValue("dtend")),
      sequence: Number(event.getFirstPropertyValue("sequence")),
      status: String(event.getFirstPropertyValue("status")),
      summary: String(event.getFirstPropertyValue("summary")),
      location: (event.getFirstPropertyValue("location") as string | null) ?? null,
      url: (event.getFirstPropertyValue("url") as string | null) ?? null,
      description: String(event.getFirstPropertyValue("description") ?? ""),
    }),
  );
  return { text, calendar, events, headers: response.headers };
}

/** The ISO text ical.js gives a UTC date-time: '2027-01-12T17:00:00Z'. */
const utc = (at: Date) => at.toISOString().replace(".000Z", "Z");
const uidOf = (sessionId: string) => `${sessionId}@lagostechacademy`;

async function studentFeed(applicationId: string) {
  const path = studentCalendarPath(applicationId, await calendarToken("student", applicationId));
  return (await get(path)) as Response;
}

/** A class of two enrolled students with its 16 sessions (Tuesday and Thursday, 6 to 9 pm). */
async function classWithTimetable(extra: Parameters<typeof twiceWeekly>[1] = {}) {
  const { course, intake, students } = await enrolledClass(2);
  const sessions = await twiceWeekly(intake, extra);
  const [student, classmate] = students;
  if (!student || !classmate) throw new Error("no students");
  return { course, intake, student, classmate, sessions };
}

describe("calendar feeds", () => {
  it("gives a student their intake's 16 sessions, in UTC, and keeps each UID when one moves or is cancelled", async () => {
    const { course, intake, student, sessions } = await classWithTimetable();
    expect(sessions).toHaveLength(16);
    const first = await calendarOf(await studentFeed(student.id));
    expect(first.headers.get("content-disposition")).toMatch(/^inline; filename=".+\.ics"$/);
    expect(first.headers.get("cache-control")).toBe("private, max-age=300");
    expect(first.headers.get("x-robots-tag")).toBe("noindex");
    expect(first.calendar.getFirstPropertyValue("x-wr-calname")).toBe(
      `${course.title} · ${intake.label}`,
    );
    expect(first.calendar.getFirstPropertyValue("method")).toBeNull();
    expect(first.events.map((event) => event.uid)).toEqual(
      sessions.map((session) => uidOf(session.id)),
    );
    for (const [index, session] of sessions.entries()) {
      const event = first.events[index];
      // 6 pm in Lagos (UTC+1 all year) is 17:00 UTC.
      expect(event?.start).toBe(utc(session.startsAt));
      expect(event?.start).toMatch(/T17:00:00Z$/);
      expect(event?.end).toMatch(/T20:00:00Z$/);
      expect(event).toMatchObject({
        sequence: 0,
        status: "CONFIRMED",
        summary: `Session ${index + 1} · ${course.title}`,
        location: "Room 2, 14 Admiralty Way, Lekki",
      });
    }
    expect(first.text).toMatch(/^DTSTART:\d{8}T170000Z\r?$/m);

    const admin = await makeAdmin();
    const [, , moved, , , cancelled] = sessions;
    if (!moved || !cancelled) throw new Error("no sessions");
    const newDay = addDays(intake.startsOn, 40);
    const moveTo = {
      intent: "add" as const,
      title: moved.title,
      date: newDay,
      startTime: "10:00",
      endTime: "13:00",
      place: "Hall B, 3 Ozumba Mbadiwe Avenue",
      onlineUrl: "https://meet.example.ng/lta-session-3",
      notice: "Moved to the Saturday workshop",
      sequence: moved.sequence,
    };
    await updateSession(admin, intake.id, moved.id, moveTo);
    await cancelSession(admin, intake.id, cancelled.id, "Public holiday");

    const second = await calendarOf(await studentFeed(student.id));
    expect(second.events).toHaveLength(16);
    expect(second.events.map((event) => event.uid).sort()).toEqual(
      first.events.map((event) => event.uid).sort(),
    );
    const byUid = (uid: string) => second.events.find((event) => event.uid === uid);
    expect(byUid(uidOf(moved.id))).toMatchObject({
      start: `${newDay}T09:00:00Z`,
      end: `${newDay}T12:00:00Z`,
      sequence: 1,
      status: "CONFIRMED",
      location: "Hall B, 3 Ozumba Mbadiwe Avenue",
      url: "https://meet.example.ng/lta-session-3",
    });
    expect(byUid(uidOf(moved.id))?.description).toContain("Moved to the Saturday workshop");
    expect(byUid(uidOf(cancelled.id))).toMatchObject({
      start: utc(cancelled.startsAt),
      sequence: 1,
      status: "CANCELLED",
    });
    expect(byUid(uidOf(cancelled.id))?.description).toContain("Public holiday");
    const untouched = second.events.filter(
      (event) => event.uid !== uidOf(moved.id) && event.uid !== uidOf(cancelled.id),
    );
    expect(untouched.map((event) => event.sequence)).toEqual(Array(14).fill(0));
  });

  it("gives a student no longer enrolled a calendar without events, so their app clears it", async () => {
    const { student } = await classWithTimetable();
    await database()
      .db.update(applications)
      .set({ status: "withdrawn" })
      .where(eq(applications.id, student.id));
    const feed = await calendarOf(await studentFeed(student.id));
    expect(feed.events).toEqual([]);
  });

  it("answers a wrong, another student's or a revoked link with the same 404", async () => {
    const { student, classmate } = await classWithTimetable();
    const token = await calendarToken("student", student.id);
    const classmateToken = await calendarToken("student", classmate.id);
    expect(token).toMatch(/^[\w-]{32}$/);
    expect(classmateToken).not.toBe(token);
    const wrong = [
      studentCalendarPath(student.id, randomBytes(24).toString("base64url")),
      studentCalendarPath(student.id, classmateToken),
      studentCalendarPath(randomUUID(), token),
      studentCalendarPath("not-a-uuid", token),
      tutorCalendarPath(student.id, token),
      `/calendar/staff/${student.id}/${token}.ics`,
      `/calendar/student/${student.id}/${token}`,
      `/calendar/student/${student.id}/${token}.ics.ics`,
      studentCalendarPath(student.id, `${token}x`),
    ];
    const answers = await Promise.all(wrong.map(async (path) => (await get(path)) as Response));
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(await answer.text()).toBe("Not found");
      expect(answer.headers.get("content-type")).not.toMatch(/calendar/);
    }
    expect(((await get(studentCalendarPath(student.id, token))) as Response).status).toBe(200);

    expect(await revokeCalendarLinks("student", student.id)).toBe(1);
    expect(((await get(studentCalendarPath(student.id, token))) as Response).status).toBe(404);
    expect(await isCalendarToken("student", student.id, token)).toBe(false);
    const renewed = await calendarToken("student", student.id);
    expect(renewed).not.toBe(token);
    expect((await calendarOf(await studentFeed(student.id))).events).toHaveLength(16);
    // Revoking again raises the version again; the classmate's link is untouched.
    expect(await revokeCalendarLinks("student", student.id)).toBe(2);
    expect(await isCalendarToken("student", student.id, renewed)).toBe(false);
    expect(await isCalendarToken("student", classmate.id, classmateToken)).toBe(true);
  });

  it("gives a tutor only the sessions they teach, across intakes", async () => {
    const tutor = await makeTutor("Adaeze Okonkwo");
    const other = await makeTutor("Femi Adebayo");
    const taught = await classWithTimetable({ tutorId: tutor.id });
    await classWithTimetable({ tutorId: other.id });
    const path = tutorCalendarPath(tutor.id, await calendarToken("tutor", tutor.id));
    const feed = await calendarOf((await get(path)) as Response);
    expect(feed.events.map((event) => event.uid)).toEqual(
      taught.sessions.map((session) => uidOf(session.id)),
    );
    expect(feed.events[0]?.summary).toBe(`Session 1 · ${taught.course.title}`);
    expect(feed.events[0]?.description).toContain("Tutor: Adaeze Okonkwo");
    expect(feed.calendar.getFirstPropertyValue("x-wr-calname")).toContain("Adaeze Okonkwo");
    // An intake cancelled as a whole is taken off the tutor's calendar, session by session.
    await database()
      .db.update(intakes)
      .set({ status: "cancelled", cancelReason: "Too few applicants" })
      .where(eq(intakes.id, taught.intake.id));
    const cancelled = await calendarOf((await get(path)) as Response);
    expect(cancelled.events.map((event) => [event.status, event.sequence])).toEqual(
      Array(16).fill(["CANCELLED", 1]),
    );
    // A student's token is not a tutor's, even for the same id.
    const studentToken = await calendarToken("student", tutor.id);
    expect(((await get(tutorCalendarPath(tutor.id, studentToken))) as Response).status).toBe(404);
  });

  it("gives one session of a student's as a file of one event, and no session of another intake", async () => {
    const { course, student, sessions } = await classWithTimetable();
    const elsewhere = await classWithTimetable();
    const token = await calendarToken("student", student.id);
    const [session] = sessions;
    if (!session) throw new Error("no session");
    const answer = (await get(sessionIcsPath(student.id, token, session.id))) as Response;
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.ics"$/);
    const file = await calendarOf(answer);
    expect(file.events).toEqual([
      expect.objectContaining({
        uid: uidOf(session.id),
        start: utc(session.startsAt),
        summary: `Session 1 · ${course.title}`,
      }),
    ]);
    const refused = [
      sessionIcsPath(student.id, token, elsewhere.sessions[0]?.id ?? ""),
      sessionIcsPath(student.id, "A".repeat(32), session.id),
      sessionIcsPath(elsewhere.student.id, token, elsewhere.sessions[0]?.id ?? ""),
      `/calendar/student/${student.id}/${token}/${session.id}`,
      `/calendar/student/${student.id}/${token}/not-a-session.ics`,
    ];
    for (const path of refused) expect(((await get(path)) as Response).status).toBe(404);
  });

  it("answers a post 405 and a read while the database is away 503", async () => {
    const { student } = await classWithTimetable();
    const path = studentCalendarPath(student.id, await calendarToken("student", student.id));
    const posted = (await get(path, "POST")) as Response;
    expect(posted.status).toBe(405);
    expect(posted.headers.get("allow")).toBe("GET, HEAD");

    const errors = vi.spyOn(logger, "error").mockImplementation(() => {});
    const broken = new Proxy(database().db, {
      get(target, property, receiver) {
        if (property === "select")
          return () => {
            throw new Error("connection lost");
          };
        return Reflect.get(target, property, receiver);
      },
    });
    setDatabase({ ...database(), db: broken });
    try {
      const outcome = await outcomeOf(() => get(path));
      expect(outcome.status).toBe(503);
      expect(errors).toHaveBeenCalled();
    } finally {
      setDatabase(database());
      errors.mockRestore();
    }
  });

  it("links a session to Google Calendar with its times in UTC", async () => {
    const { course, sessions } = await classWithTimetable();
    const [session] = sessions;
    if (!session) throw new Error("no session");
    const link = new URL(googleCalendarLink(session, course.title));
    expect(`${link.origin}${link.pathname}`).toBe("https://calendar.google.com/calendar/render");
    const day = utc(session.startsAt).slice(0, 10).replaceAll("-", "");
    expect(link.searchParams.get("action")).toBe("TEMPLATE");
    expect(link.searchParams.get("dates")).toBe(`${day}T170000Z/${day}T200000Z`);
    expect(link.searchParams.get("text")).toBe(`Session 1 · ${course.title}`);
    expect(link.searchParams.get("location")).toBe("Room 2, 14 Admiralty Way, Lekki");
    expect(link.searchParams.get("details")).toContain("Room 2, 14 Admiralty Way, Lekki");
  });
});
