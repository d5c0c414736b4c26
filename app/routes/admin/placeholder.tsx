import { data } from "react-router";
import { requireAdmin } from "~/features/auth/session.server";
import { UnderDevelopment } from "~/features/portal/page-header";
import type { Route } from "./+types/placeholder";

// Students and Tutors: placeholders, saying 'under development', until their data exists.
const sections: Record<string, { title: string; description: string }> = {
  students: { title: "Students", description: "Student records and enrolments." },
  tutors: { title: "Tutors", description: "Tutor profiles and schedules." },
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const section = sections[new URL(request.url).pathname.split("/").pop() ?? ""];
  if (!section) throw data(null, { status: 404 });
  return section;
}

export const meta: Route.MetaFunction = ({ data: section }) => [
  { title: `${section?.title ?? "Portal"} | Admin Portal` },
];

export default function PlaceholderPage({ loaderData }: Route.ComponentProps) {
  return <UnderDevelopment title={loaderData.title} description={loaderData.description} />;
}
