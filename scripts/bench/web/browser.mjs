// The JavaScript a page really loads, measured in Chromium (playwright-core) at a phone's size.
import { chromium } from "playwright-core";

const PHONE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };
const QUIET_MS = 500;
const TIMEOUT_MS = 30_000;

export function launchBrowser(executablePath) {
  return chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
}

/**
 * Loads `url` in a new context (empty cache; signed in with `storageState`) until the network is
 * idle, and sums every script response as transferred (its headers plus its body as encoded on
 * the wire) and the bodies alone.
 */
export async function scriptTransfer(browser, url, storageState) {
  const context = await browser.newContext({ ...PHONE, storageState });
  try {
    const page = await context.newPage();
    const scripts = [];
    page.on("requestfinished", (request) => {
      if (request.resourceType() === "script") scripts.push(request);
    });
    await loadUntilQuiet(page, url);
    const sizes = await Promise.all(scripts.map((request) => request.sizes()));
    return {
      bytes: sizes.reduce((sum, size) => sum + size.responseHeadersSize + size.responseBodySize, 0),
      /** The scripts themselves as compressed on the wire, without the headers. */
      bodyBytes: sizes.reduce((sum, size) => sum + size.responseBodySize, 0),
      requests: scripts.length,
    };
  } finally {
    await context.close();
  }
}

/**
 * Playwright's "networkidle" (no request for 500 ms), except that an event stream does not
 * count: the portal keeps one open for as long as the page is.
 */
async function loadUntilQuiet(page, url) {
  const inFlight = new Set();
  let lastActivity = Date.now();
  page.on("request", (request) => {
    if (request.resourceType() === "eventsource") return;
    inFlight.add(request);
    lastActivity = Date.now();
  });
  const settle = (request) => {
    inFlight.delete(request);
    lastActivity = Date.now();
  };
  page.on("requestfinished", settle);
  page.on("requestfailed", settle);
  const response = await page.goto(url, { waitUntil: "load", timeout: TIMEOUT_MS });
  if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
  const deadline = Date.now() + TIMEOUT_MS;
  while (inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS) {
    if (Date.now() > deadline) throw new Error(`${url} never went quiet`);
    await page.waitForTimeout(50);
  }
}

/** Signs in through the portal's login form; resolves with the signed-in cookies. */
export async function signIn(browser, origin, { email, password }) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/admin-portal/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/admin-portal/login"));
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** The Cookie header that a browser with `storageState` sends. */
export const cookieHeader = (storageState) =>
  storageState.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
