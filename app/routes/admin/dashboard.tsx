import BookOpen from "lucide-react/icons/book-open";
import GraduationCap from "lucide-react/icons/graduation-cap";
import Mail from "lucide-react/icons/mail";
import Plus from "lucide-react/icons/plus";
import ShieldCheck from "lucide-react/icons/shield-check";
import Users from "lucide-react/icons/users";
import { href, Link } from "react-router";
import { applicationClockFigures } from "~/features/applications/staff/application-clock.server";
import { ApplicationsWaitingFigure } from "~/features/applications/staff/applications-waiting-figure";
import { requireAdmin } from "~/features/auth/session.server";
import { studentsAbsentTwiceInARow } from "~/features/cohort/attendance.server";
import { sessionsToday } from "~/features/cohort/sessions.server";
import { TodayCard } from "~/features/cohort/staff/today-card";
import { courseListHref, defaultCourseListQuery } from "~/features/courses/admin/list-url";
import { ReplyPromiseFigures } from "~/features/messages/inbox/reply-promise-card";
import { defaultInboxQuery, inboxHref } from "~/features/messages/list-url";
import { replyClockFigures } from "~/features/messages/reply-clock.server";
import { PaymentFiguresSection } from "~/features/payments/staff/payment-figures";
import { paymentFigures } from "~/features/payments/staff/payment-overview.server";
import { dashboardStats, recentActivity } from "~/features/portal/dashboard.server";
import { PageHeader, StatCards } from "~/features/portal/page-header";
import { WhatsappWeekCard } from "~/features/portal/whatsapp-week-card";
import { NewMessagesCard } from "~/features/reports/new-messages-card";
import { messagesByChannel, messagesPerDay } from "~/features/reports/reports.server";
import { whatsappClicksThisWeek } from "~/features/site/whatsapp-clicks.server";
import { lagosToday } from "~/lib/format/dates";
import { env } from "~/lib/infra/env.server";
import { buttonClasses } from "~/ui/button";
import { Card } from "~/ui/card";
import { DateTime } from "~/ui/date-time";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Admin Portal" }];

/** The dashboard's trend of new messages covers two weeks. */
const TREND_DAYS = 14;

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const [
    stats,
    activity,
    whatsapp,
    replyFigures,
    applicationFigures,
    lastDays,
    channels,
    payments,
    todaySessions,
    absentStudents,
  ] = await Promise.all([
    dashboardStats(),
    recentActivity(),
    whatsappClicksThisWeek(),
    replyClockFigures(),
    applicationClockFigures(),
    messagesPerDay(TREND_DAYS),
    messagesByChannel(TREND_DAYS),
    paymentFigures(lagosToday()),
    sessionsToday(),
    studentsAbsentTwiceInARow(20),
  ]);
  return {
    adminName: admin.name,
    stats,
    activity,
    whatsapp,
    whatsappConfigured: Boolean(env().WHATSAPP_NUMBER),
    replyFigures,
    applicationFigures,
    lastDays,
    channels,
    payments,
    todaySessions,
    absentStudents,
  };
}

const quickActions = [
  {
    to: courseListHref(defaultCourseListQuery, { modal: "create" }),
    label: "Add Course",
    icon: Plus,
  },
  {
    to: inboxHref({ ...defaultInboxQuery, status: "unread" }),
    label: "Read New Messages",
    icon: Mail,
  },
  { to: href("/admin-portal/admins"), label: "Manage Admins", icon: ShieldCheck },
  { to: href("/courses"), label: "View Public Site", icon: BookOpen },
];

/** The dashboard's figures, one card each. */
const statCards = (stats: Route.ComponentProps["loaderData"]["stats"]) => [
  {
    label: "Students",
    value: stats.students.enrolled,
    hint: "Enrolled, across all intakes",
    icon: GraduationCap,
  },
  {
    label: "Tutors",
    value: stats.tutors.active,
    hint: "Active, shown on the About page",
    icon: Users,
  },
  {
    label: "Courses",
    value: stats.courses.total,
    hint: `${stats.courses.active} active`,
    icon: BookOpen,
  },
  {
    label: "New Messages",
    value: stats.messages.unread,
    hint: `${stats.messages.today} received today`,
    icon: Mail,
  },
  {
    label: "Admins",
    value: stats.admins.total,
    hint: `${stats.admins.active} active`,
    icon: ShieldCheck,
  },
];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const {
    stats,
    activity,
    whatsapp,
    whatsappConfigured,
    replyFigures,
    applicationFigures,
    lastDays,
    channels,
    payments,
    todaySessions,
    absentStudents,
  } = loaderData;
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`Welcome back, ${loaderData.adminName}. Here is what is happening today.`}
      />
      <ReplyPromiseFigures figures={replyFigures}>
        <ApplicationsWaitingFigure figures={applicationFigures} />
      </ReplyPromiseFigures>
      <PaymentFiguresSection figures={payments} />
      <StatCards
        label="Statistics"
        className="mt-8 grid gap-4 sm:grid-cols-2 xl:grid-cols-5"
        figures={statCards(stats)}
      />
      <NewMessagesCard days={lastDays} channels={channels} />
      {/* Two balanced columns: however long the WhatsApp list, no blank beside it. */}
      <div className="mt-8 gap-6 lg:columns-2 *:mb-6 *:break-inside-avoid">
        <TodayCard sessions={todaySessions} absent={absentStudents} />
        <Card id="activity" title="Recent Activity">
          {activity.length === 0 ? (
            <p className="mt-4 text-slate-600 dark:text-slate-300">Nothing has happened yet.</p>
          ) : (
            <ul className="mt-4 divide-y divide-slate-100 dark:divide-slate-800">
              {activity.map((event) => (
                <li
                  key={`${event.kind}-${event.id}`}
                  className="flex flex-wrap items-baseline justify-between gap-2 py-3"
                >
                  <div>
                    <p className="font-medium">
                      {event.kind === "message" ? (
                        <Link
                          to={inboxHref(defaultInboxQuery, event.id)}
                          className="hover:underline"
                        >
                          {event.title}
                        </Link>
                      ) : (
                        event.title
                      )}
                    </p>
                    {event.detail ? (
                      <p className="text-sm text-slate-600 dark:text-slate-400">{event.detail}</p>
                    ) : null}
                  </div>
                  <DateTime at={event.at} className="text-sm text-slate-600 dark:text-slate-400" />
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card id="quick" title="Quick Actions">
          <ul className="mt-4 grid gap-2">
            {quickActions.map((action) => (
              <li key={action.to}>
                <Link
                  to={action.to}
                  className={buttonClasses("outline", "md", "w-full justify-start")}
                >
                  <action.icon aria-hidden="true" className="h-5 w-5" />
                  {action.label}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
        <WhatsappWeekCard week={whatsapp} configured={whatsappConfigured} />
      </div>
    </>
  );
}
