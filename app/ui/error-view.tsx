import AlertTriangle from "lucide-react/icons/triangle-exclamation-point";
import type { ReactNode } from "react";
import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { buttonClasses } from "./button";
import { cn } from "./cn";
import { GoBackLink } from "./go-back-link";

export type ErrorViewProps = {
  title: string;
  message: string;
  /** Shows 'Try Again', which loads the page anew. */
  retry?: boolean;
  /** Where 'Go Back' leads without JavaScript or an earlier page of the site: home by default. */
  backTo?: string;
  /** The page-filling variant, with the footer 'If this problem persists, please contact...'. */
  fullPage?: boolean;
  headingLevel?: "h1" | "h2";
  /** More ways on, after Go Home (e.g. a link to the catalogue). */
  children?: ReactNode;
};

/** The generic error view: title, message, Try Again (optional), Go Back, Go Home. */
export function ErrorView({
  title,
  message,
  retry,
  fullPage,
  headingLevel = "h1",
  backTo = "/",
  children,
}: ErrorViewProps) {
  const location = useLocation();
  const Heading = headingLevel;
  return (
    <div
      className={cn(
        "mx-auto flex max-w-xl flex-col items-center px-4 text-center",
        fullPage ? "min-h-[70vh] justify-center py-16" : "py-10",
      )}
    >
      <span className="mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-red-100 text-red-700">
        <AlertTriangle aria-hidden="true" className="h-7 w-7" />
      </span>
      <Heading className="text-2xl font-bold text-slate-900 dark:text-white">{title}</Heading>
      <p className="mt-3 text-slate-700 dark:text-slate-300">{message}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {retry ? (
          // A document load of this very address, so it works without JavaScript too.
          <a href={`${location.pathname}${location.search}`} className={buttonClasses("primary")}>
            Try Again
          </a>
        ) : null}
        <GoBackLink fallback={backTo} />
        <Link to="/" className={buttonClasses(retry ? "outline" : "primary")}>
          Go Home
        </Link>
        {children}
      </div>
      {fullPage ? (
        <p className="mt-10 text-sm text-slate-600 dark:text-slate-400">
          If this problem persists, please contact our support team.
        </p>
      ) : null}
    </div>
  );
}

type ErrorText = Pick<ErrorViewProps, "title" | "message">;

/** Whether a route's error is its 404 (the loader found nothing at that address). */
export const isNotFound = (error: unknown) => isRouteErrorResponse(error) && error.status === 404;

/**
 * A page's error boundary: `notFound` for a 404, with `children` as more ways on; `failed`
 * with 'Try Again' for anything else. Both fill the page.
 */
export function RouteErrorView({
  error,
  notFound,
  failed,
  backTo,
  children,
}: {
  error: unknown;
  notFound: ErrorText;
  failed: ErrorText;
  backTo?: string;
  children?: ReactNode;
}) {
  if (isNotFound(error))
    return (
      <ErrorView fullPage {...notFound} backTo={backTo}>
        {children}
      </ErrorView>
    );
  return <ErrorView fullPage retry backTo={backTo} {...failed} />;
}
