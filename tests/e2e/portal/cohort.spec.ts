import type { Browser, Page } from "@playwright/test";
import { addDays, lagosToday } from "~/lib/format/dates";
import { portalBaseURL } from "../../../playwright.config";
import {
  type Applicant,
  apply,
  classOf,
  enrolOffered,
  expectNoAxeViolationsAsServed,
  newCourse,
  newIntake,
  PLACE,
  phoneContext,
} from "./cohort-data";
import {
  type AdminAccount,
  apiSignIn,
  expect,
  expectNoAxeViolations,
  PORTAL,
  randomAddress,
  test,
  textbox,
  waitForHydration,
} from "./portal-fixtures";

/*
 * The running cohort on a staff member's phone (issue 44): at 360 × 740 and without JavaScript,
 * an intake's timetable is built from its pattern, a session is added for today, and the register
 * of a class of 40 is taken by tapping the few who are not simply present; the marks stay. Then
 * the same register with JavaScript. The class is enrolled through the app's own forms first.
 */

const CLASS_SIZE = 40;

/** A context of its own: a 360 px touch phone, signed in as `account` the way the portal's tests sign in. */
async function staffPhone(browser: Browser, account: AdminAccount, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    ...phoneContext,
    javaScriptEnabled,
    baseURL: portalBaseURL,
    extraHTTPHeaders: { "X-Forwarded-For": randomAddress() },
  });
  await apiSignIn(context.request, account);
  return context;
}

/** A student's row of the register: the fieldset named by its number and name. */
const rowOf = (page: Page, student: Applicant) =>
  page.getByRole("group", { name: new RegExp(`^\\d+\\. ${student.fullName}$`) });

test("on a phone without JavaScript, staff build a timetable and take the register of 40", async ({
  browser,
  superApi,
  createAdmin,
}) => {
  // Forty applications and enrolments, then a dozen pages on a busy machine.
  test.setTimeout(300_000);
  const course = await newCourse(superApi);
  const intake = await newIntake(superApi, course.id, { seats: CLASS_SIZE + 5 });
  const students = classOf(CLASS_SIZE);
  let started = Date.now();
  for (const student of students) await apply(superApi, intake.id, student);
  expect(await enrolOffered(superApi, intake.id)).toBe(CLASS_SIZE);
  console.log(`${CLASS_SIZE} applied and enrolled in ${Date.now() - started} ms`);

  const account = await createAdmin({ role: "admin" });
  const context = await staffPhone(browser, account, false);
  const page = await context.newPage();

  // The intake's timetable, from its card on the course's Intakes page.
  await page.goto(`${PORTAL}/courses/${course.id}/intakes`);
  await page.getByRole("link", { name: `Timetable ${intake.label}`, exact: true }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `Timetable: ${course.title}` }),
  ).toBeVisible();
  const build = page.getByRole("region", { name: "Build the timetable" });
  // The intake's class times say nothing: the days are chosen by hand.
  await expect(build.getByRole("checkbox", { checked: true })).toHaveCount(0);
  await build.getByRole("checkbox", { name: "Tuesdays" }).check();
  await build.getByRole("checkbox", { name: "Thursdays" }).check();
  await textbox(build, "Starts").fill("18:00");
  await textbox(build, "Ends").fill("21:00");
  await expect(textbox(build, "First date")).toHaveValue(intake.startsOn);
  await textbox(build, "First date").fill(intake.startsOn);
  await textbox(build, "Last date").fill(addDays(intake.startsOn, 55));
  await expect(textbox(build, "Place")).toHaveValue(PLACE);
  await expectNoAxeViolationsAsServed(page, "the timetable, before it is built (no JavaScript)");
  await build.getByRole("button", { name: "Build timetable" }).click();
  // The action's message travels as a flash, shown on the page (not only toasted by a script).
  await expect(page.getByText("Timetable built: 16 sessions.")).toBeVisible();
  const sessions = page.getByRole("region", { name: "Sessions (16 to hold)" });
  await expect(sessions.getByRole("link", { name: /^Take register\s*: / })).toHaveCount(16);
  await expect(sessions.getByRole("link", { name: /^Take register\s*: Session 1$/ })).toBeVisible();

  // The class meets today too: an orientation, added by hand.
  const addSession = sessions.locator("details").filter({ hasText: "Add a session" });
  await addSession.getByText("Add a session", { exact: true }).click();
  await textbox(addSession, "Title").fill("Orientation");
  await textbox(addSession, "Date").fill(lagosToday());
  await textbox(addSession, "Starts").fill("00:00");
  await textbox(addSession, "Ends").fill("23:59");
  await textbox(addSession, "Place").fill(PLACE);
  await addSession.getByRole("button", { name: "Add session" }).click();
  await expect(page.getByText("Session added.")).toBeVisible();
  const withToday = page.getByRole("region", { name: "Sessions (17 to hold)" });
  // Every <details> open: the whole page for axe, each row's edit and cancel forms included.
  await expectNoAxeViolationsAsServed(
    page,
    "the timetable, built, every form open",
    async (copy) => {
      for (const summary of await copy
        .getByRole("region", { name: /^Sessions \(/ })
        .locator("details > summary")
        .all())
        await summary.click();
    },
  );

  // The register of today's session, marked on the phone: three taps, then Save.
  await withToday.getByRole("link", { name: /^Take register\s*: Orientation$/ }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Register: Orientation" }),
  ).toBeVisible();
  await expect(
    page.getByText("Everyone is present until you tap otherwise. Not saved yet."),
  ).toBeVisible();
  await expect(page.getByRole("group")).toHaveCount(CLASS_SIZE);
  await expect(page.getByRole("radio", { name: "Present", checked: true })).toHaveCount(CLASS_SIZE);
  await expectNoAxeViolationsAsServed(page, "the register (no JavaScript)");
  const absent = [students[3], students[27]] as Applicant[];
  const late = students[16] as Applicant;
  started = Date.now();
  for (const student of absent)
    await rowOf(page, student).getByText("Absent", { exact: true }).tap();
  await rowOf(page, late).getByText("Late", { exact: true }).tap();
  const tapped = Date.now() - started;
  const saving = page.waitForResponse(
    (response) => response.request().method() === "POST" && response.url() === page.url(),
  );
  await page.getByRole("button", { name: "Save register" }).tap();
  // Saved, the action goes back to the register (302); refused, it answers with the form (4xx).
  expect((await saving).status(), "the register's post").toBe(302);
  await expect(
    page.getByText(/^Everyone is present until you tap otherwise\. Saved so far:/),
  ).toBeVisible();
  console.log(
    `The register of ${CLASS_SIZE}, without JavaScript: 3 taps in ${tapped} ms, saved and the page back ${Date.now() - started} ms after the first tap`,
  );
  await expect(page.getByText(`Register saved: ${CLASS_SIZE} marks recorded.`)).toBeVisible();

  // The marks stay: the page read again shows them, and who marked them.
  await page.reload();
  const saved = "Saved so far: 37 present, 2 absent, 1 late, 0 excused.";
  await expect(page.getByText(saved, { exact: false })).toBeVisible();
  for (const student of absent)
    await expect(rowOf(page, student).getByRole("radio", { name: "Absent" })).toBeChecked();
  await expect(rowOf(page, late).getByRole("radio", { name: "Late" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Present", checked: true })).toHaveCount(
    CLASS_SIZE - 3,
  );
  await expect(page.getByText(`Marked by ${account.name}`)).toHaveCount(CLASS_SIZE);
  const registerUrl = page.url();

  // The week view across intakes lists today's session.
  await page.goto(`${PORTAL}/timetable`);
  await expect(page.getByRole("heading", { level: 1, name: "Timetable" })).toBeVisible();
  await expect(page.getByText("Orientation").first()).toBeVisible();
  await expectNoAxeViolationsAsServed(page, "the week view (no JavaScript)");
  await context.close();

  // The same register with JavaScript, on the same phone: one more change.
  const live = await staffPhone(browser, account, true);
  const livePage = await live.newPage();
  await livePage.goto(registerUrl);
  await waitForHydration(livePage);
  await expect(livePage.getByText(saved, { exact: false })).toBeVisible();
  await expectNoAxeViolations(livePage, "the register (JavaScript)");
  const excused = students[8] as Applicant;
  started = Date.now();
  await rowOf(livePage, excused).getByText("Excused", { exact: true }).tap();
  await livePage.getByRole("button", { name: "Save register" }).tap();
  await expect(livePage.getByText("Register saved: 1 mark recorded.").first()).toBeVisible();
  console.log(`The register with JavaScript: 1 tap saved and shown in ${Date.now() - started} ms`);
  await expect(
    livePage.getByText("Saved so far: 36 present, 2 absent, 1 late, 1 excused.", { exact: false }),
  ).toBeVisible();
  await expect(rowOf(livePage, excused).getByRole("radio", { name: "Excused" })).toBeChecked();
  await live.close();
});
