import Headset from "lucide-react/icons/headset";
import { data, href, Link } from "react-router";
import { intakeRefusal } from "~/features/applications/applications.server";
import { publicTimetables } from "~/features/cohort/public-timetable.server";
import { CatalogueErrorView } from "~/features/courses/catalogue/catalogue-error-view";
import {
  BrochureButton,
  CourseHeading,
  CourseHighlights,
  CourseSidebar,
  Curriculum,
  ExpertLedTraining,
  Faqs,
} from "~/features/courses/catalogue/course-detail-sections";
import { courseStructuredData } from "~/features/courses/catalogue/course-structured-data";
import { PriceTag } from "~/features/courses/catalogue/price-tag";
import { CourseImage } from "~/features/courses/course-image";
import { findActiveCourseBySlug } from "~/features/courses/courses.server";
import { NextSessions } from "~/features/intakes/next-intakes";
import { nextIntakes } from "~/features/intakes/public-intakes.server";
import { formMessages } from "~/features/messages/form-options";
import { InquiryForm } from "~/features/messages/intake/inquiry-form";
import { handleInquiryForm } from "~/features/messages/intake/submit.server";
import { CourseViewCounter } from "~/features/site/course-view-counter";
import { ChatOnWhatsapp } from "~/features/site/whatsapp-button";
import { TutorCards } from "~/features/tutors/tutor-cards";
import { submitPublicForm } from "~/lib/forms/submit-public-form";
import { passRetryAfter } from "~/lib/http/retry-after";
import { readOrNull, readOrUnavailable } from "~/lib/http/unavailable.server";
import { skipAfterOwnSubmissions } from "~/lib/router/revalidation";
import { publicUrlFrom, seo } from "~/lib/site/seo";
import { siteConfig } from "~/lib/site/site-config";
import { buttonClasses } from "~/ui/button";
import { Section } from "~/ui/section";
import type { Route } from "./+types/course";

export async function loader({ params }: Route.LoaderArgs) {
  const course = await readOrUnavailable("Loading a course", () =>
    findActiveCourseBySlug(params.slug),
  );
  if (!course) throw data(null, { status: 404, statusText: "Course Not Found" });
  const now = new Date();
  const listed = await readOrUnavailable("Loading a course's intakes", () =>
    nextIntakes(course.id, now),
  );
  // Without them the cards show the class times in words: no reason to fail the page.
  const timetables =
    (await readOrNull("Loading a course's timetables", () =>
      publicTimetables(listed.map((intake) => intake.id)),
    )) ?? {};
  const intakes = listed.map((intake) => ({
    ...intake,
    applying: intakeRefusal(intake, now) === null,
    timetable: timetables[intake.id] ?? null,
  }));
  return { course, intakes };
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  const origin = publicUrlFrom(matches);
  if (!loaderData) {
    return [{ title: "Course Not Found" }, { name: "robots", content: "noindex" }];
  }
  const { course } = loaderData;
  const url = `${origin}/course/${course.slug}`;
  // A path on this site, or a whole URL when uploads are linked from S3_PUBLIC_URL.
  const share = course.shareImage;
  const image = share ? (share.startsWith("/") ? `${origin}${share}` : share) : null;
  return [
    ...seo({
      title: course.title,
      description: course.description.slice(0, 300),
      url,
      image: image ? { url: image, alt: course.title } : undefined,
      type: "article",
    }),
    { "script:ld+json": courseStructuredData(course, url, image, loaderData.intakes) },
  ];
};

export const headers = passRetryAfter;

export const action = ({ request }: Route.ActionArgs) => handleInquiryForm(request);

// Sending an inquiry does not change the course: no new load, and no second view counted.
export const shouldRevalidate = skipAfterOwnSubmissions;

export const clientAction = ({ request, serverAction }: Route.ClientActionArgs) =>
  submitPublicForm(request, serverAction, formMessages.inquiryFailure);

export default function CoursePage({ loaderData, matches }: Route.ComponentProps) {
  const { course, intakes } = loaderData;
  const layout = matches[1].loaderData;
  const nextIntake = intakes[0];
  return (
    <>
      <section className="bg-gradient-to-br from-brand-950 to-brand-800 text-white">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[1fr_26rem] lg:py-14">
          <CourseHeading course={course} />
          <div className="overflow-hidden rounded-xl bg-white text-slate-900 shadow-xl">
            <CourseImage
              src={course.image}
              variants={course.imageVariants}
              alt={course.title}
              priority
              sizes="(min-width: 1024px) 416px, 100vw"
            />
            <div className="grid gap-3 p-5">
              <PriceTag price={course.price} originalPrice={course.originalPrice} large />
              <a href={`#${ADVISOR_SECTION}`} className={buttonClasses("primary", "lg")}>
                <Headset aria-hidden="true" className="h-5 w-5" />
                Contact an Advisor
              </a>
              {layout.whatsapp ? <ChatOnWhatsapp courseSlug={course.slug} /> : null}
              <BrochureButton
                title={course.title}
                url={course.brochureUrl}
                bytes={course.brochureBytes}
              />
            </div>
          </div>
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[1fr_22rem]">
        <div className="grid min-w-0 gap-6">
          <CourseHighlights course={course} />
          {course.modules.length ? <Curriculum course={course} /> : null}
          {intakes.length ? <NextSessions intakes={intakes} /> : null}
          {nextIntake?.tutors.length ? (
            <Section title="Your tutors">
              <p className="mb-4 text-slate-700">Teaching {nextIntake.label}.</p>
              <TutorCards tutors={nextIntake.tutors} columns={2} />
            </Section>
          ) : null}
          <ExpertLedTraining classSize={course.classSize} />
          {course.faqs.length ? <Faqs faqs={course.faqs} /> : null}
        </div>
        <CourseSidebar course={course} />
      </div>
      <AskAnAdvisor courseTitle={course.title} courseTitles={layout.courseTitles} />
      <CourseViewCounter slug={course.slug} />
    </>
  );
}

const ADVISOR_SECTION = "ask-an-advisor";

/** The inquiry form with this course chosen: 'Contact an Advisor' leads here. */
function AskAnAdvisor({
  courseTitle,
  courseTitles,
}: {
  courseTitle: string;
  courseTitles: string[];
}) {
  return (
    <section
      id={ADVISOR_SECTION}
      aria-labelledby="advisor-heading"
      className="scroll-mt-16 bg-slate-50"
    >
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
        <h2 id="advisor-heading" className="text-2xl font-extrabold text-slate-900">
          Ask an advisor about {courseTitle}
        </h2>
        <p className="mt-2 mb-8 text-slate-700">
          Send us your questions and our team will answer within {siteConfig.claims.responseTime}.
          Prefer to call, e-mail or visit?{" "}
          <Link
            to={href("/contact")}
            className="font-semibold text-brand-800 underline hover:no-underline"
          >
            See all the ways to reach us
          </Link>
          .
        </p>
        <InquiryForm courseTitles={courseTitles} course={courseTitle} />
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFoundMessage = "The course you're looking for doesn't exist or may have been removed.";
  return <CatalogueErrorView error={error} page="Course" notFoundMessage={notFoundMessage} />;
}
