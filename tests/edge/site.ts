import type { AppServer } from "../support/app-server";
import type { Edge } from "./nginx";

/** What the checks run against: nginx in front of two app processes on one database. */
export type Site = {
  edge: Edge;
  servers: [AppServer, AppServer];
  databaseUrl: string;
  admin: { name: string; email: string; password: string };
  /** An active course of the demo catalogue. */
  course: { slug: string; image: string | null };
};

/** What the app promises a shared cache for a public page (issue 30). */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=30, stale-while-revalidate=30";
export const CACHE_PERIOD_SECONDS = 30;
export const STALE_WHILE_REVALIDATE_SECONDS = 30;
/** What the app says on everything that is not a public page. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

export const coursePath = (site: Site) => `/course/${site.course.slug}`;

/** The public pages the cache must carry. */
export const publicPaths = (site: Site) => [
  "/",
  "/about",
  "/courses",
  "/contact",
  coursePath(site),
];
