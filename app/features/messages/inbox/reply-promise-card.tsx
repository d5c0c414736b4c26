import AlarmClock from "lucide-react/icons/alarm-clock";
import Clock from "lucide-react/icons/clock";
import Timer from "lucide-react/icons/timer";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import type { ReactNode } from "react";
import { href, Link } from "react-router";
import { nounFor } from "~/lib/format/plural";
import {
  DUE_SOON_HOURS,
  formatReplyTime,
  REPLY_PROMISE_HOURS,
  RESPONSE_WINDOW_DAYS,
} from "../reply-clock";
import { defaultInboxQuery, inboxHref } from "./list-url";
import type { ReplyClockFigures } from "./reply-clock.server";

const percent = new Intl.NumberFormat("en-NG", { style: "percent", maximumFractionDigits: 0 });

function Figure({
  to,
  label,
  value,
  hint,
  icon,
}: {
  to: string;
  label: string;
  value: string;
  hint: string;
  icon: ReactNode;
}) {
  return (
    <li>
      <Link
        to={to}
        className="block h-full rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-600 sm:p-5 focus-visible:border-brand-600 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-400"
      >
        <span className="flex items-start justify-between gap-3">
          <span className="text-sm font-medium text-slate-600 dark:text-slate-300">{label}</span>
          {icon}
        </span>
        <span className="mt-2 block text-2xl font-extrabold text-slate-900 sm:text-3xl dark:text-white">
          {value}
        </span>
        <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">{hint}</span>
      </Link>
    </li>
  );
}

const iconClass = "h-6 w-6 text-brand-700 dark:text-brand-300";

/** The 24-hour promise on the dashboard: what is late now, and how the last 30 days went. */
export function ReplyPromiseFigures({ figures }: { figures: ReplyClockFigures }) {
  const responseTimesReport = `${href("/admin-portal/reports")}#response-times`;
  return (
    <section aria-labelledby="promise-heading">
      <h2 id="promise-heading" className="mb-3 text-lg font-bold">
        The {REPLY_PROMISE_HOURS}-hour promise
      </h2>
      {/* Two a row from the smallest phone: staff open the portal for these, on the first screen. */}
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <Figure
          to={inboxHref({ ...defaultInboxQuery, tab: "overdue", sort: "oldest" })}
          label="Overdue now"
          value={`${figures.overdue.toLocaleString("en-NG")}${figures.overdueCapped ? "+" : ""}`}
          hint={`Waiting ${REPLY_PROMISE_HOURS} h or more`}
          icon={<TriangleAlert aria-hidden="true" className={iconClass} />}
        />
        <Figure
          to={inboxHref({ ...defaultInboxQuery, clock: "due-soon", sort: "oldest" })}
          label="Due soon"
          value={figures.dueSoon.toLocaleString("en-NG")}
          hint={`Under ${DUE_SOON_HOURS} h left`}
          icon={<AlarmClock aria-hidden="true" className={iconClass} />}
        />
        <Figure
          to={responseTimesReport}
          label={`Answered within ${REPLY_PROMISE_HOURS} h`}
          value={
            figures.answeredInTimeShare === null ? "—" : percent.format(figures.answeredInTimeShare)
          }
          hint={`Of ${figures.judged.toLocaleString("en-NG")} ${nounFor(figures.judged, "message")}, last ${RESPONSE_WINDOW_DAYS} days`}
          icon={<Clock aria-hidden="true" className={iconClass} />}
        />
        <Figure
          to={responseTimesReport}
          label="Median first reply"
          value={
            figures.medianFirstReplyMinutes === null
              ? "—"
              : formatReplyTime(figures.medianFirstReplyMinutes)
          }
          hint={`Last ${RESPONSE_WINDOW_DAYS} days`}
          icon={<Timer aria-hidden="true" className={iconClass} />}
        />
      </ul>
    </section>
  );
}
