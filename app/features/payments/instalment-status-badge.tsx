import { cn } from "~/ui/cn";
import { type InstalmentStatus, instalmentStatusLabels } from "./instalment-status";

const badge = "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold";
const statusStyles: Record<InstalmentStatus, string> = {
  flagged: "bg-red-100 text-red-900",
  "proof-sent": "bg-violet-100 text-violet-900",
  refunded: "bg-slate-200 text-slate-800",
  "part-refunded": "bg-slate-200 text-slate-800",
  paid: "bg-emerald-100 text-emerald-900",
  cancelled: "bg-slate-100 text-slate-700",
  overdue: "bg-red-100 text-red-900",
  failed: "bg-amber-100 text-amber-900",
  due: "bg-sky-100 text-sky-900",
};

/** An instalment's status in words (the colour only repeats it). */
export function InstalmentStatusBadge({ status }: { status: InstalmentStatus }) {
  return <span className={cn(badge, statusStyles[status])}>{instalmentStatusLabels[status]}</span>;
}
