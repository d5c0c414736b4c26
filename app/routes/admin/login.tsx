import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link, redirect, useNavigation } from "react-router";
import { AccountEmailField, AuthCard, AuthCardLink } from "~/features/auth/auth-card";
import { authMessages, loginSchema, safeRedirectTarget } from "~/features/auth/schema";
import { DASHBOARD_PATH, readAdminSession } from "~/features/auth/session.server";
import { signIn } from "~/features/auth/sign-in.server";
import { workingDemoCredentials } from "~/features/demo/demo-admin.server";
import { redirectSignedIn } from "~/features/portal/welcome.server";
import { invalidSubmission, refusalReply } from "~/lib/forms/action-reply.server";
import { readForm } from "~/lib/forms/request-form.server";
import { passRetryAfter } from "~/lib/http/retry-after";
import { env } from "~/lib/infra/env.server";
import { Button } from "~/ui/button";
import { CheckboxField, FormError, TextField } from "~/ui/form/form-fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { LabelledSection } from "~/ui/labelled-section";
import type { Route } from "./+types/login";

export const headers = passRetryAfter;

export const meta: Route.MetaFunction = () => [
  { title: "Admin Portal | Sign in" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const session = await readAdminSession(request).catch(() => null);
  if (session?.status === "active") throw redirect(DASHBOARD_PATH);
  const config = env();
  const url = new URL(request.url);
  return {
    notice: url.searchParams.get("reason") === "inactive" ? authMessages.inactive : null,
    redirectTo: url.searchParams.get("redirectTo") ?? "",
    // The sample credentials exist only in demo mode (embedded database with demo content).
    demo: config.demoMode ? await workingDemoCredentials() : null,
  };
}

const hideFields = ["password"];

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: loginSchema });
  if (submission.status !== "success") return invalidSubmission(submission, { hideFields });
  const { email, password, rememberMe, redirectTo } = submission.value;
  const outcome = await signIn(request, { email, password, rememberMe: rememberMe === "on" });
  if (!outcome.ok) return refusalReply(submission, outcome, { hideFields });
  return redirectSignedIn(safeRedirectTarget(redirectTo, DASHBOARD_PATH), outcome.setCookies);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting =
    navigation.state !== "idle" && navigation.formAction === href("/admin-portal/login");
  const { form, fields } = useSchemaForm(loginSchema, { id: "login", reply: actionData });
  const errors = form.errors ?? (loaderData.notice ? [loaderData.notice] : undefined);

  return (
    <AuthCard title="Admin Portal" subtitle="Sign in to manage courses, messages and admins">
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <FormError errors={errors} id={form.errorId} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <AccountEmailField meta={fields.email} />
        <TextField
          meta={fields.password}
          label="Password"
          type="password"
          required
          autoComplete="current-password"
        />
        <div className="flex items-center justify-between gap-4">
          <CheckboxField meta={fields.rememberMe} label="Remember me" />
          <Link
            to={href("/admin-portal/forgot-password")}
            className="mb-auto text-sm font-semibold text-brand-800 hover:underline dark:text-brand-300"
          >
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" disabled={submitting}>
          {submitting ? "Signing in..." : "Sign In"}
        </Button>
        <AuthCardLink to={href("/admin-portal/sign-in-link")}>
          E-mail me a sign-in link instead
        </AuthCardLink>
      </Form>
      {loaderData.demo ? (
        <LabelledSection
          id="demo-heading"
          title="Demo mode"
          className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
          headingClassName="font-bold"
        >
          <p className="mt-1">This demo has a super admin you can sign in as:</p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt>Email</dt>
            <dd className="font-mono" data-demo-email>
              {loaderData.demo.email}
            </dd>
            <dt>Password</dt>
            <dd className="font-mono" data-demo-password>
              {loaderData.demo.password}
            </dd>
          </dl>
        </LabelledSection>
      ) : null}
    </AuthCard>
  );
}
