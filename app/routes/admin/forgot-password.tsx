import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, useNavigation } from "react-router";
import { AccountEmailField, AuthCard, AuthCardLink } from "~/features/auth/auth-card";
import { requestPasswordReset } from "~/features/auth/password-reset.server";
import { forgotPasswordSchema } from "~/features/auth/schema";
import { readForm } from "~/lib/forms/request-form.server";
import { passRetryAfter, retryAfter } from "~/lib/http/retry-after";
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
  if (submission.status !== "success")
    return data({ result: submission.reply(), notice: null }, { status: 400 });
  const outcome = await requestPasswordReset(request, submission.value.email);
  if (!outcome.ok) {
    const errors = outcome.field
      ? { fieldErrors: { [outcome.field]: [outcome.message] } }
      : { formErrors: [outcome.message] };
    return data(
      { result: submission.reply(errors), notice: null },
      { status: outcome.status, headers: retryAfter(outcome.retryAfterSeconds) },
    );
  }
  return { result: submission.reply({ resetForm: true }), notice: outcome.message };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <AuthCard
      title="Forgot password?"
      subtitle="We will e-mail you a link to choose a new password"
    >
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <FormNotice notice={actionData?.notice ?? null} />
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
