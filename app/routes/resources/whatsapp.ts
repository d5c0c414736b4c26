import { isbot } from "isbot";
import { data, redirect } from "react-router";
import { z } from "zod";
import { findActiveCourseBySlug } from "~/features/courses/courses.server";
import { nextStartOf } from "~/features/intakes/public-intakes.server";
import { whatsappChatUrl, whatsappGreeting } from "~/features/site/whatsapp";
import { recordWhatsappClick } from "~/features/site/whatsapp-clicks.server";
import { readOrNull } from "~/lib/http/unavailable.server";
import { env } from "~/lib/infra/env.server";
import type { Route } from "./+types/whatsapp";

const querySchema = z.object({ course: z.string().trim().max(200).optional().catch(undefined) });

/**
 * 'Chat on WhatsApp': counts the click (people only, not link-preview bots) and sends the
 * visitor to WhatsApp with a message that names the course. Counting never stands in the way:
 * without the database the visitor still gets to WhatsApp.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const number = env().WHATSAPP_NUMBER;
  if (!number) throw data(null, { status: 404 });
  const { course: slug } = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const course = slug
    ? await readOrNull("Finding a course for WhatsApp", () => findActiveCourseBySlug(slug))
    : null;
  const nextSession = course
    ? await readOrNull("Finding a course's next intake for WhatsApp", () => nextStartOf(course.id))
    : null;

  if (!isbot(request.headers.get("user-agent") ?? "")) {
    await readOrNull("Counting a WhatsApp click", () => recordWhatsappClick(course?.id ?? null));
  }
  const text = whatsappGreeting(course ? { title: course.title, nextSession } : undefined);
  return redirect(whatsappChatUrl(number, text), {
    headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}

/**
 * Never shown: the loader always redirects or throws. Having a view makes this a page route,
 * so that without a number the 404 is the site's page (the root error view), not a raw `null`.
 */
export default function WhatsappRedirect() {
  return null;
}
