import { countCourseView } from "~/features/site/course-views.server";
import type { Route } from "./+types/course-view";

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/** The course page's view counter (app/features/site/course-view-counter.tsx): counts, then answers the image. */
export async function loader({ params, request }: Route.LoaderArgs) {
  await countCourseView(request, params.slug);
  return new Response(PIXEL, {
    headers: {
      "Content-Type": "image/gif",
      "Content-Length": String(PIXEL.length),
      // Fetched again for every view: no cache, the browser's included, may keep it.
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
