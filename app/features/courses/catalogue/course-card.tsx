import BookOpen from "lucide-react/icons/book-open";
import CalendarDays from "lucide-react/icons/calendar-days";
import Clock from "lucide-react/icons/clock";
import { Link } from "react-router";
import { IconText } from "~/ui/icon-text";
import { StarRating } from "~/ui/star-rating";
import { CourseImage } from "../course-image";
import type { CourseCard as CourseCardData } from "../courses.server";
import { PriceTag } from "./price-tag";

/**
 * A list item holding a card: laid out only once scrolled near (most cards start off a phone's
 * screen), with room kept for it meanwhile. The size is for the block axis only: a single value
 * would fix the width too (docs/decisions/0028).
 */
export const courseCardItemClasses =
  "flex [contain-intrinsic-block-size:auto_30rem] [content-visibility:auto]";

export function CourseCard({
  course,
  layout = "grid",
  priority,
  headingLevel = "h3",
}: {
  /** With `nextStart` (the catalogue: 'Starts 12 Jan'), the card says when the next intake starts. */
  course: CourseCardData & { nextStart?: string };
  layout?: "grid" | "list";
  priority?: boolean;
  headingLevel?: "h2" | "h3";
}) {
  const Heading = headingLevel;
  const list = layout === "list";
  return (
    <article
      className={
        list
          ? "group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md sm:flex-row"
          : "group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
      }
    >
      <div className={list ? "sm:w-64 sm:shrink-0" : undefined}>
        <CourseImage
          src={course.image}
          variants={course.imageVariants}
          alt=""
          priority={priority}
          className={list ? "sm:h-full" : undefined}
          sizes={list ? "(min-width: 640px) 256px, 100vw" : undefined}
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2 text-xs font-semibold">
          <span className="rounded-full bg-brand-50 px-2.5 py-1 text-brand-800">
            {course.category}
          </span>
          <span className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-700">
            {course.level}
          </span>
        </div>
        <Heading className="text-lg leading-snug font-bold text-slate-900">
          <Link
            to={`/course/${course.slug}`}
            className="after:absolute after:inset-0 after:content-[''] group-hover:text-brand-800 focus:outline-none focus-visible:after:outline-3 focus-visible:after:outline-brand-600"
          >
            {course.title}
          </Link>
        </Heading>
        <p className="line-clamp-2 text-sm text-slate-700">{course.description}</p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
          <StarRating rating={course.rating} />
          {course.duration ? <IconText icon={Clock}>{course.duration}</IconText> : null}
          <IconText icon={BookOpen}>
            {course.lessons > 0 ? `${course.lessons} lessons` : "Multiple lessons"}
          </IconText>
          {course.nextStart ? <IconText icon={CalendarDays}>{course.nextStart}</IconText> : null}
        </div>
        <div className="mt-auto pt-2">
          <PriceTag price={course.price} originalPrice={course.originalPrice} />
        </div>
      </div>
    </article>
  );
}
