import { href } from "react-router";
import { listActiveCourseSitemapEntries } from "~/features/courses/courses.server";
import { markUnavailable, readOrNull } from "~/lib/http/unavailable.server";
import { env } from "~/lib/infra/env.server";

const staticPages = [href("/"), href("/about"), href("/courses"), href("/contact")];

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** Every public page and active course. */
export async function loader() {
  const origin = env().publicUrl;
  const courses = await readOrNull(
    "Listing courses for the sitemap",
    listActiveCourseSitemapEntries,
  );
  if (!courses) {
    const headers = new Headers({ "Content-Type": "text/plain; charset=utf-8" });
    markUnavailable(headers);
    return new Response("The sitemap is unavailable for a moment. Please try again.", {
      status: 503,
      headers,
    });
  }
  const urls = [
    ...staticPages.map((path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>`),
    ...courses.map(
      (course) =>
        `  <url><loc>${escapeXml(`${origin}/course/${course.slug}`)}</loc><lastmod>${course.updatedAt.toISOString()}</lastmod></url>`,
    ),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join("\n")}
</urlset>
`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
