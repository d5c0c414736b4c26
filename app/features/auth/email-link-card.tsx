import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";
import { Form, href, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { FormError } from "~/ui/form/form-fields";
import { FormNotice } from "~/ui/form/form-notice";
import { AccountEmailField, AuthCard, AuthCardLink } from "./auth-card";

/**
 * The card that asks for an account's address to e-mail a link to (a password reset, a sign-in
 * link): the notice once it is sent, the form's error, the address, and the way back.
 * `children` are the form's hidden fields.
 */
export function EmailLinkCard<Schema extends Record<string, unknown>>({
  title,
  subtitle,
  form,
  email,
  notice,
  sendLabel,
  children,
}: {
  title: string;
  subtitle: string;
  form: FormMetadata<Schema, string[]>;
  email: ComponentProps<typeof AccountEmailField>["meta"];
  notice: string | null;
  sendLabel: string;
  children?: ReactNode;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <AuthCard title={title} subtitle={subtitle}>
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <FormNotice notice={notice} />
        <FormError errors={form.errors} id={form.errorId} />
        {children}
        <AccountEmailField meta={email} />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Sending..." : sendLabel}
        </Button>
        <AuthCardLink to={href("/admin-portal/login")}>Back to sign in</AuthCardLink>
      </Form>
    </AuthCard>
  );
}
