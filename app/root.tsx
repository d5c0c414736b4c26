import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { env } from "./lib/env.server";
import { ErrorView } from "./ui/error-view";
import { Toaster } from "./ui/toaster";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function loader() {
  return { publicUrl: env().publicUrl };
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-NG">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#047857" />
        <Meta />
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

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorView
        fullPage
        title="Page Not Found"
        message="The page you're looking for doesn't exist or may have been moved."
      />
    );
  }
  if (import.meta.env.DEV) console.error(error);
  return (
    <ErrorView
      fullPage
      retry
      title="Something went wrong"
      message="We couldn't load this page. Please try again."
    />
  );
}
