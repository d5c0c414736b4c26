import ArrowLeft from "lucide-react/icons/arrow-left";
import { data, Link } from "react-router";
import { requireAdmin } from "~/features/auth/session.server";
import { registerHref } from "~/features/cohort/cohort-links";
import { loadRegister, saveRegister } from "~/features/cohort/register.server";
import { RegisterForm, RegisterHeading } from "~/features/cohort/register-form";
import { registerMessages, registerSchema } from "~/features/cohort/register-schema";
import { timetableHref } from "~/features/intakes/list-url";
import { PageHeader } from "~/features/portal/page-header";
import { PortalErrorBoundary } from "~/features/portal/portal-error";
import { formErrorsOf } from "~/lib/forms/action-reply";
import { dispatchIntent, readSubmission } from "~/lib/forms/page-action.server";
import { FormError } from "~/ui/form/fields";
import { FlashMessage } from "~/ui/form/form-notice";
import { useActionReply } from "~/ui/form/use-action-reply";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Register: ${loaderData?.register.session.title ?? "Session"} | Admin Portal` },
];

/** A session's register, taken on a phone by any admin. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const register = await loadRegister(params.sessionId);
  if (!register) throw data(null, { status: 404 });
  return { register };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const submission = await readSubmission(request, registerSchema);
  return dispatchIntent(
    submission,
    {
      register: async (input) =>
        registerMessages.saved(await saveRegister(params.sessionId, input, admin.name)),
    },
    { successHref: registerHref(params.sessionId), what: "Register" },
  );
}

export default function RegisterPage({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { register } = loaderData;
  useActionReply(actionData);
  return (
    <div className="mx-auto max-w-2xl">
      <Link
        to={timetableHref(register.session.intakeId)}
        className="mb-2 inline-flex items-center gap-1 text-sm font-medium text-brand-800 dark:text-brand-300"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Timetable
      </Link>
      <PageHeader title={`Register: ${register.session.title}`} />
      <div className="grid gap-4">
        <RegisterHeading session={register.session} />
        <FlashMessage flash={matches[0].loaderData.flash} />
        <FormError errors={formErrorsOf(actionData)} />
        <RegisterForm register={register} />
      </div>
    </div>
  );
}

export const ErrorBoundary = PortalErrorBoundary;
