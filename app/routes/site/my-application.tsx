import {
  data,
  Form,
  href,
  isRouteErrorResponse,
  Link,
  redirect,
  type ShouldRevalidateFunction,
} from "react-router";
import {
  loadMyApplication,
  type OfferTerms,
} from "~/features/applications/applicant/applicant-pages.server";
import { ApplicationHistory } from "~/features/applications/applicant/application-history";
import { FindApplicationForm } from "~/features/applications/applicant/find-application-form";
import { IntakeFacts } from "~/features/applications/applicant/intake-facts";
import {
  nextStepText,
  offerDeadlineText,
  stepNotices,
} from "~/features/applications/applicant/next-step";
import { handleApplicantStep } from "~/features/applications/applicant/submit.server";
import {
  type ApplicantMove,
  applicantMoves,
  applicationStatusLabels,
  formatApplicationReference,
  mayMove,
} from "~/features/applications/application-rules";
import { applicationMessages } from "~/features/applications/application-schema";
import { isReplacedLink } from "~/features/applications/application-token.server";
import { PlanList } from "~/features/intakes/plan-list";
import {
  handlePaymentStep,
  isPaymentIntent,
  loadMyPayments,
} from "~/features/payments/applicant/applicant-payments.server";
import { leavingForCheckout } from "~/features/payments/applicant/checkout-return.server";
import { MyPaymentsSection } from "~/features/payments/applicant/my-payments";
import { paymentMessages } from "~/features/payments/payment-messages";
import { formatNaira } from "~/lib/format/money";
import { formErrorsOf } from "~/lib/forms/action-reply";
import { readForm } from "~/lib/forms/request-form.server";
import { readOrUnavailable } from "~/lib/http/unavailable.server";
import { env } from "~/lib/infra/env.server";
import { redirectWithFlash } from "~/lib/router/flash.server";
import { Button, ButtonLink, buttonClasses } from "~/ui/button";
import { FormError } from "~/ui/form/fields";
import { FormNotice } from "~/ui/form/form-notice";
import { useActionReply } from "~/ui/form/use-action-reply";
import { LabelledSection } from "~/ui/labelled-section";
import type { Route } from "./+types/my-application";

/*
 * 'My application', opened from the private link in the applicant's e-mails. Never kept by the
 * public page cache nor by any other (no-store), not indexed, and not in the sitemap. Its
 * address is never sent to another site: 'same-origin', not 'no-referrer', because under
 * 'no-referrer' the browser posts this page's forms with `Origin: null`, which React Router
 * refuses as a cross-site request (400) when JavaScript is off.
 */
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "same-origin",
  "X-Robots-Tag": "noindex",
});

export const meta: Route.MetaFunction = () => [
  { title: "My application" },
  { name: "robots", content: "noindex" },
];

/** What each step is called on its buttons and in its confirmation. */
const steps: Record<ApplicantMove, { label: string; question: string; yes: string }> = {
  accept: {
    label: "Accept offer",
    question: "Accept your place? It is then yours; we will be in touch about payment.",
    yes: "Yes, accept my place",
  },
  decline: {
    label: "Decline offer",
    question: "Decline the place? It goes to the next person in line and cannot be taken back.",
    yes: "Yes, decline the place",
  },
  withdraw: {
    label: "Withdraw application",
    question: "Withdraw your application? This cannot be undone.",
    yes: "Yes, withdraw my application",
  },
};

const moves = Object.keys(steps) as ApplicantMove[];

export async function loader({ params, request }: Route.LoaderArgs) {
  const [application, payments] = await readOrUnavailable("Loading an application", () =>
    Promise.all([loadMyApplication(params.token), loadMyPayments(params.token)]),
  );
  if (!application) throw await linkRefusal(params.token);
  // A cancelled intake's places can be neither taken nor given up: staff refund or move them.
  const available = moves.filter(
    (move) =>
      !application.intakeCancelled &&
      mayMove(applicantMoves, move, application.status) &&
      // An offer past its deadline can no longer be answered, only the application withdrawn.
      (move === "withdraw" || application.offerOpen),
  );
  const asked = new URL(request.url).searchParams.get("confirm");
  const confirm = available.find((move) => move === asked) ?? null;
  return { application, payments, available, confirm };
}

/**
 * A step refused because the application moved on (409: accepted or declined in another tab,
 * the offer ended) must show where it stands now, with JavaScript as without: React Router does
 * not reload the page's data after a 4xx answer unless asked.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionStatus,
  defaultShouldRevalidate,
}) => actionStatus === 409 || defaultShouldRevalidate;

/** The answer to a link 'Find my application' replaced: its page says so (410). */
const linkReplaced = () => data(null, { status: 410, statusText: "Link Replaced" });

/** A link that opens nothing: replaced, else unknown (404). */
async function linkRefusal(token: string) {
  return (await isReplacedLink(token))
    ? linkReplaced()
    : data(null, { status: 404, statusText: "Application Not Found" });
}

export async function action({ request, params }: Route.ActionArgs) {
  if (await isReplacedLink(params.token)) throw linkReplaced();
  const formData = await readForm(request);
  const self = href("/application/:token", { token: params.token });
  if (isPaymentIntent(formData.get("intent"))) {
    const callbackUrl = `${env().publicUrl}${href("/checkout-return")}`;
    const outcome = await handlePaymentStep(formData, params.token, callbackUrl);
    if ("reply" in outcome) return outcome.reply;
    if (outcome.checkoutUrl)
      return redirect(outcome.checkoutUrl, {
        headers: { "Set-Cookie": await leavingForCheckout(params.token) },
      });
    return redirectWithFlash(self, paymentMessages.planChosen);
  }
  const outcome = await handleApplicantStep(formData, params.token);
  if ("reply" in outcome) return outcome.reply;
  return redirectWithFlash(self, stepNotices[outcome.done]);
}

export default function MyApplication({
  loaderData,
  actionData,
  matches,
  params,
}: Route.ComponentProps) {
  const { application, payments, available, confirm } = loaderData;
  const flash = matches[0].loaderData.flash;
  useActionReply(actionData);
  const self = href("/application/:token", { token: params.token });
  const reference = formatApplicationReference(application.reference);
  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-3xl font-extrabold text-slate-900">My application</h1>
        <p className="mt-2 text-slate-700">
          {application.fullName} · reference <span className="whitespace-nowrap">{reference}</span>
        </p>
      </div>
      {flash?.kind === "success" ? <FormNotice notice={flash.message} /> : null}
      {flash?.kind === "error" ? <FormError errors={[flash.message]} /> : null}
      <FormError errors={formErrorsOf(actionData)} />
      {confirm ? (
        <section
          id="confirm"
          aria-labelledby="confirm-heading"
          className="scroll-mt-24 rounded-xl border-2 border-brand-700 bg-white p-5"
        >
          <h2 id="confirm-heading" className="text-lg font-bold text-slate-900">
            {steps[confirm].label}
          </h2>
          <p className="mt-2 text-slate-700">{steps[confirm].question}</p>
          <Form method="post" action={self} className="mt-4 flex flex-wrap gap-3">
            <input type="hidden" name="intent" value={confirm} />
            <Button type="submit" variant={confirm === "accept" ? "primary" : "danger"}>
              {steps[confirm].yes}
            </Button>
            <Link to={self} className={buttonClasses("outline")}>
              Cancel
            </Link>
          </Form>
        </section>
      ) : null}
      <section
        aria-labelledby="status-heading"
        className="rounded-xl border border-brand-200 bg-brand-50 p-5"
      >
        <h2 id="status-heading" className="text-lg font-bold text-slate-900">
          Status: {statusHeading(application)}
        </h2>
        {application.intakeCancelled ? (
          <p className="mt-2 font-semibold text-slate-900">
            The academy has cancelled this intake. The reason: {application.intakeCancelled.reason}
          </p>
        ) : null}
        <p className="mt-2 text-slate-800">{nextStepText(application)}</p>
        {application.offerOpen && application.offerExpiresAt && !application.intakeCancelled ? (
          <p className="mt-2 font-semibold text-slate-900">
            Accept by {offerDeadlineText(application.offerExpiresAt)}: {application.timeLeft}
          </p>
        ) : null}
        {application.offerTerms ? <OfferTermsFacts terms={application.offerTerms} /> : null}
        {application.waitlistPlace ? (
          <p className="mt-2 font-semibold text-slate-900">
            Your place in line: {application.waitlistPlace}
          </p>
        ) : null}
        {available.length && !confirm ? (
          <div className="mt-4 flex flex-wrap gap-3">
            {available.map((move) => (
              <ButtonLink
                key={move}
                to={`${self}?confirm=${move}#confirm`}
                variant={move === "accept" ? "primary" : "outline"}
              >
                {steps[move].label}
              </ButtonLink>
            ))}
          </div>
        ) : null}
      </section>
      {payments ? <MyPaymentsSection payments={payments} token={params.token} /> : null}
      <LabelledSection
        id="intake-heading"
        title="The intake"
        headingClassName="mb-3 text-lg font-bold text-slate-900"
      >
        <IntakeFacts courseTitle={application.course.title} intake={application.intake} />
      </LabelledSection>
      <LabelledSection
        id="history-heading"
        title="History"
        headingClassName="mb-3 text-lg font-bold text-slate-900"
      >
        <ApplicationHistory history={application.history} />
      </LabelledSection>
    </div>
  );
}

/** Beside 'Accept offer': what the place costs if accepted today, and the ways to pay it. */
function OfferTermsFacts({ terms }: { terms: OfferTerms }) {
  return (
    <div className="mt-3 grid gap-2 text-slate-800">
      <p>
        <span className="font-semibold text-slate-900">
          Accepting today: {formatNaira(terms.price)}
        </span>
        {terms.earlyBird ? <span className="block text-brand-800">{terms.earlyBird}</span> : null}
      </p>
      <div>
        <h3 className="font-semibold text-slate-900">Ways to pay</h3>
        <PlanList plans={terms.plans} className="mt-1 grid gap-1" />
      </div>
    </div>
  );
}

/** The status as the applicant reads it: an offer past its deadline has ended, whatever the job. */
function statusHeading(application: Route.ComponentProps["loaderData"]["application"]) {
  if (application.intakeCancelled) return "Intake cancelled";
  if (application.status === "offered" && !application.offerOpen) return "Offer ended";
  return applicationStatusLabels[application.status];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 410) {
    return (
      <div className="mx-auto max-w-xl px-4 py-14 sm:px-6">
        <h1 className="text-3xl font-extrabold text-slate-900">This link was replaced</h1>
        <p className="mt-3 mb-8 text-slate-700">{applicationMessages.linkReplaced}</p>
        <FindApplicationForm />
      </div>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className="mx-auto max-w-xl px-4 py-14 sm:px-6">
        <h1 className="text-3xl font-extrabold text-slate-900">Application not found</h1>
        <p className="mt-3 mb-8 text-slate-700">{applicationMessages.linkUnknown}</p>
        <FindApplicationForm />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-14 sm:px-6">
      <h1 className="text-3xl font-extrabold text-slate-900">Error loading your application</h1>
      <p className="mt-3 text-slate-700">We couldn't load your application. Please try again.</p>
    </div>
  );
}
