import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import pg from "pg";
import { withPostgres } from "../../../scripts/script-database";
import { freePort } from "../../support/free-port";
import { expect, test, waitForHydration } from "../fixtures";

/**
 * The public site while PostgreSQL refuses connections. The suite runs its own app server on
 * a database of its own on the PostgreSQL server (TEST_DATABASE_URL, else the local one), shuts
 * that database's door (ALLOW_CONNECTIONS false, its sessions ended), and opens it again.
 */

const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const databaseName = `academy_outage_${process.pid}_${Date.now()}`;
const course = { slug: "outage-test-course", title: "Outage Test Course" };

const texts = {
  featuredFailed: "Failed to load courses",
  featuredMessage: "We couldn't load the courses at this time. Please try again.",
  courseError: "Error Loading Course",
  courseMessage: "We couldn't load this course. Please try again.",
  contactFailure: "Failed to submit contact form. Please try again.",
  signInUnavailable: "Sign-in is unavailable for a moment. Please try again in a minute.",
};

let server: ChildProcess | undefined;
/** Everything the app server has written to stdout: its log, one JSON object a line. */
let serverOutput = "";
let dataDir = "";
let origin = "";

const asAdmin = <T>(work: (client: pg.Client) => Promise<T>) => withPostgres(adminUrl, work);

/** Refuses every new connection to the app's database and ends the open ones. */
const shutDatabase = () =>
  asAdmin(async (client) => {
    await client.query(`ALTER DATABASE "${databaseName}" WITH ALLOW_CONNECTIONS false`);
    await client.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
      [databaseName],
    );
  });

const reopenDatabase = () =>
  asAdmin((client) => client.query(`ALTER DATABASE "${databaseName}" WITH ALLOW_CONNECTIONS true`));

async function waitForHealth(url: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server?.exitCode !== null) throw new Error("The app server stopped during start-up");
    const healthy = await fetch(`${url}/healthz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("The app server did not become healthy");
}

const visitorMessage = "Please call me back about the next intake.";

async function fillLoginForm(page: Page) {
  await page.goto(`${origin}/admin-portal/login`);
  const form = page.locator("form#login");
  await form.getByLabel("Email").fill("ngozi@lagostechacademy.ng");
  await form.getByLabel("Password").fill("a-correct-password");
  return form;
}

async function fillContactForm(page: Page, { scripted }: { scripted: boolean }) {
  await page.goto(`${origin}/contact`);
  // The page's script starts after its load event; sent before that, the form goes as a plain
  // POST, which answers on the returned page and never with a toast.
  if (scripted) await waitForHydration(page);
  const form = page.locator("form#contact-form");
  await form.getByLabel("Full Name").fill("Bola Adeyemi");
  await form.getByLabel("Email Address").fill("bola@example.com");
  await form.getByLabel("Subject").selectOption("Enrollment Inquiry");
  await form.getByLabel("Message").fill(visitorMessage);
  return form;
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  await asAdmin((client) => client.query(`CREATE DATABASE "${databaseName}"`));
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${databaseName}`;
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), "academy-outage-"));
  server = spawn("node", ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: databaseUrl.toString(),
      AUTH_SECRET: "outage-test-secret-of-at-least-32-characters",
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      TRUST_PROXY: "1",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  server.stdout?.on("data", (chunk) => {
    serverOutput += chunk;
  });
  await waitForHealth(origin);
  const appDatabase = new pg.Client({ connectionString: databaseUrl.toString() });
  await appDatabase.connect();
  await appDatabase.query(
    "INSERT INTO courses (slug, title, description, category) VALUES ($1, $2, $3, 'Design')",
    [course.slug, course.title, "A course that exists while the database is up."],
  );
  await appDatabase.end();
});

test.afterAll(async () => {
  server?.kill("SIGTERM");
  if (server && server.exitCode === null) await once(server, "exit");
  await asAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("with the database up, the pages show the course", async ({ page }) => {
  await page.goto(`${origin}/course/${course.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: course.title })).toBeVisible();
});

test.describe("with the database refusing connections", () => {
  test.beforeAll(shutDatabase);
  test.afterAll(reopenDatabase);

  test("/about and /contact are whole, without the Courses menu", async ({ page }) => {
    for (const pathname of ["/about", "/contact"]) {
      const response = await page.goto(`${origin}${pathname}`);
      expect(response?.status(), pathname).toBe(200);
      const navigation = page.getByRole("navigation", { name: "Main" }).first();
      await expect(navigation.getByRole("link", { name: "About Us" })).toBeAttached();
      await expect(navigation.getByText("Courses", { exact: true })).toHaveCount(0);
    }
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "+234 803 123 4567" })).toBeVisible();
    await expect(main.getByText("Victoria Island", { exact: false })).toBeVisible();
  });

  test("the landing page shows the featured courses' failure view and answers 503", async ({
    page,
  }) => {
    const response = await page.goto(`${origin}/`);
    expect(response?.status()).toBe(503);
    expect(response?.headers()["retry-after"]).toMatch(/^\d+$/);
    await expect(page.getByRole("heading", { name: texts.featuredFailed })).toBeVisible();
    await expect(page.getByText(texts.featuredMessage)).toBeVisible();
    await expect(page.getByRole("link", { name: "Try Again" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Have a question? Ask us." })).toBeVisible();
  });

  test("the catalogue shows its full-page failure view and answers 503", async ({ page }) => {
    const response = await page.goto(`${origin}/courses`);
    expect(response?.status()).toBe(503);
    expect(response?.headers()["retry-after"]).toMatch(/^\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: texts.featuredFailed })).toBeVisible();
    await expect(page.getByRole("link", { name: "Try Again" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go Home" })).toBeVisible();
  });

  test("a course page shows 'Error Loading Course' and answers 503", async ({ page }) => {
    const response = await page.goto(`${origin}/course/${course.slug}`);
    expect(response?.status()).toBe(503);
    expect(response?.headers()["retry-after"]).toMatch(/^\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: texts.courseError })).toBeVisible();
    await expect(page.getByText(texts.courseMessage)).toBeVisible();
    await expect(page.getByRole("link", { name: "Try Again" })).toBeVisible();
  });

  test("the sitemap answers 503 with Retry-After", async ({ request }) => {
    const response = await request.get(`${origin}/sitemap.xml`);
    expect(response.status()).toBe(503);
    expect(response.headers()["retry-after"]).toMatch(/^\d+$/);
  });

  test("a contact message sent meanwhile is shown again with the failure message", async ({
    page,
  }) => {
    const form = await fillContactForm(page, { scripted: true });
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator('[data-toast="error"] p')).toHaveText(texts.contactFailure);
    await expect(form.getByLabel("Message")).toHaveValue(visitorMessage);
    await expect(page.getByRole("heading", { name: "Send us a message" })).toBeVisible();
  });

  test("the failed submission is logged as JSON lines with its request id and no personal data", async ({
    request,
  }) => {
    const visitor = {
      name: "Folasade Okonkwo",
      email: "folasade.okonkwo@example.com",
      phone: "0803 555 0142",
      message: "Please send me the fees for the weekend cohort.",
      address: "102.89.34.201",
    };
    const logStart = serverOutput.length;
    const response = await request.post(`${origin}/contact`, {
      form: {
        name: visitor.name,
        email: visitor.email,
        phone: visitor.phone,
        subject: "Enrollment Inquiry",
        message: visitor.message,
      },
      headers: { "X-Forwarded-For": visitor.address },
    });
    expect(response.status()).toBe(503);
    const requestId = response.headers()["x-request-id"] ?? "";
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    let lines: Array<Record<string, unknown>> = [];
    await expect(async () => {
      const text = serverOutput.slice(logStart);
      lines = text
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line));
      const own = lines.filter((line) => line.reqId === requestId);
      expect(own.some((line) => line.level === 50 && line.err)).toBe(true);
      expect(own.some((line) => (line.res as { status?: number })?.status === 503)).toBe(true);
    }).toPass({ timeout: 5_000 });
    for (const line of lines) expect(line.time).toEqual(expect.any(String));
    const logged = serverOutput.slice(logStart);
    for (const value of Object.values(visitor)) expect(logged).not.toContain(value);
  });

  test("staff signing in meanwhile are told that sign-in is unavailable for a moment", async ({
    page,
  }) => {
    const form = await fillLoginForm(page);
    await form.getByRole("button", { name: "Sign In" }).click();
    await expect(form.getByRole("alert")).toHaveText(texts.signInUnavailable);
    await expect(form.getByLabel("Email")).toHaveValue("ngozi@lagostechacademy.ng");
  });

  test("asking for a sign-in link meanwhile answers 503 and says sign-in is unavailable", async ({
    request,
  }) => {
    const response = await request.post(`${origin}/admin-portal/sign-in-link`, {
      form: { intent: "request", email: "ngozi@lagostechacademy.ng" },
    });
    expect(response.status()).toBe(503);
    expect(await response.text()).toContain(texts.signInUnavailable);
  });

  test("asking for a password reset meanwhile answers 503 and says sign-in is unavailable", async ({
    request,
  }) => {
    const response = await request.post(`${origin}/admin-portal/forgot-password`, {
      form: { email: "ngozi@lagostechacademy.ng" },
    });
    expect(response.status()).toBe(503);
    expect(await response.text()).toContain(texts.signInUnavailable);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a sign-in meanwhile answers 503 with Retry-After and says so", async ({ page }) => {
      const form = await fillLoginForm(page);
      const [response] = await Promise.all([
        page.waitForResponse((answer) => answer.request().method() === "POST"),
        form.getByRole("button", { name: "Sign In" }).click(),
      ]);
      expect(response.status()).toBe(503);
      expect(response.headers()["retry-after"]).toMatch(/^\d+$/);
      await expect(form.getByRole("alert")).toHaveText(texts.signInUnavailable);
    });

    test("a contact message sent meanwhile comes back with the text and the failure", async ({
      page,
    }) => {
      const form = await fillContactForm(page, { scripted: false });
      const [response] = await Promise.all([
        page.waitForResponse((answer) => answer.request().method() === "POST"),
        form.getByRole("button", { name: "Send Message" }).click(),
      ]);
      expect(response.status()).toBe(503);
      await expect(form.getByRole("alert")).toHaveText(texts.contactFailure);
      await expect(form.getByRole("alert")).toBeInViewport();
      await expect(form.getByLabel("Message")).toHaveValue(visitorMessage);
      await expect(form.getByLabel("Subject")).toHaveValue("Enrollment Inquiry");
    });
  });
});

test("when the database is back, the pages recover by themselves", async ({ page }) => {
  await expect(async () => {
    const response = await page.goto(`${origin}/course/${course.slug}`);
    expect(response?.status()).toBe(200);
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name: course.title })).toBeVisible();
  const response = await page.goto(`${origin}/courses`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("link", { name: new RegExp(course.title) }).first()).toBeVisible();
});
