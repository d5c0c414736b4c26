import { requireAdmin } from "~/features/auth/session.server";
import { sessionsOfWeek } from "~/features/cohort/sessions.server";
import { WeekView } from "~/features/cohort/staff/week-view";
import { PageHeader } from "~/features/portal/page-header";
import { PortalErrorBoundary } from "~/features/portal/portal-error";
import { formatFullDate } from "~/lib/format/dates";
import type { Route } from "./+types/timetable";

export const meta: Route.MetaFunction = () => [{ title: "Timetable | Admin Portal" }];

/** Every intake's sessions in one week (`?week=<a date in it>`, none: this week in Lagos). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return sessionsOfWeek(new URL(request.url).searchParams.get("week"));
}

export default function TimetablePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Timetable"
        description={`The week of ${formatFullDate(loaderData.monday)}, every intake. Times are Lagos time.`}
      />
      <WeekView {...loaderData} />
    </>
  );
}

export const ErrorBoundary = PortalErrorBoundary;
