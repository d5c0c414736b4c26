import { href } from "react-router";
import type { Course } from "~/db/schema";
import { formatFullDate, lagosToday } from "~/lib/dates";
import { formatNaira } from "~/lib/money";
import { firstName } from "~/lib/person-name";

/**
 * The placeholders a saved reply may hold, filled in for the open message when the inbox loads
 * it (reply-context.server.ts), then inserted into the reply as they are.
 */
export const replyPlaceholders = [
  { name: "name", description: "The visitor's first name." },
  { name: "course", description: "The course the message names, or 'the course'." },
  { name: "price", description: "That course's fee in Naira, or 'the current fee'." },
  {
    name: "next_session",
    description: "The course's next start date, or 'the next intake (date to be announced)'.",
  },
  {
    name: "brochure_link",
    description: "A link to the course's brochure (or its page), or to the course catalogue.",
  },
] as const;

export type ReplyPlaceholder = (typeof replyPlaceholders)[number]["name"];

/** What the placeholders are filled with; null where the message tells nothing. */
export type ReplyContext = {
  name: string | null;
  course: string | null;
  price: string | null;
  nextSession: string | null;
  brochureLink: string | null;
};

export type ReplyCourse = Pick<Course, "title" | "price" | "startDates" | "brochureUrl" | "slug">;

/**
 * The context of a reply to `fullName` about `course` (null when the message names none):
 * links absolute on `publicUrl`, the next start date on or after today in Lagos.
 */
export function buildReplyContext({
  fullName,
  course,
  publicUrl,
  now = new Date(),
}: {
  fullName: string;
  course: ReplyCourse | null;
  publicUrl: string;
  now?: Date;
}): ReplyContext {
  const absolute = (path: string) => `${publicUrl}${path.startsWith("/") ? "" : "/"}${path}`;
  const name = firstName(fullName) || null;
  if (!course) {
    return {
      name,
      course: null,
      price: null,
      nextSession: null,
      brochureLink: absolute(href("/courses")),
    };
  }
  const today = lagosToday(now);
  const next = course.startDates.filter((date) => date >= today).sort()[0];
  const brochure = course.brochureUrl;
  return {
    name,
    course: course.title,
    price: formatNaira(course.price),
    nextSession: next ? formatFullDate(next) : null,
    brochureLink: brochure
      ? /^https?:\/\//iu.test(brochure)
        ? brochure
        : absolute(brochure)
      : absolute(href("/course/:slug", { slug: course.slug })),
  };
}

/** What each placeholder becomes when its value is unknown. */
const fallbacks: Record<ReplyPlaceholder, string> = {
  name: "there",
  course: "the course",
  price: "the current fee",
  next_session: "the next intake (date to be announced)",
  brochure_link: "our course catalogue",
};

const valuesIn = (context: ReplyContext): Record<ReplyPlaceholder, string | null> => ({
  name: context.name,
  course: context.course,
  price: context.price,
  next_session: context.nextSession,
  brochure_link: context.brochureLink,
});

// `{name}`, `{ Name }`, `{NEXT_SESSION}`: any case, spaces allowed inside the braces.
const PLACEHOLDER = /\{\s*([a-z_]+)\s*\}/giu;

const isPlaceholder = (name: string): name is ReplyPlaceholder => Object.hasOwn(fallbacks, name);

/** `template` with every known placeholder filled from `context`; unknown ones stay as written. */
export function fillPlaceholders(template: string, context: ReplyContext): string {
  const values = valuesIn(context);
  return template.replace(PLACEHOLDER, (match, raw: string) => {
    const name = raw.toLowerCase();
    if (!isPlaceholder(name)) return match;
    return values[name] || fallbacks[name];
  });
}
