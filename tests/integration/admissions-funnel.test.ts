import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Admin, applicationEvents } from "~/db/schema";
import { applyForIntake } from "~/features/applications/applications.server";
import { enrolApplication } from "~/features/applications/staff/admissions.server";
import { admissionsFunnel, funnelTotals } from "~/features/reports/admissions-funnel.server";
import { parseReportPeriod } from "~/features/reports/report-period";
import { admissionsSummary } from "~/features/reports/report-summaries";
import { loadReport } from "~/features/reports/reports.server";
import { lagosToday } from "~/lib/format/dates";
import { makeAdmin } from "../support/admin-session";
import {
  applicantInput,
  applicationByEmail,
  nth,
  openIntake,
  origin,
} from "../support/application-fixtures";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();
let staff: Admin;
beforeAll(async () => {
  staff = await makeAdmin({ role: "admin" });
});

const period = () => parseReportPeriod(new URLSearchParams(), lagosToday()).period;

describe("the admissions funnel", () => {
  it("counts applications, offers, acceptances and enrolments per course and intake", async () => {
    const { course, intake } = await openIntake({ admissionMode: "first-come", seats: 2 });
    const people = [applicantInput(), applicantInput(), applicantInput()];
    for (const person of people) await applyForIntake(intake.id, person, origin);
    // The first is offered and waits, the second is enrolled by staff, the third is waitlisted.
    const second = await applicationByEmail(nth(people, 1).email);
    await enrolApplication(staff, second.id);
    const report = await loadReport(period());
    const row = report.admissions.courses.find((found) => found.id === course.id);
    expect(row).toMatchObject({ applications: 3, offers: 2, accepted: 1, enrolled: 1 });
    expect(report.admissions.totals.find((step) => step.label === "Applications")?.value).toBe(3);
    expect(row?.intakes).toEqual([
      expect.objectContaining({ intakeId: intake.id, applications: 3, offers: 2, enrolled: 1 }),
    ]);
  });

  it("leaves out courses with no interest and no applications, and totals each step", async () => {
    const rows = await admissionsFunnel(period(), [
      {
        id: "00000000-0000-4000-8000-000000000000",
        title: "Quiet",
        active: true,
        views: 0,
        inquiries: 0,
      },
    ]);
    expect(rows).toEqual([]);
    expect(funnelTotals(rows).map((step) => step.value)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it("gives each step a rate of what holds it, so its sentence never prints a share above 100 %", async () => {
    // More applications than inquiries (people apply without asking first), and an enrolment
    // whose offer was never recorded (data from before offers were recorded).
    const { course, intake } = await openIntake({ admissionMode: "first-come", seats: 7 });
    const people = Array.from({ length: 7 }, () => applicantInput());
    for (const person of people) await applyForIntake(intake.id, person, origin);
    const enrolled = await applicationByEmail(nth(people, 0).email);
    await enrolApplication(staff, enrolled.id);
    await database()
      .db.delete(applicationEvents)
      .where(
        and(
          eq(applicationEvents.applicationId, enrolled.id),
          eq(applicationEvents.kind, "offered"),
        ),
      );
    const rows = await admissionsFunnel(period(), [
      { id: course.id, title: course.title, active: true, views: 3, inquiries: 3 },
    ]);
    const totals = funnelTotals(rows);
    expect(totals.map((step) => step.value)).toEqual([3, 3, 7, 7, 1, 1]);
    const sentence = admissionsSummary(totals);
    expect(sentence).toBe(
      "Course page views: 3; Course inquiries: 3 (100 per 100 page views); Applications: 7 (233.3 per 100 page views); Offers: 7 (100% of applications); Accepted: 1 (14.3% of offers); Enrolled: 1 (100% of accepted).",
    );
    const shares = [...sentence.matchAll(/([\d.,]+)%/g)].map((match) => Number(match[1]));
    expect(Math.max(...shares)).toBeLessThanOrEqual(100);
  });
});
