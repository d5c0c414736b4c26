import { href, Link } from "react-router";
import { formatShortDate } from "~/lib/format/dates";
import { Card } from "~/ui/card";
import { Sparkline } from "./charts/sparkline";
import type { ChannelCounts, DayMessages } from "./reports.server";

/** The dashboard's trend of new messages, day by day, leading to the messages report. */
export function NewMessagesCard({
  days,
  channels,
}: {
  days: DayMessages[];
  /** The same days' messages by where they came from. */
  channels: ChannelCounts;
}) {
  const total = days.reduce((sum, day) => sum + day.messages, 0);
  const first = days[0]?.day ?? "";
  const last = days.at(-1)?.day ?? "";
  const perDay = days.map((day) => day.messages).join(", ");
  return (
    <Card
      id="trend"
      title={`New messages, last ${days.length} days`}
      className="mt-8"
      action={
        <Link
          to={`${href("/admin-portal/reports")}#messages`}
          className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          Messages report
        </Link>
      }
    >
      <p className="mt-1 text-3xl font-extrabold text-slate-900 dark:text-white">
        {total.toLocaleString("en-NG")}
      </p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Web forms {channels.forms.toLocaleString("en-NG")} · E-mail{" "}
        {channels.email.toLocaleString("en-NG")} · WhatsApp{" "}
        {channels.whatsapp.toLocaleString("en-NG")}
      </p>
      <div className="mt-3">
        <Sparkline
          label={`New messages per day from ${formatShortDate(first)} to ${formatShortDate(last)}: ${perDay}.`}
          values={days.map((day) => day.messages)}
        />
      </div>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {formatShortDate(first)} to {formatShortDate(last)}, Lagos time; today is the last point.
      </p>
    </Card>
  );
}
