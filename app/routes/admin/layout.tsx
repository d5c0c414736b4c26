import { Outlet } from "react-router";
import { requireAdmin } from "~/features/auth/session.server";
import { messageStats } from "~/features/messages/inbox/inbox.server";
import { PortalError } from "~/features/portal/portal-error";
import { PortalFrame } from "~/features/portal/portal-frame";
import { useInboxEvents } from "~/features/portal/use-inbox-events";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return {
    admin: { id: admin.id, name: admin.name, email: admin.email, role: admin.role },
    unreadCount: (await messageStats()).unread,
  };
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function PortalLayout({ loaderData, matches }: Route.ComponentProps) {
  const unreadCount = useInboxEvents(loaderData.unreadCount);
  const dark = matches[0].loaderData.adminTheme === "dark";
  return (
    <PortalFrame adminName={loaderData.admin.name} unreadCount={unreadCount} dark={dark}>
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
