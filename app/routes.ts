import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("about", "routes/site/about.tsx"),
    route("courses", "routes/site/courses.tsx"),
    route("course/:slug", "routes/site/course.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("files/*", "routes/resources/files.ts"),
  route("healthz", "routes/resources/health.ts"),
] satisfies RouteConfig;
