import { Outlet, useMatches } from "react-router";
import { groupCoursesForMenu } from "~/features/courses/course-groups";
import { listActiveCourseLinks } from "~/features/courses/courses.server";
import { SiteFooter } from "~/features/site/site-footer";
import type { SiteHandle } from "~/features/site/site-handle";
import { SiteHeader } from "~/features/site/site-header";
import { readOrNull } from "~/lib/http/unavailable.server";
import { env } from "~/lib/infra/env.server";
import { skipSearchOnlyChanges } from "~/lib/router/revalidation";
import { NavigationSpinner } from "~/ui/navigation-spinner";
import type { Route } from "./+types/layout";

// Without the database the header loses its Courses menu and the page still renders.
export async function loader() {
  const links = await readOrNull("Loading the Courses menu", listActiveCourseLinks);
  return {
    menu: links ? groupCoursesForMenu(links) : null,
    courseTitles: links?.map((link) => link.title) ?? [],
    // The 'Chat on WhatsApp' buttons show only when the academy's number is configured.
    whatsapp: Boolean(env().WHATSAPP_NUMBER),
  };
}

export const shouldRevalidate = skipSearchOnlyChanges;

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const tinted = useMatches().some(
    (match) => (match.handle as SiteHandle | undefined)?.tintedHeader,
  );
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader groups={loaderData.menu} tinted={tinted} />
      <NavigationSpinner />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter whatsapp={loaderData.whatsapp} />
    </>
  );
}
