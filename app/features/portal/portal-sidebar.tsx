import GraduationCap from "lucide-react/icons/graduation-cap";
import LogOut from "lucide-react/icons/log-out";
import X from "lucide-react/icons/x";
import { Form, href, NavLink } from "react-router";
import { cn } from "~/ui/cn";
import { portalLinks } from "./navigation";

export function PortalSidebar({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  return (
    <aside
      id="portal-sidebar"
      className={cn(
        "fixed inset-y-0 left-0 z-40 flex w-64 flex-col print:hidden border-r border-slate-200 bg-white transition-transform dark:border-slate-800 dark:bg-slate-900 lg:sticky lg:top-0 lg:h-dvh lg:translate-x-0",
        open ? "translate-x-0" : "-translate-x-full max-lg:invisible",
      )}
    >
      <div className="flex h-16 items-center justify-between gap-2 border-b border-slate-200 px-5 dark:border-slate-800">
        <p className="flex items-center gap-2 font-extrabold text-slate-900 dark:text-white">
          <GraduationCap
            aria-hidden="true"
            className="h-6 w-6 text-brand-700 dark:text-brand-300"
          />
          Admin Portal
        </p>
        <button
          type="button"
          onClick={onNavigate}
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 lg:hidden"
        >
          <X aria-hidden="true" className="h-5 w-5" />
          <span className="sr-only">Close sidebar</span>
        </button>
      </div>
      <nav aria-label="Portal" className="flex-1 overflow-y-auto p-3">
        <ul className="grid gap-1">
          {portalLinks.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    "flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium",
                    isActive
                      ? "bg-brand-50 text-brand-800 dark:bg-brand-900/40 dark:text-brand-200"
                      : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800",
                  )
                }
              >
                <link.icon aria-hidden="true" className="h-5 w-5" />
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Form
        method="post"
        action={href("/admin-portal/logout")}
        className="border-t border-slate-200 p-3 dark:border-slate-800"
      >
        <button
          type="submit"
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
        >
          <LogOut aria-hidden="true" className="h-5 w-5" />
          Logout
        </button>
      </Form>
    </aside>
  );
}
