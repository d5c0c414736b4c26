import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { applications, sessionReminders } from "~/db/schema";
import {
  addSession,
  buildTimetable,
  cancelSession,
  sessionsOfWeek,
  updateSession,
} from "~/features/cohort/sessions.server";
import {
  readClassTimes,
  sessionsInWords,
  sessionsOfPattern,
} from "~/features/cohort/timetable-pattern";
import { publicPagesVersion } from "~/features/site/public-pages-version.server";
import { addDays, lagosToday } from "~/lib/format/dates";
import * as timetableRoute from "~/routes/admin/intake-timetable";
import * as courseRoute from "~/routes/site/course";
import { makeAdmin, outcomeOf, postRequest, signedInAdmin } from "../support/admin-session";
import { timelineKinds } from "../support/application-fixtures";
import { enrolledClass, makeTutor, sessionRows, twiceWeekly } from "../support/cohort-fixtures";
import { emailsTo } from "../support/outgoing-mail";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

setupTestDatabase();

const lagosClock = (at: Date) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: "Africa/Lagos",
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
  }).format(at);

/** A Lagos date's weekday, 'long' or 'short' ('Tuesday', 'Tue'). */
const weekdayOf = (date: string | Date, weekday: "long" | "short") =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Lagos", weekday }).format(
    typeof date === "string" ? new Date(`${date}T12:00:00+01:00`) : date,
  );

describe("an intake's timetable", () => {
  it("is built from a pattern into 16 dated sessions in Lagos time, once", async () => {
    const { intake } = await enrolledClass(0);
    const tutor = await makeTutor();
    const sessions = await twiceWeekly(intake, { tutorId: tutor.id });
    expect(sessions).toHaveLength(16);
    expect(sessions.map((session) => session.title)).toEqual(
      Array.from({ length: 16 }, (_, index) => `Session ${index + 1}`),
    );
    for (const session of sessions) {
      expect(["Tue 18:00", "Thu 18:00"]).toContain(lagosClock(session.startsAt));
      expect(session.endsAt.getTime() - session.startsAt.getTime()).toBe(3 * 3600_000);
      expect(session).toMatchObject({ tutorId: tutor.id, status: "scheduled", sequence: 0 });
    }
    // A second build (a double click, a second tab) adds nothing.
    await expect(twiceWeekly(intake)).rejects.toThrow(/already has a timetable/);
    expect(await sessionRows(intake.id)).toHaveLength(16);
  });

  it("refuses a pattern that makes no session, or a cancelled intake", async () => {
    const { intake } = await enrolledClass(0);
    const pattern = {
      intent: "build" as const,
      days: [0],
      startTime: "10:00",
      endTime: "12:00",
      from: "2027-01-05", // a Tuesday
      until: "2027-01-08",
      titlePrefix: "Class",
    };
    await expect(buildTimetable(intake.id, pattern)).rejects.toThrow(/makes no sessions/);
    await db().execute(
      `update intakes set status = 'cancelled', cancel_reason = 'x' where id = '${intake.id}'`,
    );
    await expect(buildTimetable(intake.id, { ...pattern, days: [2] })).rejects.toThrow(
      /cancelled intake/,
    );
  });

  it("reads the intake's class times in words into the pattern", () => {
    expect(readClassTimes("Weekdays 6pm–8pm WAT (Mon–Thu)")).toEqual({
      days: [1, 2, 3, 4],
      startTime: "18:00",
      endTime: "20:00",
    });
    expect(readClassTimes("Saturdays 9:30am-12:30pm")).toEqual({
      days: [6],
      startTime: "09:30",
      endTime: "12:30",
    });
    expect(readClassTimes("Mon, Wed, Thu 6-9 pm")).toMatchObject({ startTime: "18:00" });
    expect(readClassTimes("By arrangement")).toEqual({});
    // Two patterns in one: nothing is guessed, staff build it by hand.
    expect(readClassTimes("Saturdays 10am–2pm and Wednesdays 7pm–9pm WAT")).toEqual({});
    expect(
      sessionsInWords([
        { startsAt: new Date("2027-01-13T18:00:00Z"), endsAt: new Date("2027-01-13T20:00:00Z") },
        { startsAt: new Date("2027-01-16T09:00:00Z"), endsAt: new Date("2027-01-16T13:00:00Z") },
        { startsAt: new Date("2027-01-20T18:00:00Z"), endsAt: new Date("2027-01-20T20:00:00Z") },
      ]),
    ).toBe("Wednesdays, 7pm–9pm; Saturdays, 10am–2pm");
  });

  it("e-mails each enrolled student once when a session moves, and not for a new title", async () => {
    const admin = await makeAdmin();
    const { intake, students } = await enrolledClass(3);
    const [withdrawn] = students;
    await db()
      .update(applications)
      .set({ status: "withdrawn" })
      .where(eq(applications.id, withdrawn?.id ?? ""));
    const [first] = await twiceWeekly(intake);
    if (!first) throw new Error("no session");
    await db()
      .insert(sessionReminders)
      .values(
        students.map((student) => ({
          sessionId: first.id,
          applicationId: student.id,
          kind: "before" as const,
        })),
      );
    const moved = {
      title: first.title,
      date: addDays(lagosToday(first.startsAt), 1),
      startTime: "17:00",
      endTime: "20:00",
      place: "Room 5, 14 Admiralty Way, Lekki",
      notice: "Room 2 is being painted.",
      sequence: 0,
    };
    expect(await updateSession(admin, intake.id, first.id, moved)).toBe(2);
    const [after] = await sessionRows(intake.id);
    expect(after).toMatchObject({ sequence: 1, place: moved.place, notice: moved.notice });
    expect(lagosClock(after?.startsAt ?? new Date())).toBe(
      `${weekdayOf(moved.date, "short")} 17:00`,
    );
    for (const student of students.slice(1)) {
      const sent = await emailsTo(student.email);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.subject).toMatch(
        new RegExp(`^Class changed: Session 1, now ${weekdayOf(moved.date, "long")}`),
      );
      expect(sent[0]?.body).toContain(`Was: ${weekdayOf(first.startsAt, "long")}`);
      expect(sent[0]?.body).toContain("Room 2 is being painted.");
      expect(await timelineKinds(student.id)).toContain("session-changed");
    }
    expect(await emailsTo(withdrawn?.email ?? "")).toHaveLength(0);
    // The moved session is reminded of again at its new time.
    expect(await db().select().from(sessionReminders)).toHaveLength(0);
    // A new title raises the sequence (calendars show it) and tells no one.
    expect(
      await updateSession(admin, intake.id, first.id, { ...moved, title: "Kick-off", sequence: 1 }),
    ).toBe(0);
    expect((await sessionRows(intake.id))[0]).toMatchObject({ title: "Kick-off", sequence: 2 });
    expect(await emailsTo(students[1]?.email ?? "")).toHaveLength(1);
  });

  it("cancels a session with the students' notice, once, and keeps it listed", async () => {
    const admin = await makeAdmin();
    const { intake, students } = await enrolledClass(2);
    const sessions = await twiceWeekly(intake);
    const third = sessions[2];
    if (!third) throw new Error("no session");
    expect(await cancelSession(admin, intake.id, third.id, "Public holiday: no class.")).toBe(2);
    await expect(cancelSession(admin, intake.id, third.id, "Again")).rejects.toThrow(
      /cancelled session cannot be changed/,
    );
    const [sent] = await emailsTo(students[0]?.email ?? "");
    expect(sent?.subject).toMatch(/^Class cancelled: Session 3/);
    expect(sent?.body).toContain("Public holiday: no class.");
    expect(await emailsTo(students[0]?.email ?? "")).toHaveLength(1);
    expect((await sessionRows(intake.id))[2]).toMatchObject({ status: "cancelled", sequence: 1 });
  });

  it("tells no one of a change to a session already over", async () => {
    const admin = await makeAdmin();
    const { intake, students } = await enrolledClass(1, { startsInDays: -30 });
    const [past] = await twiceWeekly(intake);
    if (!past) throw new Error("no session");
    await updateSession(admin, intake.id, past.id, {
      title: past.title,
      date: lagosToday(past.startsAt),
      startTime: "18:30",
      endTime: "21:00",
      sequence: past.sequence,
    });
    expect(await emailsTo(students[0]?.email ?? "")).toHaveLength(0);
  });

  it("adds a single session and shows the week's sessions across intakes by day", async () => {
    const { intake } = await enrolledClass(0, { startsInDays: 14 });
    const day = addDays(lagosToday(), 16);
    await addSession(intake.id, {
      title: "Guest lecture",
      date: day,
      startTime: "10:00",
      endTime: "12:00",
      place: "Hall A",
    });
    const week = await sessionsOfWeek(day);
    const shown = week.days.flatMap((entry) =>
      entry.sessions.map((session) => ({ date: entry.date, title: session.title })),
    );
    expect(shown).toContainEqual({ date: day, title: "Guest lecture" });
    expect(week.days).toHaveLength(7);
    expect(new Date(`${week.monday}T12:00:00Z`).getUTCDay()).toBe(1);
  });

  it("the route builds for a signed-in admin, answers field errors, and refuses strangers", async () => {
    const { intake } = await enrolledClass(0);
    const path = `/admin-portal/intakes/${intake.id}/timetable`;
    const stranger = await outcomeOf(() =>
      timetableRoute.action(
        routeArgs(postRequest(path, { intent: "build" }), { intakeId: intake.id }),
      ),
    );
    expect(stranger).toMatchObject({ kind: "redirect" });
    const { cookie } = await signedInAdmin();
    const refused = await outcomeOf(() =>
      timetableRoute.action(
        routeArgs(
          postRequest(
            path,
            [
              ["intent", "build"],
              ["startTime", "18:00"],
              ["endTime", "17:00"],
              ["from", intake.startsOn],
              ["until", intake.endsOn],
            ],
            { cookie },
          ),
          { intakeId: intake.id },
        ),
      ),
    );
    expect(JSON.stringify(refused)).toContain("Choose at least one weekday");
    expect(JSON.stringify(refused)).toContain("The end time must be after the start time");
    const built = await outcomeOf(() =>
      timetableRoute.action(
        routeArgs(
          postRequest(
            path,
            [
              ["intent", "build"],
              ["days", "2"],
              ["days", "4"],
              ["startTime", "18:00"],
              ["endTime", "21:00"],
              ["from", intake.startsOn],
              ["until", addDays(intake.startsOn, 55)],
              ["titlePrefix", "Session"],
            ],
            { cookie },
          ),
          { intakeId: intake.id },
        ),
      ),
    );
    expect(built).toMatchObject({ kind: "redirect" });
    expect(await sessionRows(intake.id)).toHaveLength(16);
  });

  it("shows an open intake's pattern and first class on its course page, kept until sessions change", async () => {
    const { course, intake } = await enrolledClass(1, { startsInDays: 20 });
    const page = () =>
      courseRoute.loader(
        routeArgs(new Request(`http://localhost/course/${course.slug}`), { slug: course.slug }),
      );
    expect((await page()).intakes[0]?.timetable).toBeNull();
    const before = await publicPagesVersion();
    const sessions = await twiceWeekly(intake);
    const afterBuild = await publicPagesVersion();
    expect(afterBuild).not.toBe(before);
    const [listed] = (await page()).intakes;
    expect(listed?.timetable?.pattern).toBe("Tuesdays and Thursdays, 6pm–9pm");
    expect(listed?.timetable?.firstSession).toMatch(
      /^(Tuesday|Thursday), .* 6:00 pm to 9:00 pm \(Lagos time\)$/,
    );
    // Taking a register changes no public page: the kept pages stay.
    await db().execute(
      `update class_sessions set register_taken_at = now() where id = '${sessions[0]?.id}'`,
    );
    expect(await publicPagesVersion()).toBe(afterBuild);
  });

  it("refuses dates outside the years it can teach in, and never loops past year 9999", async () => {
    const { intake } = await enrolledClass(0);
    const { cookie } = await signedInAdmin();
    const path = `/admin-portal/intakes/${intake.id}/timetable`;
    const post = (fields: [string, string][]) =>
      outcomeOf(() =>
        timetableRoute.action(
          routeArgs(postRequest(path, fields, { cookie }), { intakeId: intake.id }),
        ),
      );
    // PostgreSQL has no year 0: this was a 500 (the fuzz suite found it).
    const added = await post([
      ["intent", "add"],
      ["title", "Year zero"],
      ["date", "0000-01-04"],
      ["startTime", "10:00"],
      ["endTime", "11:00"],
    ]);
    expect(added).toMatchObject({ kind: "data", status: 400 });
    expect(JSON.stringify(added)).toContain("Please enter a valid date");
    const built = await post([
      ["intent", "build"],
      ["days", "2"],
      ["startTime", "18:00"],
      ["endTime", "21:00"],
      ["from", "9999-12-28"],
      ["until", "9999-12-31"],
    ]);
    expect(built).toMatchObject({ kind: "data", status: 400 });
    expect(await sessionRows(intake.id)).toHaveLength(0);
    // The pattern itself stops after five years of days, whatever it is given.
    const far = sessionsOfPattern({
      days: [6],
      startTime: "10:00",
      endTime: "11:00",
      from: "9999-12-28",
      until: "9999-12-31",
    });
    expect(far.length).toBeLessThanOrEqual(1);
    // A week the view cannot show is this week.
    const week = await sessionsOfWeek("0000-01-05");
    expect(week.monday >= "2026-01-01").toBe(true);
  });

  it("refuses a save from a form opened before another change, instead of undoing it", async () => {
    const admin = await makeAdmin();
    const { intake, students } = await enrolledClass(1);
    const [session] = await twiceWeekly(intake);
    if (!session) throw new Error("no session");
    const date = lagosToday(session.startsAt);
    const asShown = {
      title: session.title,
      date,
      startTime: "18:00",
      endTime: "21:00",
      sequence: 0,
    };
    // Tab B moves the class to 7 pm; tab A, opened before, then saves a new title.
    expect(
      await updateSession(admin, intake.id, session.id, { ...asShown, startTime: "19:00" }),
    ).toBe(1);
    await expect(
      updateSession(admin, intake.id, session.id, { ...asShown, title: "Kick-off" }),
    ).rejects.toThrow(/Someone changed this session/);
    const [after] = await sessionRows(intake.id);
    expect(lagosClock(after?.startsAt ?? new Date())).toMatch(/19:00$/);
    expect(await emailsTo(students[0]?.email ?? "")).toHaveLength(1);
  });
});
