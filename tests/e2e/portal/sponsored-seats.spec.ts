import { expectFitsPhones } from "../phone-fit";
import { newCourse, newIntake } from "./cohort-data";
import {
  addDemoSession,
  dialog,
  expect,
  expectNoAxeViolations,
  expectToast,
  openPortal,
  PORTAL,
  test,
  uid,
} from "./portal-fixtures";

/*
 * Sponsored seats in a browser (issue 46): staff sell seats in an intake of a course of the
 * test's own, keep one for a named person, and the sponsor's private page (opened from the link
 * staff copy) shows the codes; a person applies with the other code and is enrolled at once,
 * which the sponsor's page then says. axe scans the staff's page with its modal open and the
 * sponsor's page; the sponsor's page fits a phone. On the phone project too (@phone).
 */

test("staff sell seats and keep one for a named person; a person applies with a code and the sponsor sees it used @phone", async ({
  page,
  superApi,
}, testInfo) => {
  test.setTimeout(120_000);
  const course = await newCourse(superApi);
  const intake = await newIntake(superApi, course.id, { seats: 10 });
  await addDemoSession(page.context(), superApi);
  const sponsor = `Zenith Logistics ${uid()}`;

  await openPortal(page, `${PORTAL}/sponsors?modal=create`);
  const form = dialog(page, "Add sponsored seats");
  await form.getByLabel("Sponsor (company or organisation)").fill(sponsor);
  await form.getByLabel("Contact person").fill("Ngozi Eze");
  await form.getByLabel("Billing e-mail").fill(`hr-${uid()}@zenith.example`);
  await form.getByRole("combobox", { name: "Intake" }).selectOption(intake.id);
  await form.getByRole("spinbutton", { name: "Seats", exact: true }).fill("2");
  await form.getByRole("button", { name: "Create seats and send the invoice" }).click();
  await expectToast(page, "Seats created and the invoice sent to the sponsor");
  await expect(page.getByRole("heading", { name: sponsor, level: 1 })).toBeVisible();
  await expect(page.getByText("Not paid yet").first()).toBeVisible();

  // Seat 1 is kept for Ada: the modal names her, and the page says so.
  await page.getByRole("link", { name: "Name the person for seat 1" }).click();
  const naming = dialog(page, "Name the person for seat 1");
  await expect(naming).toBeVisible();
  if (testInfo.project.name === "portal") await expectNoAxeViolations(page, "a sponsorship");
  await naming.getByLabel("Full name").fill("Ada Obi");
  await naming.getByLabel("E-mail address").fill(`ada-${uid()}@zenith.example`);
  await naming.getByRole("button", { name: "Keep the seat and e-mail the code" }).click();
  await expectToast(page, "The seat is kept for them and the code e-mailed");
  await expect(page.getByRole("row", { name: /Kept for Ada Obi/ })).toBeVisible();

  // The sponsor's page, from the link staff copy: the codes and what became of each seat.
  const link = await page.getByLabel(/Send this link to the sponsor/).inputValue();
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole("heading", { name: `Seats for ${sponsor}`, level: 1 })).toBeVisible();
  const secondSeat = page.getByRole("row", { name: /^2 / });
  await expect(secondSeat).toContainText("Not used yet");
  const code = (await secondSeat.getByRole("cell").first().textContent()) ?? "";
  expect(code).toMatch(/^SEAT-[0-9A-Z]{5}-[0-9A-Z]{5}$/);
  if (testInfo.project.name === "portal") await expectNoAxeViolations(page, "the sponsor's page");
  else await expectFitsPhones(page, "the sponsor's page");

  // A person applies with the second code, in lower case, and is enrolled with nothing to pay.
  await page.getByRole("link", { name: "apply page of this intake" }).click();
  await expect(page).toHaveURL(new RegExp(`/apply/${intake.id}$`));
  const apply = page.locator("form#application-form");
  await apply.getByLabel("Full Name").fill("Kemi Adebayo");
  await apply.getByLabel("Email Address").fill(`kemi-${uid()}@example.com`);
  await apply.getByLabel("Phone Number").fill("0803 123 4567");
  await apply.getByLabel("Experience Level").selectOption("Some self-study");
  await apply.getByLabel("What do you want to achieve?").fill("Lead the data team at work.");
  await apply.getByLabel("How did you hear about us?").selectOption("Instagram");
  await apply.getByLabel("Discount or seat code (optional)").fill(code.toLowerCase());
  await apply.getByRole("checkbox").check();
  await apply.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(apply.getByRole("status")).toContainText("You are enrolled. See you in class!");

  await page.goto(new URL(link).pathname);
  await expect(page.getByRole("row", { name: /^2 / })).toContainText("Used by Kemi Adebayo");
});
