import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { addDays, formatLongDate, lagosToday } from "~/lib/format/dates";
import { portalBaseURL } from "../../../playwright.config";
import { expectNoAxeViolations as expectNoPublicAxeViolations } from "../fixtures";
import {
  type Applicant,
  apply,
  buildTwiceWeekly,
  enrolOffered,
  expectNoAxeViolationsAsServed,
  moveIntake,
  newCourse,
  newIntake,
  phoneContext,
  privateLink,
} from "./cohort-data";
import {
  decodeQuotedPrintable,
  expect,
  expectNoAxeViolations,
  openPortal,
  PORTAL,
  randomAddress,
  test,
  textbox,
  uid,
  waitForMail,
} from "./portal-fixtures";

/*
 * Certificates (issue 45), from the signatory to the employer: a super admin sets who signs; a
 * student confirms on their phone, without JavaScript, the spelling of their name with its
 * Yoruba marks; staff issue the certificates of an intake that has ended (once: a second press
 * issues nothing); the student downloads theirs and has it by e-mail; an employer checks it on
 * a phone without JavaScript by its page, its number typed in lower case, or a made-up number;
 * staff revoke it and the public page says so without the reason. Each step leans on the one
 * before (serial mode). The intake is made through the app's forms: open, two students apply
 * and are enrolled, then its dates move into the past (no form takes applications to an intake
 * that has ended) with no attendance condition, and its timetable is built there: 16 sessions
 * of three hours.
 */

test.describe.configure({ mode: "serial" });

const PHONE_WIDTH = 360;
const SIGNATORY = { name: "Folasade Ogunleye", title: "Head of Academics" };
const CONFIRMED_NAME = "Ọlálékan Àdìgún";
const SERIAL = /LTA-C-[0-9A-HJKMNP-TV-Z]{10}/;
const REVOKE_REASON = `Coursework copied from another student (case ${uid()})`;

const token = uid();
const confirming: Applicant = {
  fullName: "Olalekan Adigun",
  email: `certificate-${token}-1@example.com`,
};
const unconfirmed: Applicant = {
  fullName: "Bola Adeyemi",
  email: `certificate-${token}-2@example.com`,
};

let course: { id: string; title: string };
let intake: { id: string; label: string; startsOn: string; endsOn: string };
let studentLink: string;
let serial: string;
/** The Lagos date the certificate was issued on. */
let issuedOn: string;

/** A 360 px phone without JavaScript, a client of its own. */
async function phoneWithoutScripts(browser: Browser) {
  return browser.newContext({
    ...phoneContext,
    javaScriptEnabled: false,
    baseURL: portalBaseURL,
    extraHTTPHeaders: { "X-Forwarded-For": randomAddress() },
  });
}

/** The student's row on the intake's Certificates page. */
const rowOf = (page: Page, student: Applicant) =>
  page.locator(`li[data-student="${student.fullName}"]`);

test.beforeAll(async ({ superApi }) => {
  course = await newCourse(superApi);
  const open = await newIntake(superApi, course.id, { seats: 5 });
  for (const student of [confirming, unconfirmed]) await apply(superApi, open.id, student);
  expect(await enrolOffered(superApi, open.id)).toBe(2);
  // Eight weeks that ended five days ago.
  intake = await moveIntake(superApi, course.id, open, addDays(lagosToday(), -60), { seats: 5 });
  await buildTwiceWeekly(superApi, intake);
  studentLink = await privateLink(confirming.email);
});

test("staff set the signatory; on a phone without JavaScript the student confirms their name with its marks", async ({
  page,
  browser,
  superAdmin: _,
}) => {
  await openPortal(page, "settings");
  const card = page.locator("section").filter({
    has: page.getByRole("heading", { name: "Certificates", exact: true }),
  });
  await textbox(card, "Name").fill(SIGNATORY.name);
  await textbox(card, "Title").fill(SIGNATORY.title);
  await card.getByRole("button", { name: "Save signatory" }).click();
  await expect(
    page.getByText("Signatory saved. New certificates carry this name and title.").first(),
  ).toBeVisible();
  await page.reload();
  await expect(textbox(card, "Name")).toHaveValue(SIGNATORY.name);

  const context = await phoneWithoutScripts(browser);
  const phone = await context.newPage();
  await phone.goto(studentLink);
  const section = phone.getByRole("region", { name: "Your certificate" });
  const name = textbox(section, "Name on the certificate");
  await expect(name).toHaveValue(confirming.fullName);
  await name.fill(CONFIRMED_NAME);
  await section.getByRole("button", { name: "Confirm my name" }).click();
  await expect(
    phone.getByText(
      "Thank you: your certificate will carry your name exactly as you confirmed it.",
    ),
  ).toBeVisible();
  await expect(name).toHaveValue(CONFIRMED_NAME);
  await expect(section.getByRole("button", { name: "Save the corrected name" })).toBeVisible();
  await context.close();
});

test("staff see who is eligible and issue the certificates once", async ({
  page,
  createAdmin,
  signIn,
}) => {
  await signIn(await createAdmin());
  await page.goto(`${PORTAL}/courses/${course.id}/intakes`);
  await page.getByRole("link", { name: `Certificates ${intake.label}`, exact: true }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `Certificates: ${course.title}` }),
  ).toBeVisible();
  const conditions = page.getByRole("region", { name: "Conditions" });
  await expect(conditions).toContainText("Hours printed: 48 (the sessions on the timetable)");
  await expect(conditions).toContainText(`Signed by: ${SIGNATORY.name}, ${SIGNATORY.title}`);
  await expect(rowOf(page, confirming)).toContainText("Eligible");
  await expect(rowOf(page, confirming)).toContainText(`Name confirmed: ${CONFIRMED_NAME}`);
  await expect(rowOf(page, unconfirmed)).toContainText(
    "Not eligible yet: Name not yet confirmed by the student",
  );
  // The same page left open in another tab: its button pressed again once the first has issued.
  const stale = await page.context().newPage();
  await stale.goto(page.url());

  await page.getByRole("button", { name: "Issue certificates to 1 eligible student" }).click();
  await expect(page.getByText("1 certificate issued and e-mailed.").first()).toBeVisible();
  issuedOn = formatLongDate(new Date());
  await expect(
    page.getByRole("heading", { name: "Students (1 of 2 with a certificate)" }),
  ).toBeVisible();
  const issued = rowOf(page, confirming);
  await expect(issued).toContainText(SERIAL);
  serial = (await issued.textContent())?.match(SERIAL)?.[0] ?? "";
  await expect(issued.getByRole("link", { name: "Download PDF" })).toBeVisible();
  await expect(
    page.getByText("No student is waiting for a certificate they may have."),
  ).toBeVisible();
  await expectNoAxeViolations(page, "an intake's Certificates page, one issued");

  await stale.getByRole("button", { name: "Issue certificates to 1 eligible student" }).click();
  await expect(
    stale.getByText("No certificates issued: everyone eligible has one already.").first(),
  ).toBeVisible();
  await expect(
    stale.getByRole("heading", { name: "Students (1 of 2 with a certificate)" }),
  ).toBeVisible();
  await expect(stale.getByText(serial, { exact: true })).toHaveCount(1);
});

test("the student downloads their certificate and has it by e-mail", async ({ browser }) => {
  const context = await phoneWithoutScripts(browser);
  const phone = await context.newPage();
  await phone.goto(studentLink);
  const section = phone.getByRole("region", { name: "Your certificate" });
  await expect(section).toContainText(`number ${serial}`);
  const downloading = phone.waitForEvent("download");
  await section.getByRole("link", { name: "Download your certificate (PDF)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${serial}.pdf`);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  await context.close();

  const mail = await waitForMail(confirming.email, (item) =>
    item.subject.startsWith("Your certificate"),
  );
  const body = decodeQuotedPrintable(mail.body);
  expect(body).toContain(`Certificate number: ${serial}`);
  expect(body).toContain(`${portalBaseURL}/verify/${serial}`);
  expect(mail.body, "the PDF attached").toMatch(new RegExp(`filename="?${serial}\\.pdf`));
});

test("an employer checks the certificate on a phone without JavaScript", async ({ browser }) => {
  const context = await phoneWithoutScripts(browser);
  const phone = await context.newPage();
  const answer = await phone.goto(`/verify/${serial}`);
  expect(answer?.status()).toBe(200);
  await expect(phone.getByRole("heading", { level: 1, name: "Valid" })).toBeVisible();
  const printed = phone.getByRole("region", { name: "What the certificate prints" });
  const fields: [string, string][] = [
    ["Certificate number", serial],
    ["Awarded to", CONFIRMED_NAME],
    ["Course", course.title],
    ["Dates", `${formatLongDate(intake.startsOn)} to ${formatLongDate(intake.endsOn)}`],
    ["Hours", "48 hours of instruction"],
    ["Issued", issuedOn],
    ["Signed by", `${SIGNATORY.name}, ${SIGNATORY.title}`],
  ];
  for (const [term, value] of fields)
    await expect(
      printed.locator(`xpath=.//dt[normalize-space()="${term}"]/following-sibling::dd[1]`),
      term,
    ).toHaveText(value);
  expect(
    await phone.evaluate(() => document.documentElement.scrollWidth),
    "the page's width at 360 px",
  ).toBeLessThanOrEqual(PHONE_WIDTH);
  const structured = (await phone.locator('script[type="application/ld+json"]').allTextContents())
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((data) => data["@type"] === "EducationalOccupationalCredential");
  expect(structured, "the credential's JSON-LD").toMatchObject({ identifier: serial });
  const linkedIn = await phone.getByRole("link", { name: "Add to LinkedIn" }).getAttribute("href");
  expect(new URL(linkedIn ?? "").searchParams.get("certId")).toBe(serial);
  await expectNoAxeViolationsAsServed(phone, "a certificate's verify page", undefined, (copy) =>
    expectNoPublicAxeViolations(copy),
  );

  // Typed in lower case on the form, the number opens its page.
  await phone.goto("/verify");
  await textbox(phone, "Certificate number").fill(serial.toLowerCase());
  await phone.getByRole("button", { name: "Check certificate" }).click();
  await expect(phone).toHaveURL(`${portalBaseURL}/verify/${serial}`);
  await expect(phone.getByRole("heading", { level: 1, name: "Valid" })).toBeVisible();

  const unknown = await phone.goto("/verify/LTA-C-0000000000");
  expect(unknown?.status()).toBe(404);
  await expect(
    phone.getByRole("heading", { level: 1, name: "No certificate has this number" }),
  ).toBeVisible();
  await context.close();
});

test("staff revoke the certificate: its page says so, never why", async ({
  page,
  createAdmin,
  signIn,
}) => {
  await signIn(await createAdmin());
  await page.goto(`${PORTAL}/intakes/${intake.id}/certificates`);
  const row = rowOf(page, confirming);
  await row.getByText("Revoke", { exact: true }).click();
  await textbox(row, "Reason (kept for staff; the verify page shows only the date)").fill(
    REVOKE_REASON,
  );
  await row.getByRole("button", { name: "Revoke certificate" }).click();
  await expect(
    page.getByText("Certificate revoked. Its serial now verifies as revoked.").first(),
  ).toBeVisible();
  await expect(row).toContainText(`${serial}: Revoked`);
  const revokedOn = formatLongDate(new Date());

  const answer = await page.request.get(`/verify/${serial}`);
  expect(answer.status()).toBe(200);
  expect(await answer.text(), "the reason, anywhere in the page").not.toContain(REVOKE_REASON);
  await page.goto(`/verify/${serial}`);
  await expect(
    page.getByRole("heading", { level: 1, name: `Revoked on ${revokedOn}` }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Add to LinkedIn" })).toHaveCount(0);
});
