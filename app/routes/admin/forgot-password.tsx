import { parseWithZod } from "@conform-to/zod/v4";
import { EmailLinkCard } from "~/features/auth/email-link-card";
import { requestPasswordReset } from "~/features/auth/password-reset.server";
import { forgotPasswordSchema } from "~/features/auth/schema";
import { invalidSubmission, noticeReply, refusalReply } from "~/lib/forms/action-reply.server";
import { readForm } from "~/lib/forms/request-form.server";
import { passRetryAfter } from "~/lib/http/retry-after";
import { useSchemaForm } from "~/ui/form/use-schema-form";
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
  const { form, fields, notice } = useSchemaForm(forgotPasswordSchema, {
    id: "forgot-password",
    reply: actionData,
    toasts: false,
  });
  return (
    <EmailLinkCard
      title="Forgot password?"
      subtitle="We will e-mail you a link to choose a new password"
      form={form}
      email={fields.email}
      notice={notice}
      sendLabel="Send Reset Link"
    />
  );
}
