import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  type Application,
  applicationEvents,
  applications,
  type ClassSession,
  classSessions,
  intakes,
  sessionReminders,
} from "~/db/schema";
import {
  sendSessionReminders,
  sessionReminderJob,
} from "~/features/cohort/session-reminders.server";
import { formatClock } from "~/features/cohort/session-text";
import {
  cancelSession,
  saveTimetableSettings,
  updateSession,
} from "~/features/cohort/sessions.server";
import { lagosInstant } from "~/features/cohort/timetable-pattern";
import { startJobQueue, stopJobQueue } from "~/features/jobs/job-queue.server";
import { addDays, lagosToday } from "~/lib/format/dates";
import { makeAdmin } from "../support/admin-session";
import { applicantInput, tokenFromText } from "../support/application-fixtures";
import { enrolledClass, twiceWeekly } from "../support/cohort-fixtures";
import { eventually } from "../support/inbox-fixtures";
import { emailsTo } from "../support/outgoing-mail";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();

/** A class of `size` starting in ten days (or `startsInDays`), with its 16 Tuesday and Thursday sessions. */
async function classWithTimetable(size: number, startsInDays = 10) {
  const { intake, students } = await enrolledClass(size, { startsInDays });
  const sessions = await twiceWeekly(intake, { onlineUrl: "https://meet.example.com/lta-web" });
  return { intake, students, sessions };
}

const nth = (sessions: ClassSession[], index: number) => {
  const session = sessions[index];
  if (!session) throw new Error(`no session ${index + 1}`);
  return session;
};

/** `time` (HH:MM, Lagos) on the day of `session`, `days` days later. */
const onDayOf = (session: ClassSession, time: string, days = 0) =>
  lagosInstant(addDays(lagosToday(session.startsAt), days), time);

/** The e-mails to `student` whose subject ends in `title` (before the reference). */
async function remindersOf(student: Application, title: string) {
  const sent = await emailsTo(student.email);
  return sent.filter((email) => email.subject.includes(`: ${title} [`));
}

async function reminderEvents(student: Application) {
  const rows = await db()
    .select()
    .from(applicationEvents)
    .where(
      and(
        eq(applicationEvents.applicationId, student.id),
        eq(applicationEvents.kind, "session-reminded"),
      ),
    )
    .orderBy(asc(applicationEvents.createdAt));
  return rows.map((row) => row.detail);
}

async function enrolAnother(intakeId: string) {
  const { consent: _, ...answers } = applicantInput();
  const [student] = await db()
    .insert(applications)
    .values({ intakeId, ...answers, consentGiven: true, status: "enrolled" })
    .returning();
  if (!student) throw new Error("no student");
  return student;
}

describe("the first-day reminder", () => {
  it("goes from 10:00 the day before the first session, once, with what to bring", async () => {
    const { intake, students, sessions } = await classWithTimetable(2);
    await saveTimetableSettings(intake.id, {
      reminderHoursBefore: 3,
      firstSessionNote: "A laptop and its charger; lunch is on us.",
    });
    const first = nth(sessions, 0);
    await sendSessionReminders(onDayOf(first, "12:00", -2));
    await sendSessionReminders(onDayOf(first, "09:00", -1));
    await sendSessionReminders(onDayOf(first, "09:59", -1));
    for (const student of students) expect(await emailsTo(student.email)).toEqual([]);

    expect(await sendSessionReminders(onDayOf(first, "10:00", -1))).toBe(2);
    await sendSessionReminders(onDayOf(first, "14:00", -1));
    await sendSessionReminders(onDayOf(first, "08:00"));
    for (const student of students) {
      const sent = await emailsTo(student.email);
      expect(sent).toHaveLength(1);
      const [email] = sent;
      expect(email?.subject).toMatch(
        new RegExp(
          `^Your first class is tomorrow at ${formatClock(first.startsAt)}: Session 1 \\[`,
        ),
      );
      expect(email?.body).toContain("What to bring:\nA laptop and its charger; lunch is on us.");
      expect(email?.body).toContain("Room 2, 14 Admiralty Way, Lekki");
      expect(email?.body).toContain("https://meet.example.com/lta-web");
      expect(email?.body).toContain("(Lagos time)");
      expect(tokenFromText(email?.body ?? "")).toHaveLength(43);
      expect(await reminderEvents(student)).toEqual([
        expect.objectContaining({ session: "Session 1", kind: "first-day" }),
      ]);
    }
  });

  it("reaches a student enrolled later while the class is ahead, and says no more than once", async () => {
    const { intake, sessions } = await classWithTimetable(1);
    const first = nth(sessions, 0);
    await sendSessionReminders(onDayOf(first, "10:00", -1));
    // Enrolled the morning of the class: the first-day reminder, which says 'today', then the
    // 'before' one three hours ahead.
    const morning = await enrolAnother(intake.id);
    await sendSessionReminders(onDayOf(first, "11:00"));
    expect((await emailsTo(morning.email)).map((email) => email.subject)).toEqual([
      expect.stringMatching(/^Your first class is today at/),
    ]);
    // Enrolled once the 'before' window is open: the first-day reminder only.
    const late = await enrolAnother(intake.id);
    await sendSessionReminders(onDayOf(first, "16:00"));
    await sendSessionReminders(onDayOf(first, "17:00"));
    expect((await emailsTo(late.email)).map((email) => email.subject)).toEqual([
      expect.stringMatching(/^Your first class is today at/),
    ]);
    expect((await emailsTo(morning.email)).map((email) => email.subject)).toEqual([
      expect.stringMatching(/^Your first class is today at/),
      expect.stringMatching(/^Class today at .*: Session 1 \[/),
    ]);
    // Once the class has started, nobody is reminded of it.
    const after = await enrolAnother(intake.id);
    await sendSessionReminders(onDayOf(first, "18:00"));
    expect(await emailsTo(after.email)).toEqual([]);
  });
});

describe("the reminder before each session", () => {
  it("goes the hours staff set before each session, and 3 hours before by default", async () => {
    const { intake, students, sessions } = await classWithTimetable(1);
    await saveTimetableSettings(intake.id, { reminderHoursBefore: 5 });
    // Another intake, two weeks later, whose settings were never saved.
    const plain = await classWithTimetable(1, 24);
    const [student] = students;
    const [other] = plain.students;
    if (!student || !other) throw new Error("no students");
    const second = nth(sessions, 1);

    await sendSessionReminders(onDayOf(second, "12:59"));
    expect(await remindersOf(student, "Session 2")).toEqual([]);
    await sendSessionReminders(onDayOf(second, "13:00"));
    await sendSessionReminders(onDayOf(second, "17:59"));
    const sent = await remindersOf(student, "Session 2");
    expect(sent.map((email) => email.subject)).toEqual([
      expect.stringMatching(/^Class today at .*: Session 2 \[/),
    ]);
    expect(sent[0]?.body).toContain(`Session 2 of`);
    expect(sent[0]?.body).toContain("Where: Room 2, 14 Admiralty Way, Lekki");
    expect(tokenFromText(sent[0]?.body ?? "")).toHaveLength(43);
    expect(await reminderEvents(student)).toContainEqual(
      expect.objectContaining({ session: "Session 2", kind: "before" }),
    );

    // The intake whose settings were never saved: 3 hours before.
    const plainSecond = nth(plain.sessions, 1);
    await sendSessionReminders(onDayOf(plainSecond, "14:59"));
    expect(await remindersOf(other, "Session 2")).toEqual([]);
    await sendSessionReminders(onDayOf(plainSecond, "15:00"));
    expect(await remindersOf(other, "Session 2")).toHaveLength(1);
    // A session already started is not reminded of.
    const third = nth(plain.sessions, 2);
    await sendSessionReminders(third.startsAt);
    expect(await remindersOf(other, "Session 3")).toEqual([]);
  });

  it("goes the day before when staff set more hours than the class is away", async () => {
    const { intake, students, sessions } = await classWithTimetable(1);
    await saveTimetableSettings(intake.id, { reminderHoursBefore: 24 });
    const [student] = students;
    if (!student) throw new Error("no student");
    await sendSessionReminders(onDayOf(nth(sessions, 1), "18:00", -1));
    expect((await remindersOf(student, "Session 2")).map((email) => email.subject)).toEqual([
      expect.stringMatching(/^Class tomorrow at .*: Session 2 \[/),
    ]);
  });

  it("is sent once when sweeps run at once, over several batches", async () => {
    const { students, sessions } = await classWithTimetable(55);
    const ours = new Set(sessions.map((session) => session.id));
    // Other tests' classes share the dates: what each sweep queued is compared with the rows.
    const rowsNow = async () => (await db().select().from(sessionReminders)).length;
    const atOnce = async (now: Date) => {
      const before = await rowsNow();
      const counts = await Promise.all([
        sendSessionReminders(now),
        sendSessionReminders(now),
        sendSessionReminders(now),
      ]);
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe((await rowsNow()) - before);
    };
    await atOnce(onDayOf(nth(sessions, 0), "10:00", -1));
    await atOnce(onDayOf(nth(sessions, 1), "15:30"));
    for (const student of students) expect(await emailsTo(student.email)).toHaveLength(2);
    const rows = (await db().select().from(sessionReminders)).filter((row) =>
      ours.has(row.sessionId),
    );
    expect(rows.filter((row) => row.kind === "first-day")).toHaveLength(55);
    expect(rows.filter((row) => row.kind === "before")).toHaveLength(55);
  });
});

describe("nothing is sent", () => {
  it("for a cancelled session (the next one becomes the first), or a withdrawn student", async () => {
    const admin = await makeAdmin();
    const { intake, students, sessions } = await classWithTimetable(2);
    const [staying, leaving] = students;
    if (!staying || !leaving) throw new Error("no students");
    const first = nth(sessions, 0);
    await cancelSession(admin, intake.id, first.id, "The hall is being repainted.");
    await db()
      .update(applications)
      .set({ status: "withdrawn" })
      .where(eq(applications.id, leaving.id));
    await sendSessionReminders(onDayOf(first, "10:00", -1));
    await sendSessionReminders(onDayOf(first, "16:00"));
    expect(await remindersOf(staying, "Session 1")).toEqual([]);
    // Session 2 is now the first.
    const second = nth(sessions, 1);
    await sendSessionReminders(onDayOf(second, "10:00", -1));
    expect((await remindersOf(staying, "Session 2")).map((email) => email.subject)).toEqual([
      expect.stringMatching(/^Your first class is tomorrow at .*: Session 2 \[/),
    ]);
    // Only the cancellation, before the student withdrew.
    expect((await emailsTo(leaving.email)).map((email) => email.subject)).toEqual([
      expect.stringMatching(/^Class cancelled: Session 1/),
    ]);
  });

  it("for a cancelled intake", async () => {
    const { intake, students, sessions } = await classWithTimetable(1);
    await db()
      .update(intakes)
      .set({ status: "cancelled", cancelReason: "Too few students." })
      .where(eq(intakes.id, intake.id));
    const first = nth(sessions, 0);
    await sendSessionReminders(onDayOf(first, "10:00", -1));
    await sendSessionReminders(onDayOf(first, "16:00"));
    await sendSessionReminders(onDayOf(nth(sessions, 1), "16:00"));
    expect(await emailsTo(students[0]?.email ?? "")).toEqual([]);
  });

  it("before each session when staff cleared the hours (the first-day reminder still goes)", async () => {
    const { intake, students, sessions } = await classWithTimetable(1);
    await saveTimetableSettings(intake.id, { firstSessionNote: "A notebook." });
    const [student] = students;
    if (!student) throw new Error("no student");
    const first = nth(sessions, 0);
    await sendSessionReminders(onDayOf(first, "10:00", -1));
    await sendSessionReminders(onDayOf(first, "17:00"));
    await sendSessionReminders(onDayOf(nth(sessions, 1), "17:00"));
    expect((await emailsTo(student.email)).map((email) => email.subject)).toEqual([
      expect.stringMatching(/^Your first class is tomorrow/),
    ]);
  });
});

describe("a moved session", () => {
  it("is reminded again before its new time, once", async () => {
    const admin = await makeAdmin();
    const { intake, students, sessions } = await classWithTimetable(1);
    const [student] = students;
    if (!student) throw new Error("no student");
    const second = nth(sessions, 1);
    await sendSessionReminders(onDayOf(second, "15:00"));
    expect(await remindersOf(student, "Session 2")).toHaveLength(1);
    // Moved a day later, same hours; the reminder already sent is not the new time's.
    const newDay = addDays(lagosToday(second.startsAt), 1);
    const moved = {
      intent: "add" as const,
      title: "Session 2",
      date: newDay,
      startTime: "18:00",
      endTime: "21:00",
      place: "Room 5, 14 Admiralty Way, Lekki",
      notice: "Room 2 is taken that evening.",
      sequence: second.sequence,
    };
    await updateSession(admin, intake.id, second.id, moved);
    await sendSessionReminders(onDayOf(second, "15:30"));
    expect(await remindersOf(student, "Session 2")).toHaveLength(1);
    await sendSessionReminders(lagosInstant(newDay, "14:59"));
    expect(await remindersOf(student, "Session 2")).toHaveLength(1);
    await Promise.all([
      sendSessionReminders(lagosInstant(newDay, "15:00")),
      sendSessionReminders(lagosInstant(newDay, "15:00")),
    ]);
    await sendSessionReminders(lagosInstant(newDay, "17:00"));
    const sent = await remindersOf(student, "Session 2");
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toContain("Room 5, 14 Admiralty Way, Lekki");
  });
});

describe("the session-reminders job", () => {
  it("is swept by the job queue, every five minutes in Lagos", async () => {
    // Real time here: the queue's run reminds with the clock's now.
    const { intake, students } = await enrolledClass(1, { startsInDays: 0 });
    const startsAt = new Date(Date.now() + 60 * 60 * 1000);
    await db()
      .insert(classSessions)
      .values({
        intakeId: intake.id,
        title: "Welcome session",
        startsAt,
        endsAt: new Date(startsAt.getTime() + 2 * 60 * 60 * 1000),
        place: "Room 2, 14 Admiralty Way, Lekki",
      });
    await startJobQueue([sessionReminderJob], { pollingIntervalSeconds: 0.5 });
    try {
      const scheduled = await database().executeSql(
        "SELECT name, cron, timezone FROM pgboss.schedule WHERE name = $1",
        [sessionReminderJob.name],
      );
      expect(scheduled.rows).toEqual([
        { name: "session-reminders", cron: "*/5 * * * *", timezone: "Africa/Lagos" },
      ]);
      await db().transaction((tx) => sessionReminderJob.enqueue(tx, {}));
      const sent = await eventually(async () => {
        const rows = await emailsTo(students[0]?.email ?? "");
        return rows.length > 0 ? rows : undefined;
      });
      expect(sent[0]?.subject).toMatch(/^Your first class is (today|tomorrow) at .*: Welcome/);
    } finally {
      await stopJobQueue({ graceful: false });
    }
  });
});
