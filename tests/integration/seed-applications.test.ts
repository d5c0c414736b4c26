import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { applicationEvents, applications, courses, intakes } from "~/db/schema";
import { applicationSchema } from "~/features/applications/application-schema";
import { applicationClockFigures } from "~/features/applications/staff/application-clock.server";
import { listStudents } from "~/features/applications/staff/students.server";
import { demoApplications } from "~/features/demo/demo-applications";
import { seedDemoApplications } from "~/features/demo/seed-applications.server";
import { addDays, lagosToday } from "~/lib/format/dates";
import { insertIntakes } from "../support/intake-fixtures";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();

beforeEach(async () => {
  await database().db.delete(applications);
  await database().db.delete(courses);
});

/** The two demo courses, each with an intake that started a month ago and two ahead. */
async function demoCourses() {
  const today = lagosToday();
  const made = [];
  for (const slug of ["data-analysis-excel-sql-power-bi", "frontend-web-development"]) {
    const [course] = await database()
      .db.insert(courses)
      .values({ slug, title: slug, description: slug })
      .returning();
    if (!course) throw new Error("no course");
    const [started, next, after] = await insertIntakes(course.id, [
      addDays(today, -28),
      addDays(today, 14),
      addDays(today, 60),
    ]);
    made.push({ course, started, next, after });
  }
  return made;
}

describe("demo applications", () => {
  it("pass the apply form's schema", () => {
    for (const { input } of demoApplications) {
      const parsed = applicationSchema.safeParse({ ...input, consent: "on" });
      expect(parsed.error?.issues ?? [], input.fullName).toEqual([]);
    }
  });

  it("fill an empty list once: enrolled in the started intake, the others in the next", async () => {
    const [data, frontend] = await demoCourses();
    const log: string[] = [];
    expect(await seedDemoApplications(database().db, { log: (line) => log.push(line) })).toBe(
      demoApplications.length,
    );
    expect(log).toEqual([`Added ${demoApplications.length} demo applications.`]);
    expect(await seedDemoApplications(database().db)).toBe(0);
    expect(await database().db.$count(applications)).toBe(demoApplications.length);

    const countIn = async (intakeId: string | undefined) =>
      (
        await database()
          .db.select({ status: applications.status })
          .from(applications)
          .where(eq(applications.intakeId, intakeId ?? ""))
          .orderBy(asc(applications.status))
      ).map((row) => row.status);
    expect(await countIn(data?.started?.id)).toEqual(Array(5).fill("enrolled"));
    expect((await countIn(data?.next?.id)).sort()).toEqual(
      ["enrolled", "new", "new", "offered", "waitlisted"].sort(),
    );
    expect(await countIn(frontend?.started?.id)).toEqual(Array(3).fill("enrolled"));
    expect(await countIn(frontend?.next?.id)).toEqual(["new"]);
    expect(await countIn(data?.after?.id)).toEqual([]);

    // The database's own count of places agrees: offers and enrolments hold one each.
    const [startedIntake] = await database()
      .db.select({ placesTaken: intakes.placesTaken })
      .from(intakes)
      .where(eq(intakes.id, data?.started?.id ?? ""));
    expect(startedIntake?.placesTaken).toBe(5);

    const students = await listStudents({ intake: "", q: "", page: 1 });
    expect(students.pagination.total).toBe(9);
    expect(students.students.every((student) => student.phone.startsWith("+234"))).toBe(true);
    expect(await applicationClockFigures()).toEqual({ waiting: 3, dueSoon: 1, overdue: 1 });

    const enrolledEvents = await database()
      .db.select()
      .from(applicationEvents)
      .where(eq(applicationEvents.kind, "enrolled"));
    expect(enrolledEvents).toHaveLength(9);
  });

  it("add nothing when the catalogue lacks their courses", async () => {
    expect(await seedDemoApplications(database().db)).toBe(0);
  });
});
