import Loader2 from "lucide-react/icons/loader-circle";
import ShieldAlert from "lucide-react/icons/shield-exclamation-point";
import { href, isRouteErrorResponse, Link } from "react-router";
import { ACCESS_DENIED, AUTH_ERROR } from "~/features/auth/guard-reasons";
import { buttonClasses } from "~/ui/button";
import { ErrorView } from "~/ui/error-view";
import { GoBackLink } from "~/ui/go-back-link";

const dashboard = href("/admin-portal/dashboard");

function GuardScreen({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center px-4 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-red-100 text-red-700">
        <ShieldAlert aria-hidden="true" className="h-7 w-7" />
      </span>
      <h1 className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">{title}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{message}</p>
      <div className="mt-6">{children}</div>
    </div>
  );
}

/** The portal's guard screens ('Authentication Error', 'Access Denied') and its other errors. */
export function PortalError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error)) {
    const reason = (error.data as { reason?: string; role?: string } | null)?.reason;
    if (reason === AUTH_ERROR) {
      return (
        <GuardScreen
          title="Authentication Error"
          message="We couldn't verify your admin session. Please sign in again."
        >
          <Link to={href("/admin-portal/login")} className={buttonClasses("primary")}>
            Return to Login
          </Link>
        </GuardScreen>
      );
    }
    if (reason === ACCESS_DENIED) {
      const role = (error.data as { role?: string }).role ?? "unknown";
      return (
        <GuardScreen
          title="Access Denied"
          message={`This page requires super admin privileges. Your current role: ${role}`}
        >
          <GoBackLink fallback={dashboard} variant="primary" />
        </GuardScreen>
      );
    }
    if (error.status === 404) {
      return (
        <ErrorView
          title="Page Not Found"
          message="This part of the portal doesn't exist."
          backTo={dashboard}
        />
      );
    }
  }
  return (
    <ErrorView
      retry
      backTo={dashboard}
      title="Something went wrong"
      message="We couldn't load this page. Please try again."
    />
  );
}

/** 'Verifying admin access...' while the portal checks the session on a client navigation. */
export function VerifyingAccess() {
  return (
    <div role="status" className="fixed inset-x-0 top-0 z-50 flex justify-center">
      <span className="mt-2 inline-flex items-center gap-2 rounded-full bg-slate-900/90 px-4 py-1.5 text-sm text-white shadow">
        <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
        Verifying admin access...
      </span>
    </div>
  );
}

/** A portal page's error boundary: keeps the portal's frame around the message. */
export function PortalErrorBoundary({ error }: { error: unknown }) {
  return <PortalError error={error} />;
}
