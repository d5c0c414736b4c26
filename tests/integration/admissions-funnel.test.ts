import { beforeAll, describe, expect, it } from "vitest";
import type { Admin } from "~/db/schema";
import { enrolApplication } from "~/features/applications/admissions.server";
import { applyForIntake } from "~/features/applications/applications.server";
import { admissionsFunnel, funnelTotals } from "~/features/reports/admissions-funnel.server";
import { parseReportPeriod } from "~/features/reports/report-period";
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

setupTestDatabase();
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
});
