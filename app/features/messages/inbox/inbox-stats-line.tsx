import type { messageStats } from "./inbox.server";

type Stats = Awaited<ReturnType<typeof messageStats>>;

/**
 * The inbox's figures folded into one line that wraps ('Total 120 · Unread 8 · …'), for
 * phones, where five cards would push the list of messages off the first screen. From md up
 * the route shows them as cards instead.
 */
export function InboxStatsLine({ stats, className }: { stats: Stats; className?: string }) {
  const items = [
    { label: "Total", value: stats.total },
    { label: "Unread", value: stats.unread },
    { label: "Read", value: stats.read },
    { label: "Replied", value: stats.replied },
    { label: "Today", value: stats.today },
  ];
  return (
    <section aria-label="Message statistics" className={className}>
      <dl className="flex flex-wrap gap-x-2 gap-y-1 text-sm">
        {items.map((item, index) => (
          <div key={item.label} className="flex gap-1">
            {index > 0 ? (
              <span aria-hidden="true" className="text-slate-500 dark:text-slate-400">
                ·
              </span>
            ) : null}
            <dt className="text-slate-600 dark:text-slate-300">{item.label}</dt>
            <dd className="font-semibold text-slate-900 dark:text-white">
              {item.value.toLocaleString("en-NG")}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
