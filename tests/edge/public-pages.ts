// The public pages through the edge: what the app tells the cache, that the cache then answers
// for the app under load, and that a course edit still shows within the promised time.

import { query } from "../fleet/query";
import type { Row } from "../fleet/report";
import {
  cacheStatusOf,
  edgeVisitor,
  nextVisitorAddress,
  readableText,
  send,
  servedFromCache,
} from "./http";
import { loadPages } from "./load";
import { countOf, markLogs, originRequestsSince } from "./origin-log";
import {
  CACHE_PERIOD_SECONDS,
  coursePath,
  PUBLIC_CACHE_CONTROL,
  publicPaths,
  type Site,
  STALE_WHILE_REVALIDATE_SECONDS,
} from "./site";

/** Past one cache period, so the load sees a page go stale and fetched again; `npm run bench:edge` runs 60 s. */
const LOAD_SECONDS = Number(process.env.EDGE_LOAD_SECONDS ?? 35);
const LOAD_CONNECTIONS = 20;
const HIT_SHARE_AT_LEAST = 0.95;
/** Time for the request that finds the page stale to reach the app and the new page to be kept. */
const EDIT_SLACK_SECONDS = 5;
const PROMISE = "within 24 hours";

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;

/** A public page's caching headers as agreed, and a 304 for its own ETag. */
export async function agreedHeaders(site: Site): Promise<Row[]> {
  const page = `${site.edge.origin}/courses`;
  const answer = await send(page);
  const cacheControl = String(answer.headers["cache-control"] ?? "");
  const etag = String(answer.headers.etag ?? "");
  const vary = String(answer.headers.vary ?? "");
  const varies = vary.split(",").map((name) => name.trim().toLowerCase());
  const again = etag ? await send(page, { headers: { "if-none-match": etag } }) : null;
  return [
    {
      check: `a public page (/courses) says Cache-Control "${PUBLIC_CACHE_CONTROL}", a strong ETag, Vary: Accept-Encoding, Cookie; its ETag is answered 304`,
      result: `${answer.status}; Cache-Control "${cacheControl}"; ETag ${etag || "none"}; Vary "${vary}"; If-None-Match → ${again?.status ?? "not sent"} (${again ? cacheStatusOf(again) || "no cache status" : "-"})`,
      pass:
        answer.status === 200 &&
        cacheControl === PUBLIC_CACHE_CONTROL &&
        /^"[^"]+"$/.test(etag) &&
        varies.includes("accept-encoding") &&
        varies.includes("cookie") &&
        again?.status === 304,
    },
  ];
}

/** The 24-hour promise on pages answered from the cache. */
export async function promiseOnCachedPages(site: Site): Promise<Row[]> {
  const paths = ["/", "/contact", coursePath(site)];
  const visitor = edgeVisitor(site.edge.origin);
  const outcomes = [];
  for (const path of paths) {
    await visitor.get(path);
    const answer = await visitor.get(path);
    outcomes.push({
      path,
      cached: servedFromCache(answer),
      promised: answer.status === 200 && readableText(answer).includes(PROMISE),
      status: cacheStatusOf(answer) || "no cache status",
    });
  }
  return [
    {
      check: `"${PROMISE}" on public pages answered from the cache`,
      result: outcomes
        .map(
          (page) =>
            `${page.path} ${page.status}, ${page.promised ? "promise shown" : "NO PROMISE"}`,
        )
        .join("; "),
      pass: outcomes.every((page) => page.cached && page.promised),
    },
  ];
}

/**
 * LOAD_CONNECTIONS visitors on the public pages for LOAD_SECONDS: the app processes see each
 * page at most once per cache period (plus the first fetch), the rest is answered by nginx.
 */
export async function pagesUnderLoad(site: Site): Promise<Row[]> {
  const paths = publicPaths(site);
  const mark = markLogs(site.servers);
  const load = await loadPages(site.edge.origin, paths, {
    seconds: LOAD_SECONDS,
    connections: LOAD_CONNECTIONS,
  });
  const origin = originRequestsSince(site.servers, mark);
  const allowed = Math.ceil(LOAD_SECONDS / CACHE_PERIOD_SECONDS) + 1;
  const perPage = paths.map((path) => ({ path, count: countOf(origin, "GET", path) }));
  const hits = load.cacheStatuses.get("HIT") ?? 0;
  const statuses = [...load.cacheStatuses]
    .sort(([, x], [, y]) => y - x)
    .map(([status, count]) => `${status} ${count.toLocaleString("en")}`)
    .join(", ");
  return [
    {
      check: `${LOAD_SECONDS} s load of the public pages through nginx (${LOAD_CONNECTIONS} connections): the app sees each page at most ${allowed} times (once per ${CACHE_PERIOD_SECONDS} s, plus one)`,
      result: perPage.map((page) => `${page.path} ${page.count}`).join(", "),
      pass: perPage.every((page) => page.count <= allowed),
    },
    {
      check: `the load's answers: at least ${HIT_SHARE_AT_LEAST * 100} % X-Cache-Status: HIT, none failed`,
      result: `${load.answers.toLocaleString("en")} answers, ${percent(hits, load.answers)} HIT (${statuses}), ${load.failed} failed`,
      pass: load.answers > 0 && hits / load.answers >= HIT_SHARE_AT_LEAST && load.failed === 0,
    },
  ];
}

/**
 * A course's new title, polled through nginx without cookies until it shows. The page is kept
 * just before the edit (under a URL the cache has not seen, so nginx asks the app for it then):
 * the longest a visitor can see the old title.
 */
/**
 * A course's new title shows through the cache within its s-maxage and stale-while-revalidate.
 * The page is kept and the course edited before the other checks run; the returned promise
 * watches for the new title while they run (its own query string keeps it apart from their
 * pages), so the suite does not stand idle for the 30 s it takes.
 */
export async function courseEditShows(site: Site): Promise<() => Promise<Row[]>> {
  const path = `${coursePath(site)}?edge-edit=${Date.now().toString(36)}`;
  const visitor = edgeVisitor(site.edge.origin);
  const kept = await visitor.get(path);
  const title = `Edge Edit ${Date.now().toString(36)}`;
  // Written as a staff member's save writes it; the database moves the public pages' version on.
  await query(site.databaseUrl, "UPDATE courses SET title = $1 WHERE slug = $2", [
    title,
    site.course.slug,
  ]);
  const edited = Date.now();
  const limitSeconds = CACHE_PERIOD_SECONDS + STALE_WHILE_REVALIDATE_SECONDS + EDIT_SLACK_SECONDS;
  const watched = (async () => {
    while (Date.now() - edited < limitSeconds * 1000) {
      const answer = await visitor.get(path);
      if (answer.status === 200 && readableText(answer).includes(title))
        return (Date.now() - edited) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return null;
  })();
  return async () => {
    const shownAfter = await watched;
    return [
      {
        check: `a course's new title shows on its page through the cache within ${limitSeconds} s (s-maxage ${CACHE_PERIOD_SECONDS} + stale-while-revalidate ${STALE_WHILE_REVALIDATE_SECONDS} + ${EDIT_SLACK_SECONDS}), the page kept just before the edit`,
        result: `kept: ${kept.status} ${cacheStatusOf(kept)}; ${shownAfter === null ? `not shown after ${limitSeconds} s` : `shown after ${shownAfter.toFixed(1)} s`}`,
        pass: kept.status === 200 && cacheStatusOf(kept) === "MISS" && shownAfter !== null,
      },
    ];
  };
}

/** A course image, kept at the edge under its long-lived URL. */
export async function courseImageKept(site: Site): Promise<Row[]> {
  const image = site.course.image;
  if (!image)
    return [
      {
        check: "a course image is kept at the edge",
        result: "the course has no image",
        pass: false,
      },
    ];
  const visitor = edgeVisitor(site.edge.origin);
  const first = await visitor.get(image);
  const second = await visitor.get(image);
  const cacheControl = String(second.headers["cache-control"] ?? "");
  return [
    {
      check: "a course image (/files/…) is answered from the cache the second time, immutable",
      result: `${first.status} ${cacheStatusOf(first)}, then ${second.status} ${cacheStatusOf(second)}; Cache-Control "${cacheControl}"`,
      pass:
        second.status === 200 &&
        cacheStatusOf(second) === "HIT" &&
        cacheControl.includes("immutable") &&
        Buffer.compare(first.raw, second.raw) === 0,
    },
  ];
}

const PHONE = "Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 Chrome/140 Mobile";

async function courseViews(site: Site) {
  const [row] = await query<{ views: string | null }>(
    site.databaseUrl,
    `SELECT sum(v.views) AS views FROM course_page_views v JOIN courses c ON c.id = v.course_id
     WHERE c.slug = $1`,
    [site.course.slug],
  );
  return Number(row?.views ?? 0);
}

/**
 * A course page answered from the cache still counts its view: the page's view image, which
 * no cache keeps, reaches an app process every time, as a phone's browser fetches it.
 */
export async function courseViewsCounted(site: Site): Promise<Row[]> {
  const visits = 3;
  const before = await courseViews(site);
  const outcomes: string[] = [];
  let pagesFromCache = 0;
  let imagesFromCache = 0;
  for (let visit = 0; visit < visits; visit++) {
    const from = nextVisitorAddress();
    const headers = { "user-agent": PHONE };
    const page = await send(`${site.edge.origin}${coursePath(site)}`, { headers, from });
    const image = /<img src="(\/course\/[^"]+\/view)"/.exec(page.text)?.[1];
    const counted = image ? await send(`${site.edge.origin}${image}`, { headers, from }) : null;
    if (servedFromCache(page)) pagesFromCache += 1;
    if (counted && servedFromCache(counted)) imagesFromCache += 1;
    outcomes.push(
      `page ${cacheStatusOf(page) || "-"}, view image ${counted ? `${counted.status} ${cacheStatusOf(counted) || "not cached"}` : "missing"}`,
    );
  }
  const counted = (await courseViews(site)) - before;
  return [
    {
      check: `${visits} phone visits of a course page answered from the cache count ${visits} views (its view image is never kept)`,
      result: `${outcomes.join("; ")}; ${counted} views counted`,
      pass: counted === visits && pagesFromCache >= visits - 1 && imagesFromCache === 0,
    },
  ];
}
