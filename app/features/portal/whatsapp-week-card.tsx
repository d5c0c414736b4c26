import type { WhatsappWeek } from "~/features/site/whatsapp-clicks.server";
import { formatShortDate } from "~/lib/format/dates";
import { nounFor } from "~/lib/format/plural";
import { Card } from "~/ui/card";

/** How many visitors chose 'Chat on WhatsApp' this week, per course. */
export function WhatsappWeekCard({
  week,
  configured,
}: {
  week: WhatsappWeek;
  configured: boolean;
}) {
  return (
    <Card id="whatsapp" title="WhatsApp chats this week">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Since Monday {formatShortDate(week.since)}: {week.total} {nounFor(week.total, "visitor")}{" "}
        tapped 'Chat on WhatsApp'.
      </p>
      {configured ? null : (
        <p className="mt-3 text-sm text-amber-900 dark:text-amber-200">
          The buttons are hidden: set WHATSAPP_NUMBER on the server to show them.
        </p>
      )}
      {week.total > 0 ? (
        <table className="mt-4 w-full text-sm">
          <caption className="sr-only">WhatsApp chats per course this week</caption>
          <thead>
            <tr className="text-left text-slate-600 dark:text-slate-400">
              <th scope="col" className="pb-2 font-medium">
                Course
              </th>
              <th scope="col" className="pb-2 text-right font-medium">
                Chats
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {week.byCourse.map((row) => (
              <tr key={row.courseId}>
                <td className="py-2 pr-2">{row.title}</td>
                <td className="py-2 text-right font-semibold tabular-nums">{row.clicks}</td>
              </tr>
            ))}
            {week.general > 0 ? (
              <tr>
                <td className="py-2 pr-2 italic">Footer button (no course)</td>
                <td className="py-2 text-right font-semibold tabular-nums">{week.general}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      ) : null}
    </Card>
  );
}
