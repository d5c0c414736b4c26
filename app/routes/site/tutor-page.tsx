import { data } from "react-router";
import { tutorRegisterHref } from "~/features/cohort/cohort-links";
import { tutorLinks, tutorOfLink, tutorSessions } from "~/features/cohort/tutor-page.server";
import { TutorSessionList } from "~/features/cohort/tutor-sessions";
import { privatePageHeaders, privatePageMeta } from "~/lib/http/private-page";
import { readOrUnavailable } from "~/lib/http/unavailable.server";
import { LabelledSection } from "~/ui/labelled-section";
import type { Route } from "./+types/tutor-page";

/** A tutor's own page, from the private link staff sent them; not in the sitemap. */
export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("My classes");

export async function loader({ params }: Route.LoaderArgs) {
  const page = await readOrUnavailable("Loading a tutor's page", async () => {
    const tutor = await tutorOfLink(params.tutorId, params.token);
    if (!tutor) return null;
    const [sessions, links] = await Promise.all([tutorSessions(tutor.id), tutorLinks(tutor.id)]);
    return { tutor, sessions, feed: links?.feed ?? null };
  });
  if (!page) throw data(null, { status: 404, statusText: "Page Not Found" });
  return page;
}

const heading = "mb-3 text-lg font-bold text-slate-900";

export default function TutorPage({ loaderData, params }: Route.ComponentProps) {
  const { tutor, sessions, feed } = loaderData;
  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-3xl font-extrabold text-slate-900">My classes</h1>
        <p className="mt-2 text-slate-700">{tutor.name}. Times are Lagos time.</p>
      </div>
      <LabelledSection
        id="sessions-heading"
        title="Sessions and registers"
        headingClassName={heading}
      >
        <TutorSessionList
          sessions={sessions}
          registerHref={(sessionId) => tutorRegisterHref(params.tutorId, params.token, sessionId)}
        />
      </LabelledSection>
      {feed ? (
        <LabelledSection id="calendar-heading" title="Your calendar" headingClassName={heading}>
          <p className="text-slate-800">
            <a
              className="font-medium text-brand-800 underline"
              href={feed.replace(/^https?:/, "webcal:")}
            >
              Subscribe to your classes
            </a>{" "}
            and your phone's calendar keeps them up to date.
          </p>
          <label htmlFor="calendar-url" className="mt-3 block text-sm font-medium text-slate-800">
            Or copy this address into your calendar app:
          </label>
          <input
            id="calendar-url"
            readOnly
            value={feed}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-900"
          />
        </LabelledSection>
      ) : null}
    </div>
  );
}
