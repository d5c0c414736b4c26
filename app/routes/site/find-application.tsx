import { FindApplicationForm } from "~/features/applications/applicant/find-application-form";
import { handleFindApplication } from "~/features/applications/applicant/submit.server";
import { applicationMessages } from "~/features/applications/application-messages";
import { submitPublicForm } from "~/lib/forms/submit-public-form";
import { passRetryAfter } from "~/lib/http/retry-after";
import { publicUrlFrom, seo } from "~/lib/site/seo";
import type { Route } from "./+types/find-application";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Find my application",
    description: "Get the private links to your applications by e-mail.",
    url: `${publicUrlFrom(matches)}/application`,
  });

export const headers = passRetryAfter;

export const action = ({ request }: Route.ActionArgs) => handleFindApplication(request);

export const clientAction = ({ request, serverAction }: Route.ClientActionArgs) =>
  submitPublicForm(request, serverAction, applicationMessages.failure);

export default function FindApplication() {
  return (
    <div className="mx-auto max-w-xl px-4 py-14 sm:px-6">
      <h1 className="text-3xl font-extrabold text-slate-900">Find my application</h1>
      <p className="mt-3 mb-8 text-slate-700">
        Type the e-mail address you applied with and we will e-mail you the private link to each of
        your applications.
      </p>
      <FindApplicationForm />
    </div>
  );
}
