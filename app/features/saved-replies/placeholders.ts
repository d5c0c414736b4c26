import { href } from "react-router";
import type { Course } from "~/db/schema";
import { formatFullDate } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";
import { firstName } from "~/lib/text/person-name";

/**
 * The placeholders a saved reply may hold, filled in for the open message when the inbox loads
 * it (reply-context.server.ts), then inserted into the reply as they are.
 */
export const replyPlaceholders = [
  { name: "name", description: "The visitor's first name." },
  { name: "course", description: "The course the message names." },
  { name: "price", description: "That course's fee in Naira." },
  {
    name: "next_session",
    description: "That course's next start date, or 'the next intake (date to be announced)'.",
  },
  {
    name: "brochure_link",
    description: "A link to the course's brochure (or its page), or to the course catalogue.",
  },
] as const;

export type ReplyPlaceholder = (typeof replyPlaceholders)[number]["name"];

/**
 * Placeholders only a reply about an application fills: the Students page's decline e-mail,
 * filled on the server as it is sent (the link is a new private one in each e-mail).
 */
export const applicationPlaceholders = [
  { name: "intake", description: "The intake applied for (applications only)." },
  { name: "start_date", description: "That intake's start date (applications only)." },
  {
    name: "offer_deadline",
    description: "The deadline of the applicant's offer, Lagos time (applications only).",
  },
  {
    name: "application_link",
    description: "A new private link to the applicant's page (applications only).",
  },
] as const;

export type ApplicationPlaceholder = (typeof applicationPlaceholders)[number]["name"];

/** What the placeholders are filled with; null where the message tells nothing. */
export type ReplyContext = {
  name: string | null;
  course: string | null;
  price: string | null;
  nextSession: string | null;
  brochureLink: string | null;
};

export type ReplyCourse = Pick<Course, "title" | "price" | "brochureUrl" | "slug"> & {
  /** Its next intake's start date (Lagos), null while none is announced. */
  nextStartsOn: string | null;
};

/**
 * The context of a reply to `fullName` about `course` (null when the message names none):
 * links absolute on `publicUrl`.
 */
export function buildReplyContext({
  fullName,
  course,
  publicUrl,
}: {
  fullName: string;
  course: ReplyCourse | null;
  publicUrl: string;
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
  const next = course.nextStartsOn;
  const brochure = course.brochureUrl;
  return {
    name,
    course: course.title,
    price: formatNaira(course.price),
    nextSession: next ? formatFullDate(next) : "the next intake (date to be announced)",
    brochureLink: brochure
      ? /^https?:\/\//iu.test(brochure)
        ? brochure
        : absolute(brochure)
      : absolute(href("/course/:slug", { slug: course.slug })),
  };
}

/** What an application's placeholders are filled with, beside a reply's own. */
export type ApplicationReplyContext = ReplyContext & {
  intake: string | null;
  startDate: string | null;
  offerDeadline: string | null;
  applicationLink: string | null;
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

const replyNames: ReadonlySet<string> = new Set(replyPlaceholders.map(({ name }) => name));
const isPlaceholder = (name: string): name is ReplyPlaceholder => replyNames.has(name);
const allPlaceholders = [...replyPlaceholders, ...applicationPlaceholders];
const knownNames: ReadonlySet<string> = new Set(allPlaceholders.map(({ name }) => name));

function fill(template: string, values: Record<string, string | null>) {
  return template.replace(PLACEHOLDER, (match, raw: string) => {
    const name = raw.toLowerCase();
    return (Object.hasOwn(values, name) && values[name]) || match;
  });
}

/**
 * `template` with every known placeholder filled from `context`. One the message gives no
 * value for ('{course}' when it names none) stays as written, for the composer to point out
 * (a stand-in such as 'the course' reads oddly); unknown ones stay too.
 */
export function fillPlaceholders(template: string, context: ReplyContext): string {
  return fill(template, valuesIn(context));
}

/** `template` with a reply's and an application's placeholders filled, as `fillPlaceholders`. */
export function fillApplicationPlaceholders(
  template: string,
  context: ApplicationReplyContext,
): string {
  const values: Record<ApplicationPlaceholder, string | null> = {
    intake: context.intake,
    start_date: context.startDate,
    offer_deadline: context.offerDeadline,
    application_link: context.applicationLink,
  };
  return fill(template, { ...valuesIn(context), ...values });
}

const matchesIn = (text: string) =>
  [...text.matchAll(PLACEHOLDER)].map(([written, raw = ""]) => ({
    written,
    name: raw.toLowerCase(),
  }));

/** The known placeholders still in a reply, each once as '{course}': to fill in before sending. */
export function unfilledPlaceholders(text: string): string[] {
  const names = matchesIn(text)
    .map(({ name }) => name)
    .filter(isPlaceholder);
  return [...new Set(names)].map((name) => `{${name}}`);
}

/** What a reply with placeholders left in it is told, before it is sent; null when none are. */
export function unfilledPlaceholdersMessage(text: string): string | null {
  const unfilled = unfilledPlaceholders(text);
  return unfilled.length ? `Fill in ${unfilled.join(", ")} before sending the reply` : null;
}

/** The placeholders in a saved reply no message can fill (misspelt), as written. */
export function unknownPlaceholders(text: string): string[] {
  const written = matchesIn(text)
    .filter(({ name }) => !knownNames.has(name))
    .map((match) => match.written);
  return [...new Set(written)];
}

/** The known placeholders as a list in words: '{name}, {course}, … or {application_link}'. */
export const knownPlaceholderList = `${allPlaceholders
  .slice(0, -1)
  .map(({ name }) => `{${name}}`)
  .join(", ")} or {${allPlaceholders.at(-1)?.name}}`;
