import type { ApplicationStatus } from "~/db/schema";
import type { experienceLevels, heardFromChoices } from "~/features/applications/application-rules";

/**
 * The demo's applications: invented people who applied to two demo courses, in the states the
 * Students page and the dashboard show. Enrolled ones fill the intake that has started (its
 * class list); the next intake has new ones (one past the 24-hour promise, one due soon), an
 * offer, a waitlisted one and an early enrolment. Inputs pass the apply form's schema
 * (tests/integration/seed-applications.test.ts).
 */
/**
 * What an enrolled demo student paid (app/features/demo/seed-payments.server.ts): in full; in
 * two instalments, the second paid today, overdue, with a transfer proof waiting to be checked,
 * or not yet due; in full and then given part back.
 */
export type DemoMoney =
  | "paid-in-full"
  | "second-paid-today"
  | "second-overdue"
  | "second-proof-waiting"
  | "second-due"
  | "part-refunded";

export type DemoApplication = {
  course: string;
  /** The intake that started a month ago, or the next one. */
  intake: "started" | "next";
  status: Extract<ApplicationStatus, "new" | "offered" | "waitlisted" | "enrolled">;
  /** Applied this long before the demo starts. */
  hoursAgo: number;
  /** An enrolled student's payments. */
  money?: DemoMoney;
  input: {
    fullName: string;
    email: string;
    phone: string;
    experienceLevel: (typeof experienceLevels)[number];
    goals: string;
    heardFrom: (typeof heardFromChoices)[number];
  };
};

const DATA = "data-analysis-excel-sql-power-bi";
const FRONTEND = "frontend-web-development";
const DAY = 24;

const person = (
  fullName: string,
  phone: string,
  experienceLevel: DemoApplication["input"]["experienceLevel"],
  heardFrom: DemoApplication["input"]["heardFrom"],
  goals: string,
): DemoApplication["input"] => ({
  fullName,
  email: `${fullName.toLowerCase().replace(/[^a-z]+/g, ".")}@example.com`,
  phone,
  experienceLevel,
  goals,
  heardFrom,
});

export const demoApplications: DemoApplication[] = [
  {
    course: DATA,
    intake: "started",
    status: "enrolled",
    hoursAgo: 60 * DAY,
    money: "paid-in-full",
    input: person(
      "Chiamaka Eze",
      "0803 214 5521",
      "Some self-study",
      "Instagram",
      "I keep the sales records at my family's pharmacy and want to turn them into reports.",
    ),
  },
  {
    course: DATA,
    intake: "started",
    status: "enrolled",
    hoursAgo: 58 * DAY,
    money: "second-paid-today",
    input: person(
      "Ibrahim Musa",
      "0812 330 9087",
      "Working in tech already",
      "A friend or colleague",
      "I support a bank's branch systems and want to move into the analytics team.",
    ),
  },
  {
    course: DATA,
    intake: "started",
    status: "enrolled",
    hoursAgo: 55 * DAY,
    money: "second-overdue",
    input: person(
      "Folake Adeyemi",
      "0706 551 2290",
      "Switching careers",
      "LinkedIn",
      "After six years in teaching I want a data analyst role at a fintech.",
    ),
  },
  {
    course: DATA,
    intake: "started",
    status: "enrolled",
    hoursAgo: 51 * DAY,
    money: "second-proof-waiting",
    input: person(
      "Emeka Obi",
      "0909 118 4402",
      "Complete beginner",
      "WhatsApp",
      "I run a logistics business and want to understand where our money goes.",
    ),
  },
  {
    course: DATA,
    intake: "started",
    status: "enrolled",
    hoursAgo: 47 * DAY,
    money: "part-refunded",
    input: person(
      "Halima Bello",
      "0818 442 7713",
      "Some self-study",
      "Google search",
      "I finished a statistics degree and want the practical tools employers ask for.",
    ),
  },
  {
    course: DATA,
    intake: "next",
    status: "enrolled",
    hoursAgo: 12 * DAY,
    money: "second-due",
    input: person(
      "Tolulope Ogunleye",
      "0802 675 3318",
      "Switching careers",
      "An event",
      "I work in HR and want to build dashboards for our hiring and attrition numbers.",
    ),
  },
  {
    course: DATA,
    intake: "next",
    status: "offered",
    hoursAgo: 3 * DAY,
    input: person(
      "Kelechi Nwankwo",
      "0813 907 6621",
      "Complete beginner",
      "X (Twitter)",
      "I want a first job in tech and data analysis looks like the clearest path.",
    ),
  },
  {
    course: DATA,
    intake: "next",
    status: "waitlisted",
    hoursAgo: 2 * DAY,
    input: person(
      "Aisha Lawal",
      "0705 223 8840",
      "Some self-study",
      "Instagram",
      "I have done free SQL courses and want a structured class with projects.",
    ),
  },
  {
    // Past the 24-hour promise: the dashboard counts it overdue.
    course: DATA,
    intake: "next",
    status: "new",
    hoursAgo: 26,
    input: person(
      "Segun Afolabi",
      "0810 551 0094",
      "Working in tech already",
      "LinkedIn",
      "I am a software tester and want to analyse our test results properly.",
    ),
  },
  {
    // Under 4 hours left: due soon.
    course: DATA,
    intake: "next",
    status: "new",
    hoursAgo: 21,
    input: person(
      "Ngozi Okafor",
      "0806 781 2235",
      "Complete beginner",
      "A friend or colleague",
      "My sister finished this course and now works at a bank; I want the same.",
    ),
  },
  {
    course: FRONTEND,
    intake: "started",
    status: "enrolled",
    hoursAgo: 50 * DAY,
    money: "paid-in-full",
    input: person(
      "Yusuf Danjuma",
      "0703 448 1190",
      "Some self-study",
      "Google search",
      "I build small websites for churches and want to do it properly with React.",
    ),
  },
  {
    course: FRONTEND,
    intake: "started",
    status: "enrolled",
    hoursAgo: 46 * DAY,
    money: "second-paid-today",
    input: person(
      "Blessing Umeh",
      "0817 302 6658",
      "Switching careers",
      "Instagram",
      "I am a graphic designer and want to build the interfaces I design.",
    ),
  },
  {
    course: FRONTEND,
    intake: "started",
    status: "enrolled",
    hoursAgo: 44 * DAY,
    money: "paid-in-full",
    input: person(
      "Oluwaseun Bankole",
      "0905 660 2217",
      "Complete beginner",
      "WhatsApp",
      "I want to work remotely as a frontend developer within a year.",
    ),
  },
  {
    course: FRONTEND,
    intake: "next",
    status: "new",
    hoursAgo: 5,
    input: person(
      "Damilola Adekunle",
      "0814 993 4471",
      "Some self-study",
      "X (Twitter)",
      "I have learnt HTML and CSS from videos and want feedback from real developers.",
    ),
  },
];
