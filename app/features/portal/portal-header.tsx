import Bell from "lucide-react/icons/bell";
import Menu from "lucide-react/icons/menu";
import Moon from "lucide-react/icons/moon";
import Search from "lucide-react/icons/search";
import Sun from "lucide-react/icons/sun";
import { Form, href, Link, useFetcher } from "react-router";
import { defaultInboxQuery, inboxHref } from "~/features/messages/list-url";
import { cn } from "~/ui/cn";
import { useHydrated } from "~/ui/use-hydrated";

function ThemeToggle({ dark }: { dark: boolean }) {
  const fetcher = useFetcher({ key: "admin-theme" });
  const hydrated = useHydrated();
  const next = dark ? "light" : "dark";
  return (
    <fetcher.Form method="post" action={href("/admin-portal/theme")}>
      <input type="hidden" name="theme" value={next} />
      {/* Tells the action it was called by the fetcher; without JavaScript it redirects back. */}
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <button
        type="submit"
        aria-pressed={dark}
        className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        {dark ? (
          <Sun aria-hidden="true" className="h-5 w-5" />
        ) : (
          <Moon aria-hidden="true" className="h-5 w-5" />
        )}
        <span className="sr-only">Dark mode</span>
      </button>
    </fetcher.Form>
  );
}

export function PortalHeader({
  adminName,
  unreadCount,
  dark,
  sidebarOpen,
  onToggleSidebar,
}: {
  adminName: string;
  unreadCount: number;
  dark: boolean;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}) {
  return (
    <header className="sticky top-0 z-30 flex h-16 print:hidden items-center gap-3 border-b border-slate-200 bg-white px-4 dark:border-slate-800 dark:bg-slate-900 sm:px-6">
      <button
        type="button"
        onClick={onToggleSidebar}
        aria-expanded={sidebarOpen}
        aria-controls="portal-sidebar"
        className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 lg:hidden"
      >
        <Menu aria-hidden="true" className="h-5 w-5" />
        <span className="sr-only">Toggle sidebar</span>
      </button>
      <Form
        method="get"
        action={href("/admin-portal/messages")}
        role="search"
        className="relative hidden max-w-md flex-1 sm:block"
      >
        <label htmlFor="portal-search" className="sr-only">
          Search messages
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-2.5 left-3 h-5 w-5 text-slate-500"
        />
        <input
          id="portal-search"
          type="search"
          name="q"
          placeholder="Search messages..."
          className="h-10 w-full rounded-lg border border-slate-300 bg-slate-50 pr-3 pl-10 text-sm text-slate-900 placeholder:text-slate-500 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100 dark:placeholder:text-slate-400"
        />
      </Form>
      <div className="ml-auto flex items-center gap-1 sm:gap-2">
        <ThemeToggle dark={dark} />
        <Link
          to={inboxHref({ ...defaultInboxQuery, status: "unread" })}
          className="relative rounded-lg p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          <Bell aria-hidden="true" className="h-5 w-5" />
          <span className="sr-only">
            Notifications: <span data-unread-count>{unreadCount}</span> unread messages
          </span>
          {unreadCount > 0 ? (
            <span
              aria-hidden="true"
              className={cn(
                "absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold text-white",
              )}
            >
              {unreadCount > 99 ? "99+" : unreadCount}
            </span>
          ) : null}
        </Link>
        <span className="ml-1 flex items-center gap-2 text-sm font-semibold text-slate-800 dark:text-slate-100">
          <span
            aria-hidden="true"
            className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 text-white"
          >
            {(adminName || "A").charAt(0).toUpperCase()}
          </span>
          <span className="hidden sm:inline">{adminName || "Admin User"}</span>
        </span>
      </div>
    </header>
  );
}
