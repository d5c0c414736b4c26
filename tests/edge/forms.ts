// The public forms through the edge, as a browser without JavaScript posts them: each post
// reaches an app process and is answered by it, never from the cache.

import { query } from "../fleet/query";
import type { Row } from "../fleet/report";
import { type Answer, cacheStatusOf, edgeVisitor, readableText } from "./http";
import { countOf, markLogs, type OriginRequest, originRequestsOnceLogged } from "./origin-log";
import { coursePath, type Site } from "./site";

const CONTACT_POSTS = 3;
const CONTACT_SUCCESS = "Thank you for your message! We will get back to you within 24 hours.";
const INQUIRY_SUCCESS =
  "Thank you for your inquiry! Our team will contact you within 24 hours to discuss your learning goals.";
const REFERENCE = /Your reference is (LTA-\d{7})\./;

/** A contact message whose text names it (as the fleet's contactForm). */
function contactForm(marker: string) {
  return {
    name: "Edge Visitor",
    email: "visitor@example.ng",
    phone: "0803 555 0199",
    subject: "Course Information",
    message: `Edge check ${marker}: when does the next class start?`,
    website: "",
  };
}

function inquiryForm(courseTitle: string) {
  return {
    fullName: "Edge Inquirer",
    email: "inquirer@example.ng",
    phone: "0812 555 0199",
    inquiryType: "I'm interested in a course",
    courseInterest: courseTitle,
    contactMethod: "Phone / WhatsApp",
    message: "Is there a weekend class?",
    consent: "on",
    website: "",
  };
}

const referenceOf = (answer: Answer) => REFERENCE.exec(readableText(answer))?.[1] ?? null;

/** The answer's success text and reference, if it has them. */
const acknowledged = (answer: Answer, success: string) =>
  answer.status === 200 && readableText(answer).includes(success) && referenceOf(answer) !== null;

/** CONTACT_POSTS contact messages, each from its own visitor: each reaches an app process. */
export async function contactPostsPassThrough(site: Site): Promise<Row[]> {
  const mark = markLogs(site.servers);
  const answers: Answer[] = [];
  for (let post = 0; post < CONTACT_POSTS; post++) {
    answers.push(
      await edgeVisitor(site.edge.origin).postForm("/contact", contactForm(`post-${post}`)),
    );
  }
  const reachedApp = (requests: OriginRequest[]) => countOf(requests, "POST", "/contact");
  const reached = reachedApp(
    await originRequestsOnceLogged(
      site.servers,
      mark,
      (requests) => reachedApp(requests) >= CONTACT_POSTS,
    ),
  );
  const references = new Set(answers.map(referenceOf).filter(Boolean));
  return [
    {
      check: `${CONTACT_POSTS} contact form posts (no JavaScript) through nginx: each answered by an app process with the success text and a reference of its own, none from the cache`,
      result: `${answers.filter((answer) => acknowledged(answer, CONTACT_SUCCESS)).length} acknowledged, ${references.size} references (${[...references].join(", ")}), ${reached} POST /contact in the app logs, cache status ${answers.map((answer) => cacheStatusOf(answer) || "none").join(", ")}`,
      pass:
        answers.every((answer) => acknowledged(answer, CONTACT_SUCCESS)) &&
        references.size === CONTACT_POSTS &&
        reached === CONTACT_POSTS &&
        answers.every((answer) => cacheStatusOf(answer) === ""),
    },
  ];
}

/**
 * The course page's inquiry form through nginx, on a page the cache carries: answered with its
 * success text; the next visitor of the page does not get that answer.
 */
export async function courseInquiryThroughEdge(site: Site): Promise<Row[]> {
  const path = coursePath(site);
  const [course] = await query<{ title: string }>(
    site.databaseUrl,
    "SELECT title FROM courses WHERE slug = $1",
    [site.course.slug],
  );
  const answer = await edgeVisitor(site.edge.origin).postForm(
    path,
    inquiryForm(course?.title ?? ""),
  );
  const next = await edgeVisitor(site.edge.origin).get(path);
  return [
    {
      check:
        "the course page's inquiry form (no JavaScript) through nginx: success text with a reference; the next visitor gets the page without it",
      result: `${answer.status} ${referenceOf(answer) ?? "no reference"}, cache status ${cacheStatusOf(answer) || "none"}; next visitor ${next.status} ${cacheStatusOf(next)}, ${readableText(next).includes(INQUIRY_SUCCESS) ? "WITH the answer" : "without the answer"}`,
      pass:
        acknowledged(answer, INQUIRY_SUCCESS) &&
        cacheStatusOf(answer) === "" &&
        next.status === 200 &&
        !readableText(next).includes(INQUIRY_SUCCESS),
    },
  ];
}
