import { useEffect, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { PORTAL_PATH } from "~/lib/router/portal-path";
import { VerifyingAccess } from "./portal-error";
import { PortalHeader } from "./portal-header";
import { PortalSidebar } from "./portal-sidebar";

/**
 * The portal's page frame: skip link, sidebar (a drawer below the lg breakpoint, closed by
 * Escape or the backdrop), header and main. While a navigation enters another portal page,
 * it shows that access is being checked. On paper only the main content is printed.
 */
export function PortalFrame({
  children,
  adminName,
  unreadCount,
  dark,
}: {
  children: React.ReactNode;
  adminName: string;
  unreadCount: number;
  /** The admin theme, so the header's toggle shows the right state. */
  dark: boolean;
}) {
  const [sidebarOpen, setSidebarOpen] = useState(false);
  useEffect(() => {
    if (!sidebarOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") setSidebarOpen(false);
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [sidebarOpen]);
  const navigation = useNavigation();
  const location = useLocation();
  const enteringPortal =
    navigation.state === "loading" &&
    navigation.location.pathname.startsWith(PORTAL_PATH) &&
    navigation.location.pathname !== location.pathname;
  return (
    <div className="flex min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100 print:block print:bg-white">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {enteringPortal ? <VerifyingAccess /> : null}
      <PortalSidebar open={sidebarOpen} onNavigate={() => setSidebarOpen(false)} />
      {sidebarOpen ? (
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          onClick={() => setSidebarOpen(false)}
          className="fixed inset-0 z-30 bg-slate-900/50 lg:hidden"
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <PortalHeader
          adminName={adminName}
          unreadCount={unreadCount}
          dark={dark}
          sidebarOpen={sidebarOpen}
          onToggleSidebar={() => setSidebarOpen((open) => !open)}
        />
        <main
          id="main"
          tabIndex={-1}
          className="flex-1 p-4 focus:outline-none sm:p-6 lg:p-8 print:p-0"
        >
          {children}
        </main>
      </div>
    </div>
  );
}
