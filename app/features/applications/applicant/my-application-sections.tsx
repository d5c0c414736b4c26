import type { ReactNode } from "react";
import { Form, isRouteErrorResponse, Link } from "react-router";
import { formatNaira } from "~/lib/format/money";
import { Button, ButtonLink, buttonClasses } from "~/ui/button";
import { applicationMessages } from "../application-messages";
import { type ApplicantMove, applicationStatusLabels } from "../application-rules";
import type { loadMyApplication, OfferTerms } from "./applicant-pages.server";
import { FindApplicationForm } from "./find-application-form";
import { nextStepText, offerDeadlineText } from "./next-step";

/** What each step is called on its buttons and in its confirmation. */
type MyApplication = NonNullable<Awaited<ReturnType<typeof loadMyApplication>>>;

export const steps: Record<ApplicantMove, { label: string; question: string; yes: string }> = {
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

/** Beside 'Accept offer': what the place costs if accepted today, and the ways to pay it. */
export function OfferTermsFacts({ terms, waysToPay }: { terms: OfferTerms; waysToPay: ReactNode }) {
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
        {waysToPay}
      </div>
    </div>
  );
}

/** The status as the applicant reads it: an offer past its deadline has ended, whatever the job. */
export function statusHeading(application: MyApplication) {
  if (application.intakeCancelled) return "Intake cancelled";
  if (application.status === "offered" && !application.offerOpen) return "Offer ended";
  return applicationStatusLabels[application.status];
}

/** The confirmation of one step, before it is taken: the question, yes, and cancel. */
export function ConfirmStep({ move: confirm, self }: { move: ApplicantMove; self: string }) {
  return (
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
  );
}

/** Where the application stands, what comes next, the offer's terms and the steps open now. */
export function ApplicationStatus({
  application,
  available,
  confirm,
  self,
  waysToPay,
}: {
  application: MyApplication;
  /** The intake's ways to pay (the intakes feature's plan list), beside an open offer. */
  waysToPay: ReactNode;
  available: ApplicantMove[];
  confirm: ApplicantMove | null;
  self: string;
}) {
  return (
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
      {application.offerTerms ? (
        <OfferTermsFacts terms={application.offerTerms} waysToPay={waysToPay} />
      ) : null}
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
  );
}

/** A private link that opens nothing (replaced: 410; unknown: 404), or a page that failed. */
export function MyApplicationError({ error }: { error: unknown }) {
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
