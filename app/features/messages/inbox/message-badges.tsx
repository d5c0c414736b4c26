import { cn } from "~/ui/cn";
import { formTypeBadges, type MessageFormType } from "../form-types";

const statusStyles: Record<string, string> = {
  unread: "bg-sky-100 text-sky-900",
  read: "bg-slate-200 text-slate-800",
  replied: "bg-emerald-100 text-emerald-900",
  archived: "bg-amber-100 text-amber-900",
};

const priorityStyles: Record<string, string> = {
  low: "bg-slate-100 text-slate-700",
  normal: "bg-slate-100 text-slate-800",
  high: "bg-orange-100 text-orange-900",
  urgent: "bg-red-100 text-red-900",
};

export const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", statusStyles[status])}>
      {capitalize(status)}
    </span>
  );
}

export function PriorityBadge({ priority }: { priority: string }) {
  return (
    <span
      className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", priorityStyles[priority])}
    >
      {capitalize(priority)}
      <span className="sr-only"> priority</span>
    </span>
  );
}

export function FormTypeBadge({ formType }: { formType: MessageFormType }) {
  return (
    <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900">
      {formTypeBadges[formType]}
    </span>
  );
}
