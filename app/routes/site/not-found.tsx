import { data } from "react-router";
import { ErrorView } from "~/ui/error-view";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: "Page Not Found" },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return (
    <ErrorView
      fullPage
      title="Page Not Found"
      message="The page you're looking for doesn't exist or may have been moved."
    />
  );
}
