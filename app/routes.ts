import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("about", "routes/site/about.tsx"),
    route("courses", "routes/site/courses.tsx"),
    route("course/:slug", "routes/site/course.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  ...prefix("admin-portal", [
    route("login", "routes/admin/login.tsx"),
    route("forgot-password", "routes/admin/forgot-password.tsx"),
    route("reset-password", "routes/admin/reset-password.tsx"),
    route("logout", "routes/admin/logout.ts"),
    route("theme", "routes/admin/theme.ts"),
    route("messages/export", "routes/resources/messages-export.ts"),
    route("events", "routes/resources/inbox-events.ts"),
    layout("routes/admin/layout.tsx", [
      index("routes/admin/index.ts"),
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("courses", "routes/admin/courses.tsx"),
      route("messages", "routes/admin/messages.tsx"),
      route("admins", "routes/admin/admins.tsx"),
      route("students", "routes/admin/placeholder.tsx", { id: "admin-students" }),
      route("tutors", "routes/admin/placeholder.tsx", { id: "admin-tutors" }),
      route("reports", "routes/admin/placeholder.tsx", { id: "admin-reports" }),
      route("settings", "routes/admin/settings.tsx"),
      route("*", "routes/admin/not-found.tsx"),
    ]),
  ]),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("files/*", "routes/resources/files.ts"),
  route("healthz", "routes/resources/health.ts"),
  route("readyz", "routes/resources/ready.ts"),
  route("go/whatsapp", "routes/resources/whatsapp.ts"),
] satisfies RouteConfig;
