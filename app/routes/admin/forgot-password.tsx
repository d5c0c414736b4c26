import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, useNavigation } from "react-router";
import { AccountEmailField, AuthCard, AuthCardLink } from "~/features/auth/auth-card";
import { requestPasswordReset } from "~/features/auth/password-reset.server";
import { forgotPasswordSchema } from "~/features/auth/schema";
import { useAuthForm } from "~/features/auth/use-auth-form";
import { invalidSubmission, noticeReply, refusalReply } from "~/lib/action-reply.server";
import { readForm } from "~/lib/request-form.server";
import { passRetryAfter } from "~/lib/retry-after";
import { Button } from "~/ui/button";
import { FormError } from "~/ui/form-fields";
import { FormNotice } from "~/ui/form-notice";
import type { Route } from "./+types/forgot-password";

export const headers = passRetryAfter;

export const meta: Route.MetaFunction = () => [
  { title: "Admin Portal | Forgot password" },
  { name: "robots", content: "noindex" },
];

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return invalidSubmission(submission);
  const outcome = await requestPasswordReset(request, submission.value.email);
  if (!outcome.ok) return refusalReply(submission, outcome);
  return noticeReply(submission, outcome.message);
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { form, fields, notice } = useAuthForm("forgot-password", forgotPasswordSchema, actionData);
  return (
    <AuthCard
      title="Forgot password?"
      subtitle="We will e-mail you a link to choose a new password"
    >
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <FormNotice notice={notice} />
        <FormError errors={form.errors} id={form.errorId} />
        <AccountEmailField meta={fields.email} />
        <Button type="submit" size="lg" disabled={navigation.state !== "idle"}>
          {navigation.state !== "idle" ? "Sending..." : "Send Reset Link"}
        </Button>
        <AuthCardLink to={href("/admin-portal/login")}>Back to sign in</AuthCardLink>
      </Form>
    </AuthCard>
  );
}
