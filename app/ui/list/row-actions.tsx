import Eye from "lucide-react/icons/eye";
import EyeOff from "lucide-react/icons/eye-off";
import Pencil from "lucide-react/icons/pencil";
import Trash2 from "lucide-react/icons/trash";
import { Form, Link, useNavigation } from "react-router";
import { cn } from "../cn";
import { IntentFields } from "../form/intent-fields";

/** A small action beside a list's row: a link or button with an icon and a word. */
export const rowActionClasses =
  "inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium dark:hover:bg-slate-800";

const modalActions = {
  edit: {
    word: "Edit",
    Icon: Pencil,
    tone: "text-brand-800 hover:bg-brand-50 dark:text-brand-300",
  },
  delete: {
    word: "Delete",
    Icon: Trash2,
    tone: "text-red-700 hover:bg-red-50 dark:text-red-400",
  },
} as const;

/**
 * The Edit or Delete link of a row: it opens the row's modal through the URL
 * (docs/decisions/0010); screen readers hear the record's name after the word.
 */
export function RowModalLink({
  to,
  action,
  name,
}: {
  to: string;
  action: keyof typeof modalActions;
  name: string;
}) {
  const { word, Icon, tone } = modalActions[action];
  return (
    <Link to={to} preventScrollReset className={cn(rowActionClasses, tone)}>
      <Icon aria-hidden="true" className="h-4 w-4" />
      {word}
      <span className="sr-only"> {name}</span>
    </Link>
  );
}

/**
 * A row's active toggle (Deactivate/Activate, Hide/Show): a plain form posting `intent=toggle`,
 * the row's `id` and the state the screen showed, so it works before and without JavaScript.
 */
export function ActiveToggleButton({
  id,
  active,
  name,
  labels,
}: {
  id: string;
  active: boolean;
  /** The record's name, heard after the word. */
  name: string;
  /** The word while active, and while inactive. */
  labels: readonly [string, string];
}) {
  const navigation = useNavigation();
  const pending =
    navigation.formData?.get("id") === id && navigation.formData?.get("intent") === "toggle";
  const [whenActive, whenInactive] = labels;
  const Icon = active ? EyeOff : Eye;
  return (
    <Form method="post" preventScrollReset>
      <IntentFields intent="toggle" id={id} />
      <input type="hidden" name="isActive" value={String(active)} />
      <button
        type="submit"
        disabled={pending}
        className={cn(rowActionClasses, "text-slate-700 hover:bg-slate-100 dark:text-slate-200")}
      >
        <Icon aria-hidden="true" className="h-4 w-4" />
        {active ? whenActive : whenInactive}
        <span className="sr-only"> {name}</span>
      </button>
    </Form>
  );
}

/** A record's Active or Inactive badge. */
export function ActiveBadge({ active, className }: { active: boolean; className?: string }) {
  return (
    <span
      className={cn(
        "rounded-full px-2.5 text-xs font-semibold",
        active ? "bg-emerald-100 text-emerald-800" : "bg-slate-200 text-slate-700",
        className,
      )}
    >
      {active ? "Active" : "Inactive"}
    </span>
  );
}
