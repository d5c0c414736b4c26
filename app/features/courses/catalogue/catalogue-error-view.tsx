import { href } from "react-router";
import { ButtonLink } from "~/ui/button";
import { RouteErrorView } from "~/ui/error-view";

/**
 * The error view of a page the catalogue leads to, named by `page` ('Course', 'Intake'): 'Course
 * Not Found' with `notFoundMessage`, or 'Error Loading Course'; either way back to the catalogue.
 */
export function CatalogueErrorView({
  error,
  page,
  notFoundMessage,
}: {
  error: unknown;
  page: "Course" | "Intake";
  notFoundMessage: string;
}) {
  return (
    <RouteErrorView
      error={error}
      notFound={{ title: `${page} Not Found`, message: notFoundMessage }}
      failed={{
        title: `Error Loading ${page}`,
        message: `We couldn't load this ${page.toLowerCase()}. Please try again.`,
      }}
      backTo={href("/courses")}
    >
      <ButtonLink to={href("/courses")} variant="outline">
        Browse All Courses
      </ButtonLink>
    </RouteErrorView>
  );
}
