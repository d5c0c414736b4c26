import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { attendance } from "~/db/schema";
import { tutorLinks } from "~/features/cohort/tutor-page.server";
import * as tutorTimetableRoute from "~/routes/admin/tutor-timetable";
import * as tutorPageRoute from "~/routes/site/tutor-page";
import * as tutorRegisterRoute from "~/routes/site/tutor-register";
import { getRequest, outcomeOf, postRequest, signedInAdmin } from "../support/admin-session";
import { enrolledClass, makeTutor, twiceWeekly } from "../support/cohort-fixtures";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

setupTestDatabase();

/** A tutor teaching a class of two that began three weeks ago, and another tutor. */
async function tutorWithClass() {
  const tutor = await makeTutor("Tunde Bakare");
  const other = await makeTutor("Ngozi Eze");
  const { intake, students } = await enrolledClass(2, { startsInDays: -21 });
  const sessions = await twiceWeekly(intake, { tutorId: tutor.id });
  const links = await tutorLinks(tutor.id);
  if (!links) throw new Error("no links");
  return { tutor, other, students, sessions, token: links.pageToken, links };
}

const pageOf = (tutorId: string, token: string) =>
  outcomeOf(() =>
    tutorPageRoute.loader(routeArgs(getRequest(`/tutor/${tutorId}/${token}`), { tutorId, token })),
  );

describe("a tutor's own page", () => {
  it("lists the tutor's sessions from a week ago, with the calendar feed, for the signed link only", async () => {
    const { tutor, other, token, links } = await tutorWithClass();
    const page = await pageOf(tutor.id, token);
    expect(page.kind).toBe("value");
    const { sessions, feed } = (page as { data: Awaited<ReturnType<typeof tutorPageRoute.loader>> })
      .data;
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((session) => session.tutorId === tutor.id)).toBe(true);
    expect(feed).toBe(links.feed);
    // The calendar's address, which travels to calendar apps, opens no page of registers.
    const feedToken = links.feed.split("/").at(-1)?.replace(".ics", "") ?? "";
    expect(feedToken).not.toBe(token);
    expect(await pageOf(tutor.id, feedToken)).toMatchObject({ status: 404 });
    // Its last character changed (to one it is not: a token ending in "x" failed this 1 in 64 runs).
    const altered = `${token.slice(0, -1)}${token.endsWith("x") ? "y" : "x"}`;
    expect(await pageOf(tutor.id, altered)).toMatchObject({ status: 404 });
    expect(await pageOf(other.id, token)).toMatchObject({ status: 404 });
  });

  it("takes the register of the tutor's own sessions, in their name", async () => {
    const { tutor, other, students, sessions, token } = await tutorWithClass();
    const [session] = sessions;
    if (!session) throw new Error("no session");
    const path = `/tutor/${tutor.id}/${token}/sessions/${session.id}`;
    const fields: [string, string][] = [["intent", "register"]];
    students.forEach((student, index) => {
      fields.push([`student[${index}]`, student.id], [`was[${index}]`, ""]);
      fields.push([`mark[${index}]`, index === 0 ? "absent" : "present"]);
    });
    const saved = await outcomeOf(() =>
      tutorRegisterRoute.action(
        routeArgs(postRequest(path, fields), { tutorId: tutor.id, token, sessionId: session.id }),
      ),
    );
    expect(saved).toMatchObject({ kind: "redirect" });
    const rows = await db().select().from(attendance).where(eq(attendance.sessionId, session.id));
    expect(rows.map((row) => [row.mark, row.markedBy]).sort()).toEqual([
      ["absent", "Tunde Bakare"],
      ["present", "Tunde Bakare"],
    ]);
    // Another tutor's link opens no register of this session.
    const otherToken = (await tutorLinks(other.id))?.pageToken ?? "";
    const refused = await outcomeOf(() =>
      tutorRegisterRoute.loader(
        routeArgs(getRequest(path), {
          tutorId: other.id,
          token: otherToken,
          sessionId: session.id,
        }),
      ),
    );
    expect(refused).toMatchObject({ status: 404 });
  });

  it("stops opening once staff replace the tutor's links", async () => {
    const { tutor, token } = await tutorWithClass();
    const { cookie } = await signedInAdmin();
    const path = `/admin-portal/tutors/${tutor.id}/timetable`;
    const staffView = await tutorTimetableRoute.loader(
      routeArgs(getRequest(path, { cookie }), { tutorId: tutor.id }),
    );
    expect(staffView.links?.page).toContain(`/tutor/${tutor.id}/${token}`);
    const replaced = await outcomeOf(() =>
      tutorTimetableRoute.action(
        routeArgs(postRequest(path, { intent: "replace-links" }, { cookie }), {
          tutorId: tutor.id,
        }),
      ),
    );
    expect(replaced).toMatchObject({ kind: "redirect" });
    expect(await pageOf(tutor.id, token)).toMatchObject({ status: 404 });
    const fresh = (await tutorLinks(tutor.id))?.pageToken ?? "";
    expect(fresh).not.toBe(token);
    expect((await pageOf(tutor.id, fresh)).kind).toBe("value");
    // Strangers neither see nor replace the links.
    const stranger = await outcomeOf(() =>
      tutorTimetableRoute.action(
        routeArgs(postRequest(path, { intent: "replace-links" }), { tutorId: tutor.id }),
      ),
    );
    expect(stranger).toMatchObject({
      kind: "redirect",
      location: expect.stringContaining("login"),
    });
    expect((await pageOf(tutor.id, fresh)).kind).toBe("value");
  });
});
