import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, useNavigation } from "react-router";
import { AccountEmailField, AuthCard, AuthCardLink } from "~/features/auth/auth-card";
import { signInLinkSchema } from "~/features/auth/schema";
import { DASHBOARD_PATH } from "~/features/auth/session.server";
import { requestSignInLink, signInWithLink } from "~/features/auth/sign-in-link.server";
import { redirectSignedIn } from "~/features/portal/welcome.server";
import { invalidSubmission } from "~/lib/forms/action-reply.server";
import { readForm } from "~/lib/forms/request-form.server";
import { passRetryAfter, retryAfter } from "~/lib/http/retry-after";
import { Button } from "~/ui/button";
import { FormError } from "~/ui/form-fields";
import { FormNotice } from "~/ui/form-notice";
import type { Route } from "./+types/sign-in-link";

export const headers = passRetryAfter;

export const meta: Route.MetaFunction = () => [
  { title: "Admin Portal | Sign-in link" },
  { name: "robots", content: "noindex" },
  // The token is in the URL: never send it to another site.
  { name: "referrer", content: "no-referrer" },
];

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: signInLinkSchema });
  if (submission.status !== "success") return invalidSubmission(submission, {});
  if (submission.value.intent === "sign-in") {
    const outcome = await signInWithLink(request, submission.value.token);
    if (!outcome.ok) {
      return data(
        { result: submission.reply({ formErrors: [outcome.message] }) },
        { status: outcome.status },
      );
    }
    return redirectSignedIn(DASHBOARD_PATH, outcome.setCookies);
  }
  const outcome = await requestSignInLink(request, submission.value.email);
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ formErrors: [outcome.message] }) },
      { status: outcome.status, headers: retryAfter(outcome.retryAfterSeconds) },
    );
  }
  return { result: submission.reply({ resetForm: true }), notice: outcome.message };
}

export default function SignInLink({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [form, fields] = useForm({
    id: "sign-in-link",
    lastResult: busy ? null : actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInLinkSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const notice = actionData && "notice" in actionData ? actionData.notice : null;

  if (loaderData.token) {
    return (
      <AuthCard title="Sign in with your link" subtitle="The link from your e-mail works once">
        <Form method="post" {...getFormProps(form)} className="grid gap-4">
          <FormError errors={form.errors} id={form.errorId} />
          <input type="hidden" name="intent" value="sign-in" />
          <input type="hidden" name="token" value={loaderData.token} />
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? "Signing in..." : "Sign In"}
          </Button>
          <AuthCardLink to={href("/admin-portal/sign-in-link")}>Ask for a new link</AuthCardLink>
        </Form>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="E-mail me a sign-in link"
      subtitle="We will e-mail you a link that signs you in once, without your password"
    >
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <FormNotice notice={notice} />
        <FormError errors={form.errors} id={form.errorId} />
        <input type="hidden" name="intent" value="request" />
        <AccountEmailField meta={fields.email} />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Sending..." : "Send Sign-in Link"}
        </Button>
        <AuthCardLink to={href("/admin-portal/login")}>Back to sign in</AuthCardLink>
      </Form>
    </AuthCard>
  );
}
