import AlarmClock from "lucide-react/icons/alarm-clock";
import Clock from "lucide-react/icons/clock";
import Timer from "lucide-react/icons/timer";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import type { ReactNode } from "react";
import { href } from "react-router";
import {
  DUE_SOON_HOURS,
  formatReplyTime,
  REPLY_PROMISE_HOURS,
  RESPONSE_WINDOW_DAYS,
} from "~/features/reply-clock/reply-clock";
import { nounFor } from "~/lib/format/plural";
import { cn } from "~/ui/cn";
import { FigureLink } from "~/ui/figure-link";
import { defaultInboxQuery, inboxHref } from "../list-url";
import type { ReplyClockFigures } from "../reply-clock.server";

const percent = new Intl.NumberFormat("en-NG", { style: "percent", maximumFractionDigits: 0 });

const iconClass = "h-6 w-6 text-brand-700 dark:text-brand-300";

/**
 * The 24-hour promise on the dashboard: what is late now, and how the last 30 days went.
 * `children` are further figures the promise covers (applications), after the messages'.
 */
export function ReplyPromiseFigures({
  figures,
  children,
}: {
  figures: ReplyClockFigures;
  children?: ReactNode;
}) {
  const responseTimesReport = `${href("/admin-portal/reports")}#response-times`;
  return (
    <section aria-labelledby="promise-heading">
      <h2 id="promise-heading" className="mb-3 text-lg font-bold">
        The {REPLY_PROMISE_HOURS}-hour promise
      </h2>
      {/* Two a row from the smallest phone: staff open the portal for these, on the first screen. */}
      <ul
        className={cn(
          "grid grid-cols-2 gap-3 sm:gap-4",
          children ? "xl:grid-cols-5" : "xl:grid-cols-4",
        )}
      >
        <FigureLink
          to={inboxHref({ ...defaultInboxQuery, tab: "overdue", sort: "oldest" })}
          label="Overdue now"
          value={`${figures.overdue.toLocaleString("en-NG")}${figures.overdueCapped ? "+" : ""}`}
          hint={`Waiting ${REPLY_PROMISE_HOURS} h or more`}
          icon={<TriangleAlert aria-hidden="true" className={iconClass} />}
        />
        <FigureLink
          to={inboxHref({ ...defaultInboxQuery, clock: "due-soon", sort: "oldest" })}
          label="Due soon"
          value={figures.dueSoon.toLocaleString("en-NG")}
          hint={`Under ${DUE_SOON_HOURS} h left`}
          icon={<AlarmClock aria-hidden="true" className={iconClass} />}
        />
        <FigureLink
          to={responseTimesReport}
          label={`Answered within ${REPLY_PROMISE_HOURS} h`}
          value={
            figures.answeredInTimeShare === null ? "—" : percent.format(figures.answeredInTimeShare)
          }
          hint={`Of ${figures.judged.toLocaleString("en-NG")} ${nounFor(figures.judged, "message")}, last ${RESPONSE_WINDOW_DAYS} days`}
          icon={<Clock aria-hidden="true" className={iconClass} />}
        />
        <FigureLink
          to={responseTimesReport}
          label="Median time to reply"
          value={
            figures.medianFirstReplyMinutes === null
              ? "—"
              : formatReplyTime(figures.medianFirstReplyMinutes)
          }
          hint={`Last ${RESPONSE_WINDOW_DAYS} days`}
          icon={<Timer aria-hidden="true" className={iconClass} />}
        />
        {children}
      </ul>
    </section>
  );
}
