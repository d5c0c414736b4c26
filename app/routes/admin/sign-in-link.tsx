import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, useNavigation } from "react-router";
import { AuthCard, AuthCardLink } from "~/features/auth/auth-card";
import { EmailLinkCard } from "~/features/auth/email-link-card";
import { signInLinkSchema } from "~/features/auth/schema";
import { DASHBOARD_PATH } from "~/features/auth/session.server";
import { requestSignInLink, signInWithLink } from "~/features/auth/sign-in-link.server";
import { tokenPageLoader, tokenPageMeta } from "~/features/auth/token-page";
import { redirectSignedIn } from "~/features/portal/welcome.server";
import { invalidSubmission, noticeReply, refusalReply } from "~/lib/forms/action-reply.server";
import { readForm } from "~/lib/forms/request-form.server";
import { passRetryAfter } from "~/lib/http/retry-after";
import { Button } from "~/ui/button";
import { FormError } from "~/ui/form/form-fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import type { Route } from "./+types/sign-in-link";

export const headers = passRetryAfter;

export const meta: Route.MetaFunction = () => tokenPageMeta("Admin Portal | Sign-in link");

export const loader = tokenPageLoader;

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: signInLinkSchema });
  if (submission.status !== "success") return invalidSubmission(submission);
  if (submission.value.intent === "sign-in") {
    const outcome = await signInWithLink(request, submission.value.token);
    if (!outcome.ok) return refusalReply(submission, outcome);
    return redirectSignedIn(DASHBOARD_PATH, outcome.setCookies);
  }
  const outcome = await requestSignInLink(request, submission.value.email);
  if (!outcome.ok) return refusalReply(submission, outcome);
  return noticeReply(submission, outcome.message);
}

export default function SignInLink({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { form, fields, notice } = useSchemaForm(signInLinkSchema, {
    id: "sign-in-link",
    reply: actionData,
    toasts: false,
  });

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
    <EmailLinkCard
      title="E-mail me a sign-in link"
      subtitle="We will e-mail you a link that signs you in once, without your password"
      form={form}
      email={fields.email}
      notice={notice}
      sendLabel="Send Sign-in Link"
    >
      <input type="hidden" name="intent" value="request" />
    </EmailLinkCard>
  );
}
