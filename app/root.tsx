import { useEffect } from "react";
import {
  data,
  href,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useFetchers,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";

// The stylesheet is small (9 KB gzip) and inlined into every page: no extra round trip before
// the first paint on a slow mobile connection. Only the server needs its text; in the browser
// the <style> element is already in the page and React leaves it as it is.
const styles: string = import.meta.env.SSR ? (await import("./app.css?inline")).default : "";

import { readAdminTheme } from "./features/auth/theme.server";
import { env } from "./lib/infra/env.server";
import { takeFlash } from "./lib/router/flash.server";
import { PORTAL_PATH } from "./lib/router/portal-path";
import { isNotFound, RouteErrorView } from "./ui/error-view";
import { Toaster, toast } from "./ui/toaster";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { flash, clear } = await takeFlash(request);
  return data(
    { publicUrl: env().publicUrl, adminTheme: await readAdminTheme(request), flash },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

/** The portal's theme: the cookie's value, or the toggle's value while it is being saved. */
function useAdminDarkMode() {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const pending = useFetchers().find(
    (fetcher) => fetcher.formAction === href("/admin-portal/theme"),
  );
  const theme = (pending?.formData?.get("theme") as string | undefined) ?? rootData?.adminTheme;
  const inPortal = useLocation().pathname.startsWith(PORTAL_PATH);
  return inPortal && theme === "dark";
}

export function Layout({ children }: { children: React.ReactNode }) {
  const dark = useAdminDarkMode();
  return (
    <html lang="en-NG" className={dark ? "dark" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#047857" />
        <Meta />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheet, from the build */}
        <style dangerouslySetInnerHTML={{ __html: styles }} suppressHydrationWarning />
        <Links />
      </head>
      <body className="min-h-dvh bg-white font-sans text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        {children}
        <Toaster />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { flash } = loaderData;
  useEffect(() => {
    if (flash) toast[flash.kind](flash.message);
  }, [flash]);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (import.meta.env.DEV && !isNotFound(error)) console.error(error);
  return (
    <RouteErrorView
      error={error}
      notFound={{
        title: "Page Not Found",
        message: "The page you're looking for doesn't exist or may have been moved.",
      }}
      failed={{
        title: "Something went wrong",
        message: "We couldn't load this page. Please try again.",
      }}
    />
  );
}
