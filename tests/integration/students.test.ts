import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  type ApplicationStatus,
  applicationEvents,
  applications,
  courses,
  intakeTutors,
  tutors,
} from "~/db/schema";
import { applicationClockFigures } from "~/features/applications/staff/application-clock.server";
import {
  enrolledCount,
  listStudents,
  STUDENTS_PAGE_SIZE,
} from "~/features/applications/staff/students.server";
import { lagosToday } from "~/lib/format/dates";
import * as classListRoute from "~/routes/admin/class-list";
import * as dashboardRoute from "~/routes/admin/dashboard";
import * as studentsExportRoute from "~/routes/resources/students-export";
import { getRequest, outcomeOf, signedInAdmin } from "../support/admin-session";
import { applicantInput, openIntake } from "../support/application-fixtures";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

setupTestDatabase();

beforeEach(async () => {
  await db().delete(applications);
  await db().delete(courses);
  await db().delete(tutors);
});

const HOUR_MS = 60 * 60 * 1000;

/** An application stored as it stands: `status` enrolled unless said otherwise. */
async function application(
  intakeId: string,
  fields: Partial<typeof applications.$inferInsert> & { n?: number } = {},
) {
  const { n, ...rest } = fields;
  const { fullName, email, phone, experienceLevel, goals, heardFrom } = applicantInput(n);
  const status: ApplicationStatus = rest.status ?? "enrolled";
  const [row] = await db()
    .insert(applications)
    .values({
      intakeId,
      fullName,
      email,
      phone,
      experienceLevel,
      goals,
      heardFrom,
      consentGiven: true,
      ...rest,
      status,
      ...(status === "offered" ? { offerExpiresAt: new Date(Date.now() + 72 * HOUR_MS) } : {}),
      ...(status === "waitlisted" ? { waitlistedAt: new Date() } : {}),
    })
    .returning();
  if (!row) throw new Error("no application");
  return row;
}

/** Two intakes with enrolled students, and applications in other statuses beside them. */
async function twoIntakes() {
  const { course: data, intake: january } = await openIntake({
    label: "January 2027",
    startsOn: "2027-01-11",
    endsOn: "2027-03-11",
    seats: 10,
  });
  const { intake: march } = await openIntake({
    label: "March 2027",
    startsOn: "2027-03-08",
    endsOn: "2027-05-08",
    seats: 10,
  });
  await application(january.id, { fullName: "Zainab Yusuf", email: "zainab@example.com" });
  await application(january.id, {
    fullName: "adaora Nnaji",
    email: "adaora@example.com",
    phone: "+2348031234567",
  });
  await application(march.id, { fullName: "Bola Tinubu-Ade", email: "bola@example.com" });
  await application(january.id, { fullName: "New Applicant", status: "new" });
  await application(january.id, { fullName: "Offered Applicant", status: "offered" });
  await application(march.id, { fullName: "Waitlisted Applicant", status: "waitlisted" });
  await application(march.id, { fullName: "Withdrawn Student", status: "withdrawn" });
  return { data, january, march };
}

const names = (list: { fullName: string }[]) => list.map((student) => student.fullName);

describe("listStudents", () => {
  it("lists the enrolled only, intake by intake (latest start first), by name", async () => {
    const { january, march } = await twoIntakes();
    const list = await listStudents({ intake: "", q: "", page: 1 });
    expect(names(list.students)).toEqual(["Bola Tinubu-Ade", "adaora Nnaji", "Zainab Yusuf"]);
    expect(list.students[0]).toMatchObject({
      intakeId: march.id,
      intakeLabel: "March 2027",
      startsOn: "2027-03-08",
    });
    expect(list.pagination).toEqual({
      page: 1,
      total: 3,
      totalPages: 1,
      limit: STUDENTS_PAGE_SIZE,
    });
    expect(list.intakes.map(({ id, label, count }) => ({ id, label, count }))).toEqual([
      { id: march.id, label: "March 2027", count: 1 },
      { id: january.id, label: "January 2027", count: 2 },
    ]);
    expect(await enrolledCount()).toBe(3);
  });

  it("filters by intake and searches names, e-mails and phone digits", async () => {
    const { january } = await twoIntakes();
    const search = async (q: string, intake = "") =>
      names((await listStudents({ intake, q, page: 1 })).students);
    expect(await search("", january.id)).toEqual(["adaora Nnaji", "Zainab Yusuf"]);
    expect(await search("ADAORA")).toEqual(["adaora Nnaji"]);
    expect(await search("bola@")).toEqual(["Bola Tinubu-Ade"]);
    for (const phone of ["0803 123 4567", "+234 803 123", "803-1234", "2348031234567"])
      expect(await search(phone), phone).toEqual(["adaora Nnaji"]);
    expect(await search("Applicant")).toEqual([]);
    expect(await search("Bola", january.id)).toEqual([]);
    expect(await search("100%")).toEqual([]);
  });

  it("pages by 50 and keeps a page past the end on the last", async () => {
    const { intake } = await openIntake({ seats: 60 });
    for (let n = 1; n <= STUDENTS_PAGE_SIZE + 2; n += 1)
      await application(intake.id, { fullName: `Student ${String(n).padStart(2, "0")}` });
    const first = await listStudents({ intake: "", q: "", page: 1 });
    expect(first.students).toHaveLength(STUDENTS_PAGE_SIZE);
    expect(first.pagination).toMatchObject({ total: 52, totalPages: 2 });
    const last = await listStudents({ intake: "", q: "", page: 9 });
    expect(last.pagination.page).toBe(2);
    expect(names(last.students)).toEqual(["Student 51", "Student 52"]);
  });
});

describe("the students CSV", () => {
  const exportPath = "/admin-portal/students/export";

  it("sends anonymous visitors to the login", async () => {
    const outcome = await outcomeOf(() =>
      studentsExportRoute.loader(routeArgs(getRequest(exportPath))),
    );
    expect(outcome).toMatchObject({ kind: "redirect", status: 302 });
  });

  it("lists the filtered students with Lagos times and phone numbers as text", async () => {
    const { cookie } = await signedInAdmin({ role: "admin" });
    const { january } = await twoIntakes();
    const [adaora] = (await listStudents({ intake: "", q: "adaora", page: 1 })).students;
    if (!adaora) throw new Error("no student");
    await db()
      .insert(applicationEvents)
      .values({
        applicationId: adaora.id,
        kind: "enrolled",
        actorKind: "staff",
        createdAt: new Date("2026-12-01T09:30:00Z"),
      });

    const response = await studentsExportRoute.loader(
      routeArgs(getRequest(`${exportPath}?intake=${january.id}`, { cookie })),
    );
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="students-${lagosToday()}.csv"`,
    );
    // Decoded as is: response.text() would drop the byte-order mark.
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(
      '\uFEFF"Reference","Name","Email","Phone","Course","Intake","Starts on","Enrolled at (Lagos time)","Attendance %","Present","Late","Absent","Excused","Absent twice in a row"',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      /^"LTA-A-\d{6}","adaora Nnaji","adaora@example.com","=""\+2348031234567""","Course course-[a-z0-9]+","January 2027","2027-01-11","2026-12-01 10:30",,"0","0","0","0","No"$/,
    );
    expect(lines[2]).toContain('"Zainab Yusuf"');
    expect(lines[3]).toBe("");
  });
});

describe("the class list", () => {
  const classListPath = (intake: string) => `/admin-portal/students/class-list?intake=${intake}`;

  it("shows an intake's facts, tutors and enrolled students", async () => {
    const { cookie } = await signedInAdmin({ role: "admin" });
    const { january } = await twoIntakes();
    const [tutor] = await db()
      .insert(tutors)
      .values({ name: "Adaeze Okonkwo", role: "Lead tutor", bio: "Teaches data." })
      .returning();
    if (!tutor) throw new Error("no tutor");
    await db()
      .insert(intakeTutors)
      .values({ intakeId: january.id, tutorId: tutor.id, position: 0 });

    const list = await classListRoute.loader(
      routeArgs(getRequest(classListPath(january.id), { cookie })),
    );
    expect(list.intake).toMatchObject({
      id: january.id,
      label: "January 2027",
      startsOn: "2027-01-11",
      endsOn: "2027-03-11",
      seats: 10,
    });
    expect(list.tutors.map((row) => row.name)).toEqual(["Adaeze Okonkwo"]);
    expect(names(list.students)).toEqual(["adaora Nnaji", "Zainab Yusuf"]);
  });

  it("answers 404 for an unknown intake, and sends anonymous visitors to the login", async () => {
    const { cookie } = await signedInAdmin({ role: "admin" });
    for (const intake of ["00000000-0000-4000-8000-000000000000", "not-an-id", ""]) {
      const outcome = await outcomeOf(() =>
        classListRoute.loader(routeArgs(getRequest(classListPath(intake), { cookie }))),
      );
      expect(outcome, intake).toMatchObject({ kind: "data", status: 404 });
    }
    const anonymous = await outcomeOf(() =>
      classListRoute.loader(routeArgs(getRequest(classListPath("x")))),
    );
    expect(anonymous).toMatchObject({ kind: "redirect", status: 302 });
  });
});

describe("the dashboard", () => {
  it("counts the enrolled students and the applications waiting for an answer", async () => {
    const { january } = await twoIntakes();
    const ago = (hours: number) => new Date(Date.now() - hours * HOUR_MS);
    await application(january.id, { status: "new", createdAt: ago(21) });
    await application(january.id, { status: "new", createdAt: ago(25) });
    await application(january.id, { status: "new", createdAt: ago(30) });
    await application(january.id, { status: "declined", createdAt: ago(40) });
    // With twoIntakes' new one (just now): four waiting, one due soon, two overdue.
    expect(await applicationClockFigures()).toEqual({ waiting: 4, dueSoon: 1, overdue: 2 });

    const { cookie } = await signedInAdmin({ role: "admin" });
    const data = await dashboardRoute.loader(
      routeArgs(getRequest("/admin-portal/dashboard", { cookie })),
    );
    expect(data.stats.students).toEqual({ enrolled: 3 });
    expect(data.applicationFigures).toEqual({ waiting: 4, dueSoon: 1, overdue: 2 });
  });
});
