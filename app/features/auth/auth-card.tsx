import GraduationCap from "lucide-react/icons/graduation-cap";
import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import { TextField } from "~/ui/form/form-fields";

/** The centred card of the sign-in and password pages. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <main
      id="main"
      className="flex min-h-dvh items-center justify-center bg-slate-100 px-4 py-10 dark:bg-slate-950"
    >
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-xl ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
        <div className="mb-6 text-center">
          <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-xl bg-brand-700 text-white">
            <GraduationCap aria-hidden="true" className="h-7 w-7" />
          </span>
          <h1 className="mt-4 text-2xl font-extrabold text-slate-900 dark:text-white">{title}</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{subtitle}</p>
        </div>
        {children}
      </div>
    </main>
  );
}

/** A link under a sign-in or password form, to another of these pages. */
export function AuthCardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="text-center text-sm font-semibold text-brand-800 hover:underline dark:text-brand-300"
    >
      {children}
    </Link>
  );
}

/** The e-mail field of the sign-in and password pages: the browser offers the saved account. */
export function AccountEmailField({ meta }: { meta: ComponentProps<typeof TextField>["meta"] }) {
  return <TextField meta={meta} label="Email" type="email" required autoComplete="username" />;
}
