import { data, Link } from "react-router";
import { tutorPageHref, tutorRegisterHref } from "~/features/cohort/cohort-links";
import { loadRegister, saveRegister } from "~/features/cohort/register.server";
import { RegisterForm, RegisterHeading } from "~/features/cohort/register-form";
import { registerMessages, registerSchema } from "~/features/cohort/register-schema";
import { tutorOfLink } from "~/features/cohort/tutor-page.server";
import { formErrorsOf } from "~/lib/forms/action-reply";
import { dispatchIntent, readSubmission } from "~/lib/forms/page-action.server";
import { privatePageHeaders, privatePageMeta } from "~/lib/http/private-page";
import { readOrUnavailable } from "~/lib/http/unavailable.server";
import { FormError } from "~/ui/form/fields";
import { FlashMessage } from "~/ui/form/form-notice";
import { useActionReply } from "~/ui/form/use-action-reply";
import type { Route } from "./+types/tutor-register";

/** A session's register on the tutor's own page: only their own sessions open. */
export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("Register");

const notFound = () => data(null, { status: 404, statusText: "Page Not Found" });

async function requireTutor(params: Route.ActionArgs["params"]) {
  const tutor = await tutorOfLink(params.tutorId, params.token);
  if (!tutor) throw notFound();
  return tutor;
}

export async function loader({ params }: Route.LoaderArgs) {
  const register = await readOrUnavailable("Loading a tutor's register", async () => {
    const tutor = await tutorOfLink(params.tutorId, params.token);
    return tutor ? loadRegister(params.sessionId, { tutorId: tutor.id }) : null;
  });
  if (!register) throw notFound();
  return { register };
}

export async function action({ request, params }: Route.ActionArgs) {
  const tutor = await requireTutor(params);
  const submission = await readSubmission(request, registerSchema);
  return dispatchIntent(
    submission,
    {
      register: async (input) =>
        registerMessages.saved(
          await saveRegister(params.sessionId, input, tutor.name, { tutorId: tutor.id }),
        ),
    },
    {
      successHref: tutorRegisterHref(params.tutorId, params.token, params.sessionId),
      what: "Tutor's register",
    },
  );
}

export default function TutorRegister({
  loaderData,
  actionData,
  params,
  matches,
}: Route.ComponentProps) {
  const { register } = loaderData;
  useActionReply(actionData);
  return (
    <div className="mx-auto grid max-w-2xl gap-4 px-4 py-8 sm:px-6">
      <Link
        to={tutorPageHref(params.tutorId, params.token)}
        className="text-sm font-medium text-brand-800 underline"
      >
        My classes
      </Link>
      <h1 className="text-2xl font-extrabold text-slate-900">Register: {register.session.title}</h1>
      <RegisterHeading session={register.session} />
      <FlashMessage flash={matches[0].loaderData.flash} />
      <FormError errors={formErrorsOf(actionData)} />
      <RegisterForm register={register} />
    </div>
  );
}
