import { data, href, redirect, type ShouldRevalidateFunction } from "react-router";
import { loadMyApplication } from "~/features/applications/applicant/applicant-pages.server";
import { ApplicationHistory } from "~/features/applications/applicant/application-history";
import { IntakeFacts } from "~/features/applications/applicant/intake-facts";
import {
  ApplicationStatus,
  ConfirmStep,
  MyApplicationError,
  steps,
} from "~/features/applications/applicant/my-application-sections";
import { stepNotices } from "~/features/applications/applicant/next-step";
import { handleApplicantStep } from "~/features/applications/applicant/submit.server";
import {
  type ApplicantMove,
  applicantMoves,
  formatApplicationReference,
  mayMove,
} from "~/features/applications/application-rules";
import { isReplacedLink } from "~/features/applications/application-token.server";
import { MyCertificate } from "~/features/certificates/applicant/my-certificate";
import { studentCertificate } from "~/features/certificates/student-certificate.server";
import { MyTimetable } from "~/features/cohort/applicant/my-timetable";
import { loadStudentTimetable } from "~/features/cohort/student-page.server";
import { PlanList } from "~/features/intakes/plan-list";
import {
  handlePaymentStep,
  isPaymentIntent,
  loadMyPayments,
} from "~/features/payments/applicant/applicant-payments.server";
import { leavingForCheckout } from "~/features/payments/applicant/checkout-return.server";
import { MyPaymentsSection } from "~/features/payments/applicant/my-payments";
import { sweepTransferAccountsSoon } from "~/features/payments/transfer-accounts/transfer-accounts.server";
import { formErrorsOf } from "~/lib/forms/action-reply";
import { readForm } from "~/lib/forms/request-form.server";
import { privatePageHeaders, privatePageMeta } from "~/lib/http/private-page";
import { readOrUnavailable } from "~/lib/http/unavailable.server";
import { env } from "~/lib/infra/env.server";
import { redirectWithFlash } from "~/lib/router/flash.server";
import { FormError } from "~/ui/form/fields";
import { FlashMessage } from "~/ui/form/form-notice";
import { useActionReply } from "~/ui/form/use-action-reply";
import { LabelledSection } from "~/ui/labelled-section";
import type { Route } from "./+types/my-application";

/** 'My application', opened from the private link in the applicant's e-mails; not in the sitemap. */
export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("My application");

const moves = Object.keys(steps) as ApplicantMove[];

export async function loader({ params, request }: Route.LoaderArgs) {
  const [application, payments, timetable, certificate] = await readOrUnavailable(
    "Loading an application",
    () =>
      Promise.all([
        loadMyApplication(params.token),
        loadMyPayments(params.token),
        loadStudentTimetable(params.token),
        studentCertificate(params.token),
      ]),
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
  return { application, payments, timetable, certificate, available, confirm };
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
    if ("notice" in outcome) return redirectWithFlash(self, outcome.notice);
    return redirect(outcome.checkoutUrl, {
      headers: { "Set-Cookie": await leavingForCheckout(params.token) },
    });
  }
  const outcome = await handleApplicantStep(formData, params.token);
  if ("reply" in outcome) return outcome.reply;
  if (outcome.done === "accept") await sweepTransferAccountsSoon();
  return redirectWithFlash(self, stepNotices[outcome.done]);
}

export default function MyApplication({
  loaderData,
  actionData,
  matches,
  params,
}: Route.ComponentProps) {
  const { application, payments, timetable, certificate, available, confirm } = loaderData;
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
      <FlashMessage flash={flash} />
      <FormError errors={formErrorsOf(actionData)} />
      {confirm ? <ConfirmStep move={confirm} self={self} /> : null}
      <ApplicationStatus
        application={application}
        available={available}
        confirm={confirm}
        self={self}
        waysToPay={
          application.offerTerms ? (
            <PlanList plans={application.offerTerms.plans} className="mt-1 grid gap-1" />
          ) : null
        }
      />
      {timetable ? <MyTimetable timetable={timetable} /> : null}
      {payments ? (
        <MyPaymentsSection payments={payments} token={params.token} reply={actionData} />
      ) : null}
      {certificate ? <MyCertificate certificate={certificate} token={params.token} /> : null}
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

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => (
  <MyApplicationError error={error} />
);
