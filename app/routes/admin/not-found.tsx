import { data } from "react-router";
import { requireAdmin } from "~/features/auth/session.server";
import { PortalErrorBoundary } from "~/features/portal/portal-error";
import type { Route } from "./+types/not-found";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  throw data(null, { status: 404 });
}

export default function PortalNotFound() {
  return null;
}

export const ErrorBoundary = PortalErrorBoundary;
