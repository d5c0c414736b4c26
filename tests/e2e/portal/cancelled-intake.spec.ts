import type { APIRequestContext, Page } from "@playwright/test";
import { addDays, lagosToday } from "~/lib/format/dates";
import {
  expect,
  expectNoAxeViolations,
  openPortal,
  PORTAL,
  test,
  uid,
  waitForHydration,
  waitForMail,
} from "./portal-fixtures";

/*
 * An intake cancelled after an applicant accepted their place and chose how to pay: on their
 * phone (360 px) 'My application' says the intake was cancelled, why, and that nothing is due,
 * with no pay button, no plan to choose and no step to take.
 */

const reason = "Too few applicants to run the class.";

/** A course's id, from its Intakes page's address. */
async function firstCourseId(page: Page) {
  await openPortal(page, `${PORTAL}/courses?view=list`);
  await page
    .getByRole("link", { name: /^Intakes of / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/intakes$/);
  return page.url().match(/courses\/([0-9a-f-]+)\/intakes/)?.[1] ?? "";
}

/** A new open first-come intake of the course, a month away; its label. */
async function newIntake(api: APIRequestContext, courseId: string) {
  const label = `Cancelled later ${uid()}`;
  const startsOn = addDays(lagosToday(), 30);
  const response = await api.post(`${PORTAL}/courses/${courseId}/intakes`, {
    form: {
      intent: "create",
      label,
      startsOn,
      endsOn: addDays(startsOn, 60),
      mode: "online",
      seats: "5",
      enrolmentClosesAt: `${addDays(startsOn, -2)}T17:00`,
      price: "112500",
      status: "open",
      admissionMode: "first-come",
    },
    maxRedirects: 0,
  });
  expect(response.status(), "creating the intake").toBe(302);
  return label;
}

test("a cancelled intake's applicant is told on their page, with no pay button", {
  tag: "@phone",
}, async ({ page, superApi, createAdmin, signIn }) => {
  // Staff and applicant both walk it: a dozen pages.
  test.setTimeout(90_000);
  await signIn(await createAdmin({ role: "admin" }));
  const courseId = await firstCourseId(page);
  const label = await newIntake(superApi, courseId);
  await openPortal(page, `${PORTAL}/courses/${courseId}/intakes`);
  const cancelLink = page.getByRole("link", { name: `Cancel ${label}` });
  const intakeId = new URL(
    (await cancelLink.getAttribute("href")) ?? "",
    page.url(),
  ).searchParams.get("id");
  expect(intakeId, "the new intake's id").toBeTruthy();

  const email = `cancelled-${uid()}@example.com`;
  await page.goto(`/apply/${intakeId}`);
  const form = page.locator("form#application-form");
  await form.getByLabel("Full Name").fill("Tobi Okafor");
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Phone Number").fill("0803 123 4567");
  await form.getByLabel("Experience Level").selectOption("Some self-study");
  await form.getByLabel("What do you want to achieve?").fill("Become a data analyst.");
  await form.getByLabel("How did you hear about us?").selectOption("Instagram");
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(form.getByRole("status")).toContainText("A place is held for you");

  const link = (await waitForMail(email)).body.match(/\/application\/[A-Za-z0-9_-]{43}/)?.[0];
  await page.goto(link ?? "");
  await page.getByRole("link", { name: "Accept offer" }).click();
  await page.getByRole("button", { name: "Yes, accept my place" }).click();
  const payment = page.getByRole("region", { name: "Payment" });
  await payment.getByRole("button", { name: "Choose this plan" }).click();
  await expect(payment.getByRole("button", { name: /^Pay ₦112,500 now/ })).toBeVisible();

  // Staff cancel it on their phone, with the reason.
  await openPortal(page, `${PORTAL}/courses/${courseId}/intakes`);
  await page.getByRole("link", { name: `Cancel ${label}` }).click();
  const modal = page.getByRole("dialog", { name: "Cancel intake" });
  await modal.getByRole("textbox", { name: "Reason" }).fill(reason);
  await modal.getByRole("button", { name: "Cancel intake" }).click();
  await expect(page.getByText("Intake cancelled.").first()).toBeVisible();
  const told = await waitForMail(email, (mail) => mail.subject.startsWith("Intake cancelled"));
  expect(told.body).toContain(`The reason: ${reason}`);

  await page.goto(link ?? "");
  await expect(page.getByRole("heading", { name: "Status: Intake cancelled" })).toBeVisible();
  await expect(
    page.getByText(`The academy has cancelled this intake. The reason: ${reason}`),
  ).toBeVisible();
  await expect(payment.getByText("Nothing is due.")).toBeVisible();
  await expect(payment.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(page.getByText("Your place is confirmed")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Pay / })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Choose this plan" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Withdraw application" })).toHaveCount(0);
  await expect(page.getByText("The academy cancelled the intake")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
  await waitForHydration(page);
  await expectNoAxeViolations(page, "My application, intake cancelled");
});
