import { useEffect, useState } from "react";
import { Outlet, useLocation, useNavigation, useRouteLoaderData } from "react-router";
import { requireAdmin } from "~/features/auth/session.server";
import { messageStats } from "~/features/messages/inbox.server";
import { PortalError, VerifyingAccess } from "~/features/portal/portal-error";
import { PortalHeader } from "~/features/portal/portal-header";
import { PortalSidebar } from "~/features/portal/portal-sidebar";
import { useInboxEvents } from "~/features/portal/use-inbox-events";
import { PORTAL_PATH } from "~/lib/portal-path";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return {
    admin: { id: admin.id, name: admin.name, email: admin.email, role: admin.role },
    unreadCount: (await messageStats()).unread,
  };
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

function PortalFrame({
  children,
  adminName,
  unreadCount,
}: {
  children: React.ReactNode;
  adminName: string;
  unreadCount: number;
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
  const dark = useRouteLoaderData<typeof rootLoader>("root")?.adminTheme === "dark";
  const enteringPortal =
    navigation.state === "loading" &&
    navigation.location.pathname.startsWith(PORTAL_PATH) &&
    navigation.location.pathname !== location.pathname;
  return (
    <div className="flex min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
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
        <main id="main" tabIndex={-1} className="flex-1 p-4 focus:outline-none sm:p-6 lg:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}

export default function PortalLayout({ loaderData }: Route.ComponentProps) {
  const unreadCount = useInboxEvents(loaderData.unreadCount);
  return (
    <PortalFrame adminName={loaderData.admin.name} unreadCount={unreadCount}>
      <Outlet />
    </PortalFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <PortalError error={error} />
    </main>
  );
}
