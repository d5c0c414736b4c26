import ArrowLeft from "lucide-react/icons/arrow-left";
import { data, Form, href, Link } from "react-router";
import * as z from "zod/mini";
import { requireAdmin } from "~/features/auth/session.server";
import { revokeCalendarLinks } from "~/features/cohort/calendar-keys.server";
import { registerHref } from "~/features/cohort/cohort-links";
import { tutorLinks, tutorSessions } from "~/features/cohort/tutor-page.server";
import { TutorSessionList } from "~/features/cohort/tutor-sessions";
import { PageHeader } from "~/features/portal/page-header";
import { PortalErrorBoundary } from "~/features/portal/portal-error";
import { findTutorById } from "~/features/tutors/tutors.server";
import { dispatchIntent, readSubmission } from "~/lib/forms/page-action.server";
import { Button } from "~/ui/button";
import { cardClasses } from "~/ui/card";
import { cn } from "~/ui/cn";
import { FlashMessage } from "~/ui/form/form-notice";
import { useActionReply } from "~/ui/form/use-action-reply";
import { LabelledSection } from "~/ui/labelled-section";
import type { Route } from "./+types/tutor-timetable";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Timetable: ${loaderData?.tutor.name ?? "Tutor"} | Admin Portal` },
];

/** A tutor's sessions as staff see them, with the private links to send the tutor. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const tutor = await findTutorById(params.tutorId);
  if (!tutor) throw data(null, { status: 404 });
  const [sessions, links] = await Promise.all([tutorSessions(tutor.id), tutorLinks(tutor.id)]);
  return { tutor: { id: tutor.id, name: tutor.name }, sessions, links };
}

const tutorLinkActions = z.object({ intent: z.literal("replace-links") });

const tutorLinkMessages = {
  replaced: "The tutor's links were replaced: send them the new page link.",
} as const;

/** Replaces the tutor's private links: the page and calendar addresses sent so far stop working. */
export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const tutor = await findTutorById(params.tutorId);
  if (!tutor) throw data(null, { status: 404 });
  return dispatchIntent(
    await readSubmission(request, tutorLinkActions),
    {
      "replace-links": async () => {
        await revokeCalendarLinks("tutor", tutor.id);
        return tutorLinkMessages.replaced;
      },
    },
    {
      successHref: href("/admin-portal/tutors/:tutorId/timetable", { tutorId: tutor.id }),
      what: "Tutor's links",
    },
  );
}

export default function TutorTimetable({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { tutor, sessions, links } = loaderData;
  useActionReply(actionData);
  return (
    <>
      <Link
        to={href("/admin-portal/tutors")}
        className="mb-2 inline-flex items-center gap-1 text-sm font-medium text-brand-800 dark:text-brand-300"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Tutors
      </Link>
      <PageHeader title={`Timetable: ${tutor.name}`} description="Times are Lagos time." />
      <div className="grid gap-8">
        <FlashMessage flash={matches[0].loaderData.flash} />
        <LabelledSection
          id="tutor-links-heading"
          title="The tutor's private page"
          headingClassName="mb-3 text-lg font-bold"
        >
          <div className={cn(cardClasses, "grid gap-3 p-5")}>
            <p className="text-slate-700 dark:text-slate-300">
              Send this link to the tutor (by WhatsApp or e-mail): it opens their sessions, takes
              their registers and subscribes their calendar, with no password. Anyone who has it can
              do the same, so replace it if it reaches someone else.
            </p>
            <label htmlFor="tutor-page-link" className="text-sm font-medium">
              Page link
            </label>
            <input
              id="tutor-page-link"
              readOnly
              value={links?.page ?? ""}
              className="block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-800"
            />
            <Form method="post">
              <input type="hidden" name="intent" value="replace-links" />
              <Button type="submit" variant="outline">
                Replace the tutor's links
              </Button>
            </Form>
          </div>
        </LabelledSection>
        <LabelledSection
          id="tutor-sessions-heading"
          title="Sessions"
          headingClassName="mb-3 text-lg font-bold"
        >
          <TutorSessionList sessions={sessions} registerHref={registerHref} />
        </LabelledSection>
      </div>
    </>
  );
}

export const ErrorBoundary = PortalErrorBoundary;
