import X from "lucide-react/icons/x";
import { Link } from "react-router";

/** The × that closes a list's open record, back to the list as it was. */
export function DetailCloseLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      preventScrollReset
      className="rounded-md p-1 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      <X aria-hidden="true" className="h-5 w-5" />
      <span className="sr-only">{label}</span>
    </Link>
  );
}
