import { createHash } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { buildDemoCourses, type DemoCourse, type DemoIntake } from "~/features/demo/demo-courses";
import { demoTutors } from "~/features/demo/demo-tutors";

/**
 * Every test is its own visitor: a distinct X-Forwarded-For address (the server runs with
 * TRUST_PROXY=1), for the browser and for `request` alike, so the public forms' rate limit of
 * one test never touches another.
 */
let visitorCount = 0;

export const test = base.extend<{ clientAddress: string }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures destructure their dependencies
  clientAddress: async ({}, use, testInfo) => {
    visitorCount += 1;
    const worker = testInfo.workerIndex % 250;
    const random = Math.floor(Math.random() * 256);
    await use(`10.${worker}.${visitorCount % 256}.${random}`);
  },
  extraHTTPHeaders: async ({ clientAddress }, use) => {
    await use({ "X-Forwarded-For": clientAddress });
  },
});

export { expect };

// ---------------------------------------------------------------------------------------------
// Demo content (the server seeds a fresh data folder from app/features/demo/demo-courses.ts)
// ---------------------------------------------------------------------------------------------

/** A demo course with the fields the database fills by default made explicit. */
export type SeedCourse = DemoCourse &
  Required<
    Pick<
      DemoCourse,
      | "category"
      | "level"
      | "price"
      | "rating"
      | "lessons"
      | "modules"
      | "faqs"
      | "learningOutcomes"
      | "prerequisites"
      | "skills"
      | "subtitles"
    >
  > & { intakes: DemoIntake[] };

export const demoCourses = buildDemoCourses(new Date()) as SeedCourse[];
export const activeCourses = demoCourses.filter((course) => course.isActive !== false);
export const inactiveCourse = (() => {
  const course = demoCourses.find((item) => item.isActive === false);
  if (!course) throw new Error("The demo content has no inactive course");
  return course;
})();

export function demoCourse(slug: string): SeedCourse {
  const course = demoCourses.find((item) => item.slug === slug);
  if (!course) throw new Error(`No demo course ${slug}`);
  return course;
}

/**
 * The start dates of a course's open intakes as the server would have seeded them today or
 * (just after midnight) yesterday.
 */
export function seededStartDates(slug: string): string[][] {
  const day = 24 * 60 * 60 * 1000;
  return [new Date(), new Date(Date.now() - day)].map((when) =>
    (buildDemoCourses(when).find((item) => item.slug === slug)?.intakes ?? [])
      .filter((intake) => intake.status === "open")
      .map((intake) => intake.startsOn),
  );
}

/** `₦250,000` for 25,000,000 kobo: whole Naira with thousands separators. */
/** The demo tutors who teach a course's intakes, in the order its page introduces them. */
export const tutorsOf = (course: DemoCourse) =>
  demoTutors.filter((tutor) => course.category && tutor.teaches.includes(course.category));

export const naira = (kobo: number) =>
  `₦${String(Math.round(kobo / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;

// ---------------------------------------------------------------------------------------------
// Server HTML
// ---------------------------------------------------------------------------------------------

/** The text of server HTML: entities decoded and React's text separators removed. */
export function htmlText(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

export function metaContent(html: string, attribute: "name" | "property", key: string) {
  const tag = html.match(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`));
  return tag ? htmlText(tag[1] ?? "") : null;
}

export function titleOf(html: string) {
  const title = html.match(/<title>([^<]*)<\/title>/);
  return title ? htmlText(title[1] ?? "") : null;
}

// ---------------------------------------------------------------------------------------------
// Page helpers
// ---------------------------------------------------------------------------------------------

/** Below Tailwind's `lg` breakpoint the header's navigation sits behind the menu button. */
export const isNarrow = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

export const mobileMenuButton = (page: Page) =>
  page.locator("header details > summary").filter({ hasText: "Menu" });

/** The visible main navigation, opening the mobile menu first at phone width. */
export async function openNavigation(page: Page) {
  if (isNarrow(page)) {
    await mobileMenuButton(page).click();
  }
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toBeVisible();
  return nav;
}

/**
 * The page has hydrated: the inquiry form only disables its button (until consent is given)
 * once React runs, so its state tells server HTML and a live page apart.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const root = document.querySelector("main");
    // React attaches its internal keys to hydrated DOM nodes.
    return Boolean(root && Object.keys(root).some((key) => key.startsWith("__react")));
  });
}

/**
 * The text of each line the element's text is laid out on, as the browser broke it: where a
 * word is split, the split shows as the end of one line and the start of the next.
 */
export async function renderedLines(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const lines: { top: number; text: string }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (let index = 0; index < text.length; index += 1) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const rect = range.getClientRects()[0];
        if (!rect) continue;
        const last = lines.at(-1);
        if (last && Math.abs(rect.top - last.top) < rect.height / 2) last.text += text[index];
        else lines.push({ top: rect.top, text: text[index] ?? "" });
      }
    }
    return lines.map((line) => line.text.trim()).filter(Boolean);
  });
}

/** The relative luminance contrast of two CSS colours (any syntax the browser knows). */
export async function colourContrast(page: Page, first: string, second: string) {
  return page.evaluate(
    ([a, b]) => {
      const canvas = document.createElement("canvas");
      canvas.width = 1;
      canvas.height = 1;
      const context = canvas.getContext("2d", { willReadFrequently: true });
      if (!context) throw new Error("No canvas");
      const luminance = (colour: string) => {
        context.clearRect(0, 0, 1, 1);
        context.fillStyle = colour;
        context.fillRect(0, 0, 1, 1);
        const [r = 0, g = 0, bl = 0] = context.getImageData(0, 0, 1, 1).data;
        const linear = (channel: number) => {
          const value = channel / 255;
          return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(bl);
      };
      const [light, dark] = [luminance(a ?? ""), luminance(b ?? "")].sort((x, y) => y - x);
      return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
    },
    [first, second],
  );
}

export const axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * Waits for the page's animations to end, so that axe judges the page as it settles: a toast
 * fading in has too little contrast until its animation ends (seen in a full run: the toast's
 * text flagged mid-fade). Animations that never end (a spinner) are not waited for.
 */
export async function animationsSettled(page: Page) {
  // Two frames first: a transition that a class or attribute change has just set off starts
  // at the next style recalculation, and only then is it among the document's animations.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** What axe finds against `tags` once the page has settled: each rule broken, and where. */
export async function axeViolations(page: Page, tags: string[]) {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).withTags(tags).setLegacyMode().analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    help: violation.help,
    nodes: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
  }));
}

export async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page, axeTags), "axe violations").toEqual([]);
}

// ---------------------------------------------------------------------------------------------
// Security headers
// ---------------------------------------------------------------------------------------------

/** Chromium reports every script, style or connection the Content-Security-Policy blocked. */
export function collectPolicyViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && message.text().includes("Content Security Policy")) {
      violations.push(message.text());
    }
  });
  return violations;
}

type PageResponse = { headers(): Record<string, string>; text(): Promise<string> };

/** The protective headers every page gets, and its Content-Security-Policy. */
function expectProtectiveHeaders(response: PageResponse): string {
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  const policy = headers["content-security-policy"] ?? "";
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  return policy;
}

/** Each script element's attributes and inline text, JSON-LD (which never runs) left out. */
async function scriptsOf(response: PageResponse) {
  const scripts = [...(await response.text()).matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .map(([, attributes = "", text = ""]) => ({ attributes, text }))
    .filter(({ attributes }) => !attributes.includes("application/ld+json"));
  expect(scripts.length).toBeGreaterThan(0);
  return scripts;
}

/** A portal page: the policy has a nonce, and every script of the page carries it. */
export async function expectScriptsCarryNonce(response: PageResponse) {
  const policy = expectProtectiveHeaders(response);
  const nonce = policy.match(/script-src 'self' 'nonce-([^']+)'/)?.[1];
  expect(nonce, "script-src allows only our origin and this page's nonce").toBeTruthy();
  for (const { attributes } of await scriptsOf(response)) {
    expect(attributes, "every script carries the page's nonce").toContain(`nonce="${nonce}"`);
  }
}

/**
 * A public page: the same for every visitor, so no nonce; the policy allows our origin and the
 * SHA-256 of each inline script the page has, and nothing else.
 */
export async function expectScriptsListedByHash(response: PageResponse) {
  const policy = expectProtectiveHeaders(response);
  const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1]?.split(" ") ?? [];
  expect(scriptSources[0]).toBe("'self'");
  expect(scriptSources.slice(1).every((source) => /^'sha256-[\w+/]+=*'$/.test(source))).toBe(true);
  for (const { attributes, text } of await scriptsOf(response)) {
    expect(attributes, "no script carries a nonce").not.toContain("nonce=");
    if (attributes.includes("src=")) continue;
    const hash = `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    expect(scriptSources, "the policy lists each inline script's hash").toContain(hash);
  }
}
