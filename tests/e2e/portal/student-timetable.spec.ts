import { portalBaseURL } from "../../../playwright.config";
import { expectNoAxeViolations as expectNoPublicAxeViolations } from "../fixtures";
import { expectFitsPhones } from "../phone-fit";
import {
  apply,
  buildTwiceWeekly,
  expectNoAxeViolationsAsServed,
  newCourse,
  newIntake,
  PLACE,
  phoneContext,
  privateLink,
} from "./cohort-data";
import { expect, randomAddress, test, uid } from "./portal-fixtures";

/*
 * A student's own page (issue 44): 'My application' of an enrolled place, opened by its private
 * link on a 360 px phone without JavaScript, shows the next class with its place, the calendar
 * subscription and the timetable, and the payment section as before. It lives with the portal's
 * tests: staff make the intake, and build its timetable, on the portal's server, so the public
 * server's catalogue (which the public tests count) never changes.
 */

const PHONE_WIDTH = 360;

test.use({ viewport: { width: PHONE_WIDTH, height: 740 } });

test("an enrolled student reads their classes on their page, on a phone without JavaScript", async ({
  page,
  browser,
  superApi,
}) => {
  // An application, a checkout, a timetable and two axe runs on a busy machine.
  test.setTimeout(180_000);
  const course = await newCourse(superApi);
  const intake = await newIntake(superApi, course.id, {
    seats: 5,
    instalmentPlans: "two-instalments",
  });
  const email = `student-${uid()}@example.com`;
  await apply(superApi, intake.id, { fullName: "Tobi Okafor", email });
  const link = await privateLink(email);
  const steps: Record<string, string>[] = [
    { intent: "accept" },
    { intent: "choose-plan", plan: "two-instalments" },
  ];
  for (const form of steps) {
    const answer = await page.request.post(link, { form, maxRedirects: 0 });
    expect(answer.status(), JSON.stringify(form)).toBe(302);
  }
  // The first instalment paid on the fake Paystack enrols the place.
  await page.goto(link);
  await page
    .getByRole("region", { name: "Payment" })
    .getByRole("button", { name: "Pay ₦75,000 now with Paystack" })
    .click();
  await expect(page).toHaveTitle("Fake Paystack checkout (test)");
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Status: Enrolled" })).toBeVisible();
  await buildTwiceWeekly(superApi, intake);

  const context = await browser.newContext({
    ...phoneContext,
    javaScriptEnabled: false,
    baseURL: portalBaseURL,
    extraHTTPHeaders: { "X-Forwarded-For": randomAddress() },
  });
  const phone = await context.newPage();
  await phone.goto(link);
  await expect(phone.getByRole("heading", { name: "Status: Enrolled" })).toBeVisible();

  const next = phone.getByRole("region", { name: "Your next class" });
  await expect(next).toContainText("Session 1");
  await expect(next).toContainText(`Where: ${PLACE}`);
  await expect(next.getByRole("link", { name: "Add to Google Calendar" })).toBeVisible();
  const ics = await next
    .getByRole("link", { name: "Download for your calendar (.ics)" })
    .getAttribute("href");
  const oneSession = await context.request.get(ics ?? "");
  expect(oneSession.status()).toBe(200);
  expect(oneSession.headers()["content-type"]).toMatch(/^text\/calendar/);

  const calendar = phone.getByRole("region", { name: "Your calendar" });
  const subscribe = calendar.getByRole("link", { name: "Subscribe to your classes" });
  await expect(subscribe).toBeVisible();
  const webcal = (await subscribe.getAttribute("href")) ?? "";
  expect(webcal).toMatch(/^webcal:\/\//);
  const feed = await context.request.get(webcal.replace(/^webcal:/, "http:"));
  expect(feed.status()).toBe(200);
  expect((await feed.text()).match(/^BEGIN:VEVENT/gm)).toHaveLength(16);
  await expect(calendar.getByRole("textbox")).toHaveValue(webcal.replace(/^webcal:/, "http:"));

  const timetable = phone.getByRole("region", { name: "Timetable" });
  await expect(timetable.getByRole("listitem")).toHaveCount(16);
  // 6 to 9 pm, on the 24-hour clock or the 12-hour one the student's page may use.
  await expect(timetable.getByRole("listitem").first()).toContainText(
    /(18:00|6:00\s?pm)–(21:00|9:00\s?pm)/,
  );
  await expect(timetable.getByRole("listitem").first()).toContainText(PLACE);

  // The money, as before the timetable came: what is paid, what is left, the next payment.
  const payment = phone.getByRole("region", { name: "Payment" });
  await expect(payment).toContainText("Two instalments: ₦75,000 paid, ₦75,000 to pay.");
  await expect(
    payment.getByRole("button", { name: "Pay ₦75,000 now with Paystack" }),
  ).toBeVisible();
  await expect(payment.getByText("Paid", { exact: true }).first()).toBeVisible();

  expect(
    await phone.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY),
    "the page's width at 360 px",
  ).toBeLessThanOrEqual(PHONE_WIDTH);
  await expectFitsPhones(phone, "a student's page with the timetable");
  await expectNoAxeViolationsAsServed(phone, "a student's page", undefined, (copy) =>
    expectNoPublicAxeViolations(copy),
  );
  await context.close();
});
