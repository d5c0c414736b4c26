import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, useNavigation } from "react-router";
import { AuthCard, AuthCardLink } from "~/features/auth/auth-card";
import { resetPassword } from "~/features/auth/password-reset.server";
import { resetPasswordSchema } from "~/features/auth/schema";
import { LOGIN_PATH } from "~/features/auth/session.server";
import { tokenPageLoader, tokenPageMeta } from "~/features/auth/token-page";
import { invalidSubmission, refusalReply } from "~/lib/forms/action-reply.server";
import { readForm } from "~/lib/forms/request-form.server";
import { redirectWithFlash } from "~/lib/router/flash.server";
import { Button } from "~/ui/button";
import { FormError, TextField } from "~/ui/form/form-fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => tokenPageMeta("Admin Portal | Choose a new password");

export const loader = tokenPageLoader;

const hideFields = ["password", "confirmPassword"];

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: resetPasswordSchema });
  if (submission.status !== "success") return invalidSubmission(submission, { hideFields });
  const outcome = await resetPassword(submission.value.token, submission.value.password);
  if (!outcome.ok) return refusalReply(submission, { status: 400, ...outcome }, { hideFields });
  return redirectWithFlash(LOGIN_PATH, outcome.message);
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { form, fields } = useSchemaForm(resetPasswordSchema, {
    id: "reset-password",
    reply: actionData,
    toasts: false,
  });
  return (
    <AuthCard title="Choose a new password" subtitle="At least 6 characters">
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <FormError errors={form.errors ?? fields.token.errors} id={form.errorId} />
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField
          meta={fields.password}
          label="New password"
          type="password"
          required
          autoComplete="new-password"
        />
        <TextField
          meta={fields.confirmPassword}
          label="Confirm new password"
          type="password"
          required
          autoComplete="new-password"
        />
        <Button type="submit" size="lg" disabled={navigation.state !== "idle"}>
          {navigation.state !== "idle" ? "Saving..." : "Set New Password"}
        </Button>
        <AuthCardLink to={href("/admin-portal/forgot-password")}>Ask for a new link</AuthCardLink>
      </Form>
    </AuthCard>
  );
}
