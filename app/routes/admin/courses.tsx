import { requireAdmin } from "~/features/auth/session.server";
import { UnderDevelopment } from "~/features/portal/page-header";
import type { Route } from "./+types/courses";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return <UnderDevelopment title="courses" description="" />;
}
