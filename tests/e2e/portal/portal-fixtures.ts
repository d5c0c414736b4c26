import { randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
  request as playwrightRequest,
} from "@playwright/test";
import { portalBaseURL as baseURL, portalDataDir as dataDir } from "../../../playwright.config";
import { axeViolations } from "../fixtures";

/**
 * Fixtures of the staff-portal browser tests.
 *
 * Every test is its own client (a random X-Forwarded-For address; the server runs with
 * TRUST_PROXY=1), so the per-address limits of failed sign-ins (20 / 15 min) and of the public
 * forms (5 / 10 min) never couple two tests. Admin accounts are created per test through the
 * admins page's action, signed in as the demo super admin once per worker; successful sign-ins
 * never count against the sign-in limits, and each account's failures are its own test's.
 */

export { expect };

export const PORTAL = "/admin-portal";
export const DEMO_ADMIN = {
  email: "admin@academy.test",
  password: "demo-admin-2026",
  name: "Demo Super Admin",
} as const;
export const SESSION_COOKIE = "better-auth.session_token";
export const THEME_COOKIE = "admin-theme";

const repoRoot = path.resolve(fileURLToPath(new URL("../../../", import.meta.url)));
/** The server's data folder (a fresh one per run) and its e-mail outbox. */
export const outboxDir = path.resolve(repoRoot, dataDir ?? "", "outbox");

/** A short random token for unique names, e-mails and search terms. */
export const uid = () => randomUUID().slice(0, 8);

let addressCount = 0;
/**
 * A random client address in 172.16.0.0/12 (the public-site tests use 10.0.0.0/8), new for
 * every call: the worker's process id, a counter and a random part.
 */
export function randomAddress() {
  addressCount += 1;
  const random = Math.floor(Math.random() * 254) + 1;
  return `172.${16 + (process.pid % 16)}.${addressCount % 256}.${random}`;
}

export type AdminRole = "admin" | "super_admin";
export type AdminAccount = {
  name: string;
  email: string;
  phone: string;
  password: string;
  role: AdminRole;
};

/** A new API client with its own client address. */
export async function newApiClient(address = randomAddress()) {
  return playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": address },
  });
}

/** Signs `client` in (cookies land in the client's cookie jar; for a page: its context). */
export async function apiSignIn(
  client: APIRequestContext,
  account: Pick<AdminAccount, "email" | "password">,
  rememberMe = true,
) {
  const response = await client.post(`${PORTAL}/login`, {
    form: {
      email: account.email,
      password: account.password,
      ...(rememberMe ? { rememberMe: "on" } : {}),
    },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in of ${account.email}`).toBe(302);
  expect(response.headers().location).toBe(`${PORTAL}/dashboard`);
}

type WorkerFixtures = {
  /** An API client signed in as the demo super admin (one sign-in per worker). */
  superApi: APIRequestContext;
};

type TestFixtures = {
  clientAddress: string;
  /** Creates an admin account through the admins page, as the demo super admin. */
  createAdmin: (options?: Partial<AdminAccount> & { active?: boolean }) => Promise<AdminAccount>;
  /** Signs the test's browser context in as `account` (through the login action). */
  signIn: (account: Pick<AdminAccount, "email" | "password">) => Promise<void>;
  /** A fresh super admin, signed in in the test's browser context. */
  superAdmin: AdminAccount;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  superApi: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures destructure their dependencies
    async ({}, use) => {
      const client = await newApiClient();
      await apiSignIn(client, DEMO_ADMIN);
      await use(client);
      await client.dispose();
    },
    { scope: "worker" },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures destructure their dependencies
  clientAddress: async ({}, use) => {
    await use(randomAddress());
  },
  extraHTTPHeaders: async ({ clientAddress }, use) => {
    await use({ "X-Forwarded-For": clientAddress });
  },
  createAdmin: async ({ superApi }, use) => {
    await use(async (options = {}) => {
      const token = uid();
      const account: AdminAccount = {
        name: options.name ?? `Test Admin ${token}`,
        email: options.email ?? `e2e-${token}@academy.test`,
        phone: options.phone ?? `+234 80${Math.floor(10_000_000 + Math.random() * 89_999_999)}`,
        password: options.password ?? `pw-${randomUUID()}`,
        role: options.role ?? "admin",
      };
      const response = await superApi.post(`${PORTAL}/admins`, {
        form: {
          intent: "create",
          name: account.name,
          email: account.email,
          phone: account.phone,
          password: account.password,
          role: account.role,
          is_active: String(options.active ?? true),
        },
        maxRedirects: 0,
      });
      expect(response.status(), `creating admin ${account.email}`).toBe(302);
      return account;
    });
  },
  signIn: async ({ page }, use) => {
    await use((account) => apiSignIn(page.request, account));
  },
  superAdmin: async ({ createAdmin, signIn }, use) => {
    const account = await createAdmin({ role: "super_admin", name: `Super ${uid()}` });
    await signIn(account);
    await use(account);
  },
});

// ---------------------------------------------------------------------------------------------
// Page helpers
// ---------------------------------------------------------------------------------------------

/** React has hydrated the page (it attaches its internal keys to the DOM nodes it owns). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const root = document.querySelector("main");
    return Boolean(root && Object.keys(root).some((key) => key.startsWith("__react")));
  });
}

/** Opens a portal path and waits until React runs it. */
export async function openPortal(page: Page, pathAndQuery: string) {
  await page.goto(pathAndQuery.startsWith("/") ? pathAndQuery : `${PORTAL}/${pathAndQuery}`);
  await waitForHydration(page);
}

export const successToast = (page: Page, text: string | RegExp) =>
  page.locator('[data-toast="success"]').filter({ hasText: text });

/**
 * Expects a toast with `text` of `kind`, then dismisses it, so that a later toast with the
 * same text is a new one.
 */
export async function expectToast(
  page: Page,
  text: string | RegExp,
  kind: "success" | "error" = "success",
  timeout = 10_000,
) {
  const items = page.locator(`[data-toast="${kind}"]`).filter({ hasText: text });
  await expect(items.first()).toBeVisible({ timeout });
  // Dismiss every copy (they also expire on their own after 4 or 6 seconds).
  for (let round = 0; round < 5 && (await items.count()) > 0; round++) {
    await items
      .first()
      .getByRole("button", { name: "Dismiss notification" })
      .click({ timeout: 2_000 })
      .catch(() => {});
  }
  await expect(items).toHaveCount(0);
}

export const dialog = (page: Page, title: string) =>
  page.getByRole("dialog", { name: title, exact: true });

/**
 * Opens a list page's 'Add …' modal from its link, which the modal is named after (the first
 * link: a phone shows a second), and returns the modal once it shows.
 */
export async function openAddModal(page: Page, name: string) {
  await page.getByRole("link", { name }).first().click();
  const modal = dialog(page, name);
  await expect(modal).toBeVisible();
  return modal;
}

/** Opens the modal titled `title` from an item's link (`Edit …`, `Delete …`), once it shows. */
export async function openItemModal(item: Locator, link: string | RegExp, title: string) {
  await item.getByRole("link", { name: link }).click();
  const modal = dialog(item.page(), title);
  await expect(modal).toBeVisible();
  return modal;
}

/** Saves a modal with its required text field `field` emptied; waits for the field's message. */
export async function saveWithEmptied(form: Locator, field: string, message: string) {
  await textbox(form, field).fill("");
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(errorOf(textbox(form, field))).toHaveText(message);
}

/** Presses a modal's button (`Add tutor`, `Save Changes`, `Delete`) and waits for its toast. */
export async function submitModal(modal: Locator, button: string, toast: string | RegExp) {
  await modal.getByRole("button", { name: button }).click();
  await expectToast(modal.page(), toast);
}

/** A text input by its accessible name (labels carry an aria-hidden "*" when required). */
export const textbox = (scope: Page | Locator, name: string) =>
  scope.getByRole("textbox", { name, exact: true });

export const combobox = (scope: Page | Locator, name: string) =>
  scope.getByRole("combobox", { name, exact: true });

/** The error line right under a form control. */
export const errorOf = (control: Locator) => control.locator("xpath=following-sibling::p[1]");

export const bellCount = (page: Page) => page.locator("[data-unread-count]");

export async function readBellCount(page: Page) {
  return Number(await bellCount(page).textContent());
}

/** The session cookie of `context`, if any. */
export async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
}

/** The admin-theme cookie as react-router's createCookie writes it (base64 JSON). */
export function themeCookieValue(theme: "light" | "dark") {
  return Buffer.from(JSON.stringify(theme)).toString("base64");
}

export async function setDarkThemeCookie(context: BrowserContext) {
  await context.addCookies([{ name: THEME_COOKIE, value: themeCookieValue("dark"), url: baseURL }]);
}

/** The signed-in demo super admin's cookies, for read-only pages (axe). */
export async function addDemoSession(context: BrowserContext, superApi: APIRequestContext) {
  const state = await superApi.storageState();
  await context.addCookies(state.cookies.filter((cookie) => cookie.name === SESSION_COOKIE));
}

// ---------------------------------------------------------------------------------------------
// Accessibility
// ---------------------------------------------------------------------------------------------

export const axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

export async function expectNoAxeViolations(page: Page, label: string) {
  expect(await axeViolations(page, axeTags), `axe violations on ${label}`).toEqual([]);
}

// ---------------------------------------------------------------------------------------------
// E-mail outbox
// ---------------------------------------------------------------------------------------------

export type Mail = { file: string; headers: string; subject: string; to: string; body: string };

/** Quoted-printable: soft line breaks removed, `=XX` escapes decoded as UTF-8. */
export function decodeQuotedPrintable(text: string) {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const char = joined[index] as string;
    const hex = joined.slice(index + 1, index + 3);
    if (char === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function parseMail(file: string, raw: string): Mail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
  const rawBody = raw.slice(split).trim();
  const header = (name: string) =>
    headers.match(new RegExp(`^${name}:\\s*(.*)$`, "im"))?.[1]?.trim() ?? "";
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  const body =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(rawBody)
      : encoding === "base64"
        ? Buffer.from(rawBody, "base64").toString("utf8")
        : rawBody;
  return { file, headers, subject: header("Subject"), to: header("To"), body };
}

/** Every e-mail in the outbox, oldest first (file names start with the time they were sent). */
export async function readOutbox(): Promise<Mail[]> {
  let files: string[];
  try {
    files = (await readdir(outboxDir)).filter((file) => file.endsWith(".eml")).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (file) => parseMail(file, await readFile(path.join(outboxDir, file), "utf8"))),
  );
}

/** The newest e-mail to `to` that matches `filter`, waiting up to 10 s for it to arrive. */
export async function waitForMail(to: string, filter: (mail: Mail) => boolean = () => true) {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await readOutbox();
        found = mails.reverse().find((mail) => mail.to.includes(to) && filter(mail));
        return Boolean(found);
      },
      { timeout: 10_000, message: `an e-mail to ${to} in ${outboxDir}` },
    )
    .toBe(true);
  return found as Mail;
}

// ---------------------------------------------------------------------------------------------
// Visitors' messages
// ---------------------------------------------------------------------------------------------

export type Inquiry = {
  fullName: string;
  email: string;
  phone?: string;
  inquiryType?: string;
  courseInterest?: string;
  contactMethod?: string;
  message?: string;
};

/** What a visitor's request tells the server about them, besides the form. */
export type VisitorOrigin = { address?: string; headers?: Record<string, string> };

/** Stores an inquiry through the landing page's action, as a visitor with its own address. */
export async function submitInquiry(inquiry: Inquiry, origin: VisitorOrigin = {}) {
  const client = await newApiClient(origin.address);
  try {
    const response = await client.post("/?index", {
      headers: origin.headers,
      form: {
        inquiryType: "I'm interested in a course",
        consent: "on",
        website: "",
        ...inquiry,
      },
    });
    expect(response.status(), `storing the inquiry of ${inquiry.fullName}`).toBe(200);
  } finally {
    await client.dispose();
  }
}

// ---------------------------------------------------------------------------------------------
// Course files
// ---------------------------------------------------------------------------------------------

/** A real PNG (a gradient, so it is not trivially small), made with sharp. */
export async function makePng(width = 1200, height = 800) {
  const sharp = (await import("sharp")).default;
  const channels = 3;
  const pixels = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * channels;
      pixels[offset] = (x * 255) / width;
      pixels[offset + 1] = (y * 255) / height;
      pixels[offset + 2] = 120;
    }
  }
  return sharp(pixels, { raw: { width, height, channels } }).png().toBuffer();
}

/** Chooses a course form's image (a PNG) and brochure (a PDF). */
export async function attachCourseFiles(
  form: Locator,
  { image, brochure }: { image: Buffer; brochure: Buffer },
) {
  await form
    .getByLabel("Course image")
    .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: image });
  await form
    .getByLabel("Brochure (PDF)")
    .setInputFiles({ name: "brochure.pdf", mimeType: "application/pdf", buffer: brochure });
}

/** A one-page PDF made with pdf-lib. */
export async function makePdf(title: string) {
  const { PDFDocument, StandardFonts } = await import("pdf-lib");
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const pdfPage = document.addPage([595, 842]);
  pdfPage.drawText(`${title} brochure`, { x: 50, y: 780, size: 20, font });
  return Buffer.from(await document.save());
}
