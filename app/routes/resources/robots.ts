import { env } from "~/lib/infra/env.server";
import { PORTAL_PATH } from "~/lib/router/portal-path";

export function loader() {
  const body = `User-agent: *
Allow: /
Disallow: ${PORTAL_PATH}
Disallow: /go/

Sitemap: ${env().publicUrl}/sitemap.xml
`;
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
