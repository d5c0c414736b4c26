import ArrowLeft from "lucide-react/icons/arrow-left";
import Award from "lucide-react/icons/award";
import BookOpen from "lucide-react/icons/book-open";
import Check from "lucide-react/icons/check";
import ChevronDown from "lucide-react/icons/chevron-down";
import Clock from "lucide-react/icons/clock";
import Download from "lucide-react/icons/download";
import Globe from "lucide-react/icons/globe";
import Info from "lucide-react/icons/info";
import Users from "lucide-react/icons/users";
import { href, Link, useNavigate } from "react-router";
import type { Course } from "~/db/schema";
import { formatFileSize } from "~/lib/format/file-size";
import { buttonClasses } from "~/ui/button";
import { IconText } from "~/ui/icon-text";
import { LabelledSection } from "~/ui/labelled-section";
import { Section } from "~/ui/section";
import { StarRating } from "~/ui/star-rating";
import { brochureFileName, courseFeatures, DEFAULT_CLASS_SIZE } from "../course-rules";

export function CheckList({ items, columns }: { items: string[]; columns?: boolean }) {
  return (
    <ul className={columns ? "grid gap-3 sm:grid-cols-2" : "grid gap-3"}>
      {items.map((item) => (
        <li key={item} className="flex gap-2 text-slate-800">
          <Check aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
          {item}
        </li>
      ))}
    </ul>
  );
}

/**
 * With a brochure: a download link that names the file's type and size (when known). Without
 * one: a native disclosure that says so in place, the same with and without JavaScript.
 */
export function BrochureButton({
  title,
  url,
  bytes,
}: {
  title: string;
  url: string | null;
  bytes: number | null;
}) {
  if (!url) {
    return (
      <details>
        <summary
          className={buttonClasses(
            "outline",
            "lg",
            "w-full cursor-pointer list-none [&::-webkit-details-marker]:hidden",
          )}
        >
          <Download aria-hidden="true" className="h-5 w-5" />
          Download Brochure
        </summary>
        <p
          role="status"
          className="mt-2 flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800"
        >
          <Info aria-hidden="true" className="h-4 w-4 shrink-0" />
          Brochure not available for this course.
        </p>
      </details>
    );
  }
  const fileName = brochureFileName(title);
  return (
    <a
      href={`${url}?download=${encodeURIComponent(fileName)}`}
      download={fileName}
      className={buttonClasses("outline", "lg")}
    >
      <Download aria-hidden="true" className="h-5 w-5" />
      Download Brochure
      {bytes ? (
        <span className="text-sm font-normal whitespace-nowrap">
          (PDF, {formatFileSize(bytes)})
        </span>
      ) : null}
    </a>
  );
}

export function Curriculum({ course }: { course: Course }) {
  return (
    <Section title="Course Curriculum">
      {course.deliveryMethod ? (
        <p className="mb-4 text-slate-700">{course.deliveryMethod}</p>
      ) : null}
      <ol className="grid gap-4">
        {course.modules.map((module, index) => (
          <li key={module.title} className="rounded-lg bg-slate-50 p-4">
            <h3 className="font-semibold text-slate-900">
              <span className="text-brand-700">Module {index + 1}:</span> {module.title}
            </h3>
            <p className="mt-1 text-sm text-slate-700">{module.description}</p>
            {module.topics.length ? (
              <ul className="mt-3 grid gap-1.5 text-sm text-slate-700 sm:grid-cols-2">
                {module.topics.map((topic) => (
                  <li key={topic} className="flex gap-2">
                    <span
                      aria-hidden="true"
                      className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-600"
                    />
                    {topic}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </Section>
  );
}

export function ExpertLedTraining({ classSize }: { classSize: string | null }) {
  return (
    <section aria-labelledby="expert-heading" className="rounded-xl bg-brand-900 p-6 text-white">
      <h2 id="expert-heading" className="flex items-center gap-2 text-xl font-bold">
        <Users aria-hidden="true" className="h-6 w-6 text-brand-300" />
        Expert-Led Training
      </h2>
      <p className="mt-3 text-brand-50">
        Learn from practitioners in small groups of {classSize || DEFAULT_CLASS_SIZE}, with live
        sessions, code and design reviews, and feedback on every project.
      </p>
    </section>
  );
}

/** One FAQ open at a time: native exclusive <details>, so it works before any JavaScript. */
export function Faqs({ faqs }: { faqs: Course["faqs"] }) {
  return (
    <Section title="Frequently Asked Questions">
      <div className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {faqs.map((faq) => (
          <details key={faq.question} name="course-faq" className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-4 py-3 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
              {faq.question}
              <ChevronDown
                aria-hidden="true"
                className="h-5 w-5 shrink-0 transition-transform group-open:rotate-180"
              />
            </summary>
            <p className="px-4 pb-4 text-slate-700">{faq.answer}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}

export function CourseSidebar({ course }: { course: Course }) {
  const rows: [string, string | null][] = [
    ["Duration", course.duration],
    ["Lessons", course.lessons > 0 ? String(course.lessons) : "Multiple"],
    ["Certificate", course.certification],
    ["Language", course.language],
    ["Subtitles", (course.subtitles.length ? course.subtitles : ["English"]).join(", ")],
    ["Schedule", course.schedule],
    ["Format", course.format],
    ["Class size", course.classSize],
    ["Location", course.location],
  ];
  return (
    <aside className="grid gap-6 self-start lg:sticky lg:top-20">
      <LabelledSection
        id="details-heading"
        title="Course Details"
        className="rounded-xl border border-slate-200 bg-white p-6"
        headingClassName="text-lg font-bold text-slate-900"
      >
        <dl className="mt-4 divide-y divide-slate-100">
          {rows
            .filter((row): row is [string, string] => Boolean(row[1]))
            .map(([label, value]) => (
              <div key={label} className="flex justify-between gap-4 py-2.5 text-sm">
                <dt className="text-slate-600">{label}</dt>
                <dd className="text-right font-medium text-slate-900">{value}</dd>
              </div>
            ))}
        </dl>
      </LabelledSection>
      <LabelledSection
        id="features-heading"
        title={
          <>
            <Award aria-hidden="true" className="h-5 w-5 text-brand-700" />
            Course Features
          </>
        }
        className="rounded-xl border border-slate-200 bg-white p-6"
        headingClassName="flex items-center gap-2 text-lg font-bold text-slate-900"
      >
        <div className="mt-4 text-sm">
          <CheckList items={[...courseFeatures]} />
        </div>
      </LabelledSection>
    </aside>
  );
}

/** Back to where the visitor came from in the catalogue, or to the catalogue. */
function BackLink() {
  const navigate = useNavigate();
  return (
    <Link
      to={href("/courses")}
      onClick={(event) => {
        if (window.history.state?.idx > 0) {
          event.preventDefault();
          navigate(-1);
        }
      }}
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-brand-100 hover:text-white"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Back
    </Link>
  );
}

/** The course's heading on its page: back link, category, title, description and facts. */
export function CourseHeading({ course }: { course: Course }) {
  return (
    <div>
      <BackLink />
      <p className="mt-5 text-sm font-bold tracking-wide text-accent-300 uppercase">
        {course.category}
      </p>
      <h1 className="mt-2 text-3xl font-extrabold sm:text-4xl">{course.title}</h1>
      <p className="mt-4 text-lg text-brand-50">{course.description}</p>
      <div className="mt-5 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-brand-50">
        <StarRating rating={course.rating} />
        <IconText icon={BookOpen} className="gap-1.5">
          {course.lessons > 0 ? course.lessons : "Multiple"} lessons
        </IconText>
        <span className="rounded-full bg-white/15 px-2.5 py-0.5 font-semibold">{course.level}</span>
        {course.duration ? (
          <IconText icon={Clock} className="gap-1.5">
            {course.duration}
          </IconText>
        ) : null}
        <IconText icon={Globe} className="gap-1.5">
          {course.language}
        </IconText>
      </div>
    </div>
  );
}

/** What the course teaches, what it asks first and the skills it gives, where it has them. */
export function CourseHighlights({ course }: { course: Course }) {
  return (
    <>
      {course.learningOutcomes.length ? (
        <Section title="What You'll Learn">
          <CheckList items={course.learningOutcomes} columns />
        </Section>
      ) : null}
      {course.prerequisites.length ? (
        <Section title="Prerequisites">
          <CheckList items={course.prerequisites} />
        </Section>
      ) : null}
      {course.skills.length ? (
        <Section title="Skills You'll Gain">
          <ul className="flex flex-wrap gap-2">
            {course.skills.map((skill) => (
              <li
                key={skill}
                className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800"
              >
                {skill}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  );
}
