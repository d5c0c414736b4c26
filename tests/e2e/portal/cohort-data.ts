import type { APIRequestContext, Page } from "@playwright/test";
import { devices } from "@playwright/test";
import { addDays, lagosToday } from "~/lib/format/dates";
import { portalBaseURL } from "../../../playwright.config";
import {
  expect,
  expectNoAxeViolations,
  PORTAL,
  randomAddress,
  uid,
  waitForMail,
} from "./portal-fixtures";

/*
 * The data of the running-cohort browser tests (issue 44), made through the app's own forms as
 * staff and applicants send them: a course of the test's own (so no other test's course page
 * gains an intake), an open first-come intake of it, applicants who apply each from their own
 * address (the public forms' limit is per address), and staff enrolling the places offered.
 */

export const PLACE = "Room 2, 14 Admiralty Way, Lekki";

/** A 360 × 740 touch phone (Pixel 5's other settings) for a context of its own. */
export const phoneContext = (() => {
  const { defaultBrowserType: _, ...pixel } = devices["Pixel 5"];
  return { ...pixel, viewport: { width: 360, height: 740 } };
})();

/**
 * axe on a page as a browser without JavaScript shows it. axe needs scripts of its own, and a
 * page without JavaScript runs no timer or animation frame (its evaluate never returns), so the
 * page is opened again in a context of its own with the same cookies and size whose page
 * scripts are refused: the server's HTML, never hydrated. `prepare` opens what was open.
 */
export async function expectNoAxeViolationsAsServed(
  page: Page,
  label: string,
  prepare?: (copy: Page) => Promise<void>,
  check: (copy: Page, label: string) => Promise<void> = expectNoAxeViolations,
) {
  const browser = page.context().browser();
  if (!browser) throw new Error("The page has no browser");
  const context = await browser.newContext({
    ...phoneContext,
    baseURL: portalBaseURL,
    extraHTTPHeaders: { "X-Forwarded-For": randomAddress() },
    storageState: await page.context().storageState(),
  });
  try {
    await context.route(/\.m?js(?:\?.*)?$/, (route) => route.abort());
    const copy = await context.newPage();
    await copy.goto(page.url());
    await prepare?.(copy);
    await check(copy, label);
  } finally {
    await context.close();
  }
}

/** A new active course; its id and title. */
export async function newCourse(api: APIRequestContext) {
  const token = uid();
  const title = `Cohort course ${token}`;
  const response = await api.post(`${PORTAL}/courses`, {
    multipart: {
      intent: "create",
      title,
      slug: `cohort-${token}`,
      description: "A course made by the running-cohort tests.",
      category: "Programming",
      level: "Beginner",
      price: "150000",
      duration: "8 weeks",
      isActive: "on",
    },
    maxRedirects: 0,
  });
  expect(response.status(), "creating the course").toBe(302);
  const list = await (await api.get(`${PORTAL}/courses?view=list&q=${token}`)).text();
  const id = list.match(/\/admin-portal\/courses\/([0-9a-f-]{36})\/intakes/)?.[1];
  if (!id) throw new Error(`The course list does not show ${title}`);
  return { id, title };
}

type IntakeOptions = { seats?: number; instalmentPlans?: string };

/**
 * The intake form's fields for an open first-come intake running 8 weeks from `startsOn`,
 * its enrolment closing at noon the day before.
 */
function intakeForm(
  label: string,
  startsOn: string,
  { seats = 45, instalmentPlans }: IntakeOptions,
) {
  return {
    label,
    startsOn,
    endsOn: addDays(startsOn, 55),
    mode: "in-person",
    location: PLACE,
    seats: String(seats),
    enrolmentClosesAt: `${addDays(startsOn, -1)}T12:00`,
    price: "150000",
    status: "open",
    admissionMode: "first-come",
    ...(instalmentPlans ? { instalmentPlans } : {}),
  };
}

/**
 * A new open first-come intake of the course, starting in two days (so it still takes
 * applications today) and running 8 weeks; its id, label and dates.
 */
export async function newIntake(
  api: APIRequestContext,
  courseId: string,
  options: IntakeOptions = {},
) {
  const label = `Cohort ${uid()}`;
  const form = intakeForm(label, addDays(lagosToday(), 2), options);
  const response = await api.post(`${PORTAL}/courses/${courseId}/intakes`, {
    form: { intent: "create", ...form },
    maxRedirects: 0,
  });
  expect(response.status(), "creating the intake").toBe(302);
  const page = await (await api.get(`${PORTAL}/courses/${courseId}/intakes`)).text();
  const id = page.match(/data-intake-id="([0-9a-f-]{36})"/)?.[1];
  if (!id) throw new Error(`The intakes page does not show ${label}`);
  return { id, label, startsOn: form.startsOn, endsOn: form.endsOn };
}

/**
 * The intake's edit form saved with its 8 weeks moved to start on `startsOn` (an intake that
 * has ended, once its students are enrolled: no form takes applications to one), closed, and
 * with no condition for certificates (the form's empty attendance and unticked boxes); its new
 * dates. `options` as the intake was made with (seats may not fall below the places taken).
 */
export async function moveIntake(
  api: APIRequestContext,
  courseId: string,
  intake: { id: string; label: string },
  startsOn: string,
  options: IntakeOptions = {},
) {
  const form = intakeForm(intake.label, startsOn, options);
  const response = await api.post(`${PORTAL}/courses/${courseId}/intakes`, {
    form: {
      intent: "update",
      id: intake.id,
      ...form,
      status: "closed",
      certificateMinAttendance: "",
    },
    maxRedirects: 0,
  });
  expect(response.status(), "moving the intake's dates").toBe(302);
  return { ...intake, startsOn: form.startsOn, endsOn: form.endsOn };
}

export type Applicant = { fullName: string; email: string };

const firstNames = ["Adaeze", "Bola", "Chinedu", "Damilola", "Efosa", "Funmi", "Gbenga", "Hauwa"];
const lastNames = ["Okafor", "Adeyemi", "Bello", "Eze", "Musa"];

/** `size` applicants with names unique in the class (8 × 5 names, then numbered). */
export function classOf(size: number): Applicant[] {
  const token = uid();
  return Array.from({ length: size }, (_, index) => {
    const first = firstNames[index % firstNames.length];
    const last = lastNames[Math.floor(index / firstNames.length) % lastNames.length];
    const round = Math.floor(index / (firstNames.length * lastNames.length));
    return {
      fullName: `${first} ${last}${round ? ` ${round + 1}` : ""}`,
      email: `cohort-${token}-${index + 1}@example.com`,
    };
  });
}

/** One applicant applies, from an address of their own (the form's limit is per address). */
export async function apply(api: APIRequestContext, intakeId: string, applicant: Applicant) {
  const response = await api.post(`/apply/${intakeId}`, {
    headers: { "X-Forwarded-For": randomAddress() },
    form: {
      fullName: applicant.fullName,
      email: applicant.email,
      phone: "0803 123 4567",
      experienceLevel: "Some self-study",
      goals: "Become a data analyst.",
      heardFrom: "Instagram",
      consent: "on",
      website: "",
    },
  });
  expect(response.status(), `the application of ${applicant.fullName}`).toBe(200);
}

/** Staff enrol every place offered in the intake (from the Students page's list); how many. */
export async function enrolOffered(api: APIRequestContext, intakeId: string) {
  let enrolled = 0;
  for (let round = 0; round < 20; round++) {
    const list = await (
      await api.get(`${PORTAL}/students?intake=${intakeId}&status=offered`)
    ).text();
    const ids = [
      ...new Set([...list.matchAll(/data-application-id="([0-9a-f-]{36})"/g)].map((m) => m[1])),
    ];
    if (ids.length === 0) return enrolled;
    for (const id of ids) {
      const response = await api.post(`${PORTAL}/students`, {
        form: { intent: "enrol", id: id ?? "" },
        maxRedirects: 0,
      });
      expect(response.status(), `enrolling ${id}`).toBe(302);
      enrolled += 1;
    }
  }
  throw new Error("Places were still offered after 20 rounds of enrolling");
}

/** The applicant's private link to 'My application', from the e-mail the application sent. */
export async function privateLink(email: string) {
  const mail = await waitForMail(email);
  const link = mail.body.match(/\/application\/[A-Za-z0-9_-]{43}/)?.[0];
  if (!link) throw new Error(`No private link in the e-mail to ${email}`);
  return link;
}

/**
 * The pattern form's post: Tuesdays and Thursdays, 6 to 9 pm, over the intake's 8 weeks
 * (16 sessions), at PLACE.
 */
export async function buildTwiceWeekly(
  api: APIRequestContext,
  intake: { id: string; startsOn: string },
) {
  const fields = new URLSearchParams([
    ["intent", "build"],
    ["days", "2"],
    ["days", "4"],
    ["startTime", "18:00"],
    ["endTime", "21:00"],
    ["from", intake.startsOn],
    ["until", addDays(intake.startsOn, 55)],
    ["titlePrefix", "Session"],
    ["place", PLACE],
    ["onlineUrl", ""],
    ["tutorId", ""],
  ]);
  const response = await api.post(`${PORTAL}/intakes/${intake.id}/timetable`, {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    data: fields.toString(),
    maxRedirects: 0,
  });
  expect(response.status(), "building the timetable").toBe(302);
}
