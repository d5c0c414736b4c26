import ArrowRight from "lucide-react/icons/arrow-right";
import { data, href } from "react-router";
import { CourseCard } from "~/features/courses/catalogue/course-card";
import { selectFeaturedCourses } from "~/features/courses/course-rules";
import { listActiveCourses } from "~/features/courses/courses.server";
import { formMessages } from "~/features/messages/form-options";
import { InquiryForm } from "~/features/messages/intake/inquiry-form";
import { handleInquiryForm } from "~/features/messages/intake/submit.server";
import { AboutBlock, AdvisorBanner, Hero, WhyChooseUs } from "~/features/site/home-sections";
import { lagosToday } from "~/lib/format/dates";
import { submitPublicForm } from "~/lib/forms/submit-public-form";
import { passRetryAfter } from "~/lib/http/retry-after";
import { readOrNull } from "~/lib/http/unavailable.server";
import { seededRandom } from "~/lib/seeded-random.server";
import { publicUrlFrom, seo } from "~/lib/site/seo";
import { siteConfig } from "~/lib/site/site-config";
import { ButtonLink } from "~/ui/button";
import { ErrorView } from "~/ui/error-view";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: `${siteConfig.name}: tech courses in Lagos`,
    description:
      "Learn UI/UX design, digital marketing, data science and programming in Lagos or online. Small classes, practical projects, prices in Naira.",
    url: `${publicUrlFrom(matches)}/`,
  });

export async function loader() {
  const courses = await readOrNull("Loading the featured courses", listActiveCourses);
  if (courses) {
    // Two random picks a day: a new set each Lagos day and each change of the courses.
    const seed = `${lagosToday()}:${courses.map((course) => course.id).join(",")}`;
    return { featured: selectFeaturedCourses(courses, seededRandom(seed)), featuredError: null };
  }
  return data(
    { featured: [], featuredError: "We couldn't load the courses at this time. Please try again." },
    { status: 503 },
  );
}

export const headers = passRetryAfter;

export const action = ({ request }: Route.ActionArgs) => handleInquiryForm(request);

export const clientAction = ({ request, serverAction }: Route.ClientActionArgs) =>
  submitPublicForm(request, serverAction, formMessages.inquiryFailure);

export default function Home({ loaderData, matches }: Route.ComponentProps) {
  const layout = matches[1].loaderData;
  return (
    <>
      <Hero />
      <AboutBlock />
      <WhyChooseUs />
      <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-sm font-bold tracking-wide text-brand-700 uppercase">
              Popular courses
            </p>
            <h2 id="featured-heading" className="mt-2 text-3xl font-extrabold text-slate-900">
              Featured Courses
            </h2>
          </div>
          <ButtonLink to={href("/courses")} variant="outline">
            Browse All Courses
            <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </ButtonLink>
        </div>
        {loaderData.featuredError ? (
          <ErrorView
            headingLevel="h2"
            retry
            title="Failed to load courses"
            message={loaderData.featuredError}
          />
        ) : (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.featured.map((course) => (
              <li key={course.id} className="flex">
                <CourseCard course={course} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <AdvisorBanner />
      <section id="inquiry" aria-labelledby="inquiry-heading" className="bg-slate-50">
        <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
          <h2 id="inquiry-heading" className="text-3xl font-extrabold text-slate-900">
            Have a question? Ask us.
          </h2>
          <p className="mt-2 mb-8 text-slate-700">
            Send us your inquiry and our team will answer within {siteConfig.claims.responseTime}.
          </p>
          <InquiryForm courseTitles={layout.courseTitles} />
        </div>
      </section>
    </>
  );
}
