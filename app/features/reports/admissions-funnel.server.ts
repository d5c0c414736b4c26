import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { applicationEvents, applications, intakes } from "~/db/schema";
import { addDays, startOfLagosDate } from "~/lib/format/dates";
import type { ReportPeriod } from "./report-period";

/** The steps of admissions, from a look at a course page to a seat in its class. */
export type FunnelCounts = {
  applications: number;
  offers: number;
  accepted: number;
  enrolled: number;
};

export type IntakeFunnel = FunnelCounts & { intakeId: string; label: string; startsOn: string };

export type CourseFunnel = FunnelCounts & {
  id: string;
  title: string;
  active: boolean;
  views: number;
  inquiries: number;
  intakes: IntakeFunnel[];
};

/**
 * Of the applications made in the period, per intake: how many were offered a place (at any
 * time), accepted one, and are enrolled. Each step counts those that reached it or a later one
 * (an enrolment without a recorded offer or acceptance counts as both), so each is part of the
 * step before and its share of it is at most 100 %. One statement, grouped by intake; the
 * timeline's index answers each `exists`.
 */
async function intakeCounts(period: Pick<ReportPeriod, "from" | "to">) {
  const start = startOfLagosDate(period.from).toISOString();
  const end = startOfLagosDate(addDays(period.to, 1)).toISOString();
  const reached = (kind: string) => sql`exists (
    select 1 from ${applicationEvents}
    where ${applicationEvents.applicationId} = ${applications.id} and ${applicationEvents.kind} = ${kind})`;
  const result = await db().execute(sql`
    select ${intakes.courseId} as "courseId", ${intakes.id} as "intakeId", ${intakes.label} as label,
      ${intakes.startsOn}::text as "startsOn",
      count(*)::int as applications,
      (count(*) filter (where ${reached("offered")} or ${reached("accepted")} or ${applications.status} = 'enrolled'))::int as offers,
      (count(*) filter (where ${reached("accepted")} or ${applications.status} = 'enrolled'))::int as accepted,
      (count(*) filter (where ${applications.status} = 'enrolled'))::int as enrolled
    from ${applications}
    join ${intakes} on ${intakes.id} = ${applications.intakeId}
    where ${applications.createdAt} >= ${start} and ${applications.createdAt} < ${end}
    group by 1, 2, 3, 4
    order by 4, 3
  `);
  return result.rows as (IntakeFunnel & { courseId: string })[];
}

const sum = (rows: FunnelCounts[], key: keyof FunnelCounts) =>
  rows.reduce((total, row) => total + row[key], 0);

/**
 * The admissions funnel per course (page views and inquiries from 'Course interest') and, under
 * each course, per intake; courses with neither interest nor applications are left out.
 */
export async function admissionsFunnel(
  period: ReportPeriod,
  interest: Pick<CourseFunnel, "id" | "title" | "active" | "views" | "inquiries">[],
): Promise<CourseFunnel[]> {
  const byCourse = new Map<string, IntakeFunnel[]>();
  for (const { courseId, ...row } of await intakeCounts(period))
    byCourse.set(courseId, [...(byCourse.get(courseId) ?? []), row]);
  return interest
    .map((course) => {
      const rows = byCourse.get(course.id) ?? [];
      return {
        id: course.id,
        title: course.title,
        active: course.active,
        views: course.views,
        inquiries: course.inquiries,
        applications: sum(rows, "applications"),
        offers: sum(rows, "offers"),
        accepted: sum(rows, "accepted"),
        enrolled: sum(rows, "enrolled"),
        intakes: rows,
      };
    })
    .filter((course) => course.views > 0 || course.inquiries > 0 || course.applications > 0);
}

/**
 * How a step's rate is measured: inquiries and applications per 100 page views (neither is a
 * part of the step before: people apply without asking first), and each later step as a share
 * of the step before, which holds it whole.
 */
export type FunnelRate = { of: string; base: number; kind: "per-100" | "share" };
export type FunnelStep = { label: string; value: number; rate?: FunnelRate };

/** The period's totals of each step, in the funnel's order, each with what its rate is of. */
export function funnelTotals(courses: CourseFunnel[]): FunnelStep[] {
  const total = (key: keyof FunnelCounts | "views" | "inquiries") =>
    courses.reduce((sumSoFar, course) => sumSoFar + course[key], 0);
  const views = total("views");
  const perViews: FunnelRate = { of: "page views", base: views, kind: "per-100" };
  const shareOf = (of: string, base: number): FunnelRate => ({ of, base, kind: "share" });
  return [
    { label: "Course page views", value: views },
    { label: "Course inquiries", value: total("inquiries"), rate: perViews },
    { label: "Applications", value: total("applications"), rate: perViews },
    {
      label: "Offers",
      value: total("offers"),
      rate: shareOf("applications", total("applications")),
    },
    { label: "Accepted", value: total("accepted"), rate: shareOf("offers", total("offers")) },
    { label: "Enrolled", value: total("enrolled"), rate: shareOf("accepted", total("accepted")) },
  ];
}
