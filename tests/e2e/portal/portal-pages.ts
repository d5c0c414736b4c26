import type { Page } from "@playwright/test";
import { expect, openPortal, PORTAL, submitInquiry, uid } from "./portal-fixtures";

/** Every portal page and modal, for the checks that walk them all (axe, phone width). */
export type PortalPage = {
  name: string;
  signedIn: boolean;
  /** The URL to open; may prepare data first. */
  url: (page: Page) => Promise<string>;
  /** What must be on screen before a check runs. */
  ready: (page: Page) => Promise<void>;
};

const heading = (title: string) => async (page: Page) => {
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
};
const modal = (title: string) => async (page: Page) => {
  await expect(page.getByRole("dialog", { name: title })).toBeVisible();
};
const fixed = (url: string) => async () => url;

/** The Edit link of the first course the course list at `listUrl` shows. */
const editCourseHref = (listUrl: string) => async (page: Page) => {
  await openPortal(page, listUrl);
  const href = await page
    .locator("[data-course-slug]")
    .first()
    .getByRole("link", { name: /^Edit/ })
    .getAttribute("href");
  expect(href).toContain("modal=edit");
  return href as string;
};

export const portalPages: PortalPage[] = [
  { name: "login", signedIn: false, url: fixed(`${PORTAL}/login`), ready: heading("Admin Portal") },
  {
    name: "forgot password",
    signedIn: false,
    url: fixed(`${PORTAL}/forgot-password`),
    ready: heading("Forgot password?"),
  },
  {
    name: "reset password",
    signedIn: false,
    url: fixed(`${PORTAL}/reset-password?token=not-a-real-token`),
    ready: heading("Choose a new password"),
  },
  {
    name: "sign-in link request",
    signedIn: false,
    url: fixed(`${PORTAL}/sign-in-link`),
    ready: heading("E-mail me a sign-in link"),
  },
  {
    name: "sign-in link use",
    signedIn: false,
    url: fixed(`${PORTAL}/sign-in-link?token=not-a-real-token`),
    ready: heading("Sign in with your link"),
  },
  {
    name: "dashboard",
    signedIn: true,
    url: fixed(`${PORTAL}/dashboard`),
    ready: heading("Dashboard"),
  },
  {
    name: "students",
    signedIn: true,
    url: fixed(`${PORTAL}/students`),
    ready: heading("Students"),
  },
  { name: "tutors", signedIn: true, url: fixed(`${PORTAL}/tutors`), ready: heading("Tutors") },
  { name: "reports", signedIn: true, url: fixed(`${PORTAL}/reports`), ready: heading("Reports") },
  {
    name: "settings, with the outgoing e-mail list",
    signedIn: true,
    url: async () => {
      const token = uid();
      // Its staff alert gives the list a row.
      await submitInquiry({
        fullName: `Axe Mail ${token}`,
        email: `axe-mail-${token}@example.com`,
      });
      return `${PORTAL}/settings`;
    },
    ready: async (page) => {
      await expect(page.getByRole("list", { name: /^Outgoing e-mail/ })).toBeVisible();
    },
  },
  {
    name: "courses, card view",
    signedIn: true,
    url: fixed(`${PORTAL}/courses?inactive=1`),
    ready: heading("Courses"),
  },
  {
    name: "courses, list view",
    signedIn: true,
    url: fixed(`${PORTAL}/courses?inactive=1&view=list`),
    ready: heading("Courses"),
  },
  {
    name: "courses, create modal",
    signedIn: true,
    url: fixed(`${PORTAL}/courses?modal=create`),
    ready: modal("Add Course"),
  },
  {
    name: "courses, edit modal",
    signedIn: true,
    url: editCourseHref(`${PORTAL}/courses`),
    ready: modal("Edit Course"),
  },
  {
    name: "courses, list view, edit modal",
    signedIn: true,
    url: editCourseHref(`${PORTAL}/courses?inactive=1&view=list`),
    ready: modal("Edit Course"),
  },
  {
    name: "messages, list",
    signedIn: true,
    url: fixed(`${PORTAL}/messages`),
    ready: heading("Messages and Inquiries"),
  },
  {
    name: "messages, the overdue tab with its reply clocks",
    signedIn: true,
    url: fixed(`${PORTAL}/messages?tab=overdue`),
    ready: heading("Messages and Inquiries"),
  },
  {
    name: "messages, a message open",
    signedIn: true,
    url: async (page) => {
      const token = uid();
      await submitInquiry({
        fullName: `Axe Visitor ${token}`,
        email: `axe-${token}@example.com`,
        phone: "0803 123 4567",
        contactMethod: "Phone / WhatsApp",
        message: "Checking the detail view's accessibility.",
      });
      await openPortal(page, `${PORTAL}/messages?q=${token}`);
      const href = await page
        .locator("[data-message-id]")
        .first()
        .getByRole("link")
        .getAttribute("href");
      expect(href).toContain("id=");
      return href as string;
    },
    ready: async (page) => {
      await expect(page.getByRole("region", { name: "Message details" })).toBeVisible();
    },
  },
  {
    name: "saved replies",
    signedIn: true,
    url: fixed(`${PORTAL}/saved-replies`),
    ready: heading("Saved Replies"),
  },
  {
    name: "saved replies, add modal",
    signedIn: true,
    url: fixed(`${PORTAL}/saved-replies?modal=create`),
    ready: modal("Add saved reply"),
  },
  {
    name: "discounts, add modal",
    signedIn: true,
    url: fixed(`${PORTAL}/discounts?modal=create`),
    ready: modal("Add discount code"),
  },
  {
    name: "sponsored seats, add modal",
    signedIn: true,
    url: fixed(`${PORTAL}/sponsors?modal=create`),
    ready: modal("Add sponsored seats"),
  },
  {
    name: "admins",
    signedIn: true,
    url: fixed(`${PORTAL}/admins`),
    ready: heading("Admin Management"),
  },
  {
    name: "admins, add modal",
    signedIn: true,
    url: fixed(`${PORTAL}/admins?modal=create`),
    ready: modal("Add Admin"),
  },
];
