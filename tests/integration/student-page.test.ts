import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { applications } from "~/db/schema";
import { issueApplicationLink } from "~/features/applications/application-token.server";
import { isCalendarToken } from "~/features/cohort/calendar-keys.server";
import { loadRegister, saveRegister } from "~/features/cohort/register.server";
import { saveTimetableSettings } from "~/features/cohort/sessions.server";
import * as calendarReplaceRoute from "~/routes/site/calendar-replace";
import { outcomeOf } from "../support/admin-session";
import { myApplicationPage, tokenFromText } from "../support/application-fixtures";
import { enrolledClass, makeTutor, twiceWeekly } from "../support/cohort-fixtures";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

setupTestDatabase();

/** A private link to the application, as its e-mails carry it. */
async function linkOf(applicationId: string) {
  const url = await db().transaction((tx) => issueApplicationLink(tx, applicationId));
  return tokenFromText(url);
}

describe("the student's own page", () => {
  it("answers the common calls: next class, where, the link, the calendar, attendance", async () => {
    const tutor = await makeTutor("Ada Obi");
    const { intake, students } = await enrolledClass(1, { startsInDays: -10 });
    const sessions = await twiceWeekly(intake, {
      tutorId: tutor.id,
      onlineUrl: "https://meet.google.com/abc-defg-hij",
    });
    const [student] = students;
    if (!student) throw new Error("no student");
    // Two classes are over: the first with the student late.
    const [first] = sessions;
    const register = first ? await loadRegister(first.id) : null;
    if (!first || !register) throw new Error("no register");
    await saveRegister(
      first.id,
      { intent: "register", student: [student.id], mark: ["late"], was: [""] },
      "Staff",
    );
    const token = await linkOf(student.id);
    const { timetable } = await myApplicationPage(token);
    if (!timetable) throw new Error("no timetable");
    const next = sessions.find((session) => session.endsAt > new Date());
    expect(timetable.next?.id).toBe(next?.id);
    expect(timetable.sessions).toHaveLength(16);
    expect(timetable.sessions[0]).toMatchObject({ mark: "late", tutorName: "Ada Obi" });
    expect(timetable.next?.googleLink).toMatch(
      /^https:\/\/calendar\.google\.com\/calendar\/render\?/,
    );
    expect(timetable.next?.icsPath).toContain(`/calendar/student/${student.id}/`);
    expect(timetable.feed?.webcal).toMatch(/^webcal:\/\/.+\.ics$/);
    expect(timetable.attendance).toMatchObject({ late: 1, absent: 0 });
    // Before the first class only: what to bring.
    expect(timetable.firstSessionNote).toBeNull();
  });

  it("shows what to bring before the first class, and nothing for a place not enrolled", async () => {
    const { intake, students } = await enrolledClass(2, { startsInDays: 5 });
    await twiceWeekly(intake);
    await saveTimetableSettings(intake.id, {
      reminderHoursBefore: 3,
      firstSessionNote: "A laptop.",
    });
    const [enrolled, accepted] = students;
    if (!enrolled || !accepted) throw new Error("no students");
    const { timetable } = await myApplicationPage(await linkOf(enrolled.id));
    expect(timetable?.firstSessionNote).toBe("A laptop.");
    await db()
      .update(applications)
      .set({ status: "accepted" })
      .where(eq(applications.id, accepted.id));
    expect((await myApplicationPage(await linkOf(accepted.id))).timetable).toBeNull();
  });

  it("says the timetable is coming before it is built", async () => {
    const { students } = await enrolledClass(1);
    const { timetable } = await myApplicationPage(await linkOf(students[0]?.id ?? ""));
    expect(timetable).toMatchObject({ sessions: [], next: null, feed: null });
  });

  it("replaces the calendar address on the student's request: the old one stops answering", async () => {
    const { intake, students } = await enrolledClass(1);
    await twiceWeekly(intake);
    const [student] = students;
    if (!student) throw new Error("no student");
    const token = await linkOf(student.id);
    const before = (await myApplicationPage(token)).timetable?.feed?.url ?? "";
    const oldToken = before.split("/").at(-1)?.replace(".ics", "") ?? "";
    expect(await isCalendarToken("student", student.id, oldToken)).toBe(true);
    const answer = await outcomeOf(() =>
      calendarReplaceRoute.action(
        routeArgs(
          new Request(`http://localhost/application/${token}/calendar`, {
            method: "POST",
            body: new URLSearchParams({}),
            headers: { "content-type": "application/x-www-form-urlencoded" },
          }),
          { token },
        ),
      ),
    );
    expect(answer).toMatchObject({
      kind: "redirect",
      location: expect.stringContaining("#calendar-heading"),
    });
    expect(await isCalendarToken("student", student.id, oldToken)).toBe(false);
    const after = (await myApplicationPage(token)).timetable?.feed?.url;
    expect(after).not.toBe(before);
    // A link that opens nothing replaces nothing.
    const refused = await outcomeOf(() =>
      calendarReplaceRoute.action(
        routeArgs(
          new Request("http://localhost/application/x/calendar", {
            method: "POST",
            body: new URLSearchParams({}),
            headers: { "content-type": "application/x-www-form-urlencoded" },
          }),
          { token: "x" },
        ),
      ),
    );
    expect(refused).toMatchObject({ kind: "redirect" });
    expect((await myApplicationPage(token)).timetable?.feed?.url).toBe(after);
  });
});
