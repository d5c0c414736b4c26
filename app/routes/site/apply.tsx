import { data, href, Link } from "react-router";
import { loadApplyPage } from "~/features/applications/applicant/applicant-pages.server";
import { ApplicationForm } from "~/features/applications/applicant/application-form";
import { IntakeFacts } from "~/features/applications/applicant/intake-facts";
import { handleApplicationForm } from "~/features/applications/applicant/submit.server";
import { applicationMessages } from "~/features/applications/application-messages";
import { CatalogueErrorView } from "~/features/courses/catalogue/catalogue-error-view";
import { submitPublicForm } from "~/lib/forms/submit-public-form";
import { passRetryAfter } from "~/lib/http/retry-after";
import { readOrUnavailable } from "~/lib/http/unavailable.server";
import { publicUrlFrom, seo } from "~/lib/site/seo";
import { ButtonLink } from "~/ui/button";
import { LabelledSection } from "~/ui/labelled-section";
import type { Route } from "./+types/apply";

/*
 * The same for every visitor, so the public page cache may keep it: its places left come from
 * the intake's row (places_taken, kept by a trigger on applications), and every change to an
 * intake moves the public pages' version on (migration 0016), so a kept page never shows an
 * old count. An application that leaves the places as they were (a reviewed intake's) changes
 * nothing this page shows.
 */

export async function loader({ params }: Route.LoaderArgs) {
  const page = await readOrUnavailable("Loading an intake to apply for", () =>
    loadApplyPage(params.intakeId),
  );
  if (!page) throw data(null, { status: 404, statusText: "Intake Not Found" });
  return page;
}

export const meta: Route.MetaFunction = ({ data: page, matches }) => {
  if (!page) return [{ title: "Intake Not Found" }, { name: "robots", content: "noindex" }];
  return seo({
    title: `Apply: ${page.course.title}, ${page.intake.label}`,
    description: `Apply for ${page.course.title} (${page.intake.label}) at the academy.`,
    url: `${publicUrlFrom(matches)}${href("/apply/:intakeId", { intakeId: page.intakeId })}`,
  });
};

export const headers = passRetryAfter;

export const action = ({ request, params }: Route.ActionArgs) =>
  handleApplicationForm(request, params.intakeId);

export const clientAction = ({ request, serverAction }: Route.ClientActionArgs) =>
  submitPublicForm(request, serverAction, applicationMessages.failure);

export default function ApplyPage({ loaderData: page }: Route.ComponentProps) {
  const { course, intake, full, refusal } = page;
  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 py-10 sm:px-6">
      <div>
        <Link
          to={href("/course/:slug", { slug: course.slug })}
          className="text-sm font-semibold text-brand-800 underline hover:no-underline"
        >
          Back to {course.title}
        </Link>
        <h1 className="mt-3 text-3xl font-extrabold text-slate-900">
          {full && !refusal ? "Join the waitlist" : "Apply"}: {course.title}
        </h1>
      </div>
      <LabelledSection
        id="intake-heading"
        title="The intake"
        className="rounded-xl border border-brand-200 bg-brand-50 p-5"
        headingClassName="mb-3 text-lg font-bold text-slate-900"
      >
        <IntakeFacts courseTitle={course.title} intake={intake} extra={page.places} />
      </LabelledSection>
      {refusal ? (
        <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
          <p className="font-semibold text-slate-900">{refusal}</p>
          <ButtonLink
            to={href("/course/:slug", { slug: course.slug })}
            variant="outline"
            className="mt-3"
          >
            See the other intakes
          </ButtonLink>
        </div>
      ) : (
        <LabelledSection
          id="form-heading"
          title="Your application"
          headingClassName="text-2xl font-extrabold text-slate-900"
        >
          <p className="mt-2 mb-6 text-slate-700">
            {full
              ? "All places are taken for now. Apply to join the waitlist: if a place frees up, we e-mail you at once. If your employer gave you a seat code, enter it below: your seat is kept for you."
              : page.firstCome
                ? "Places go to applicants in the order they apply: if one is free, it is held for you at once and you accept it from your private link."
                : "We read every application and answer within 24 hours."}
          </p>
          <ApplicationForm full={full} />
        </LabelledSection>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFoundMessage = "This intake does not exist or is no longer offered.";
  return <CatalogueErrorView error={error} page="Intake" notFoundMessage={notFoundMessage} />;
}
