import type { CourseCategory } from "~/features/courses/course-rules";

/**
 * The demo's tutors: invented people, each with a portrait placeholder drawn from their
 * initials and a colour (no real person's photo). Texts pass the tutor form's schema
 * (tests/integration/seed-tutors.test.ts).
 */
export type DemoTutor = {
  name: string;
  /** The categories of course whose intakes they teach, the lead tutor listed first. */
  teaches: CourseCategory[];
  role: string;
  bio: string;
  link?: string;
  /** The placeholder portrait's background. */
  colour: string;
};

export const demoTutors: DemoTutor[] = [
  {
    name: "Adaeze Okonkwo",
    teaches: ["Data Science"],
    role: "Lead tutor, Data",
    bio: "Eight years analysing payments data for Lagos fintechs. Teaches Python, SQL and the habit of checking a chart twice.",
    link: "https://www.linkedin.com/in/demo-adaeze-okonkwo",
    colour: "#1d4ed8",
  },
  {
    name: "Tunde Bakare",
    teaches: ["Programming"],
    role: "Lead tutor, Programming",
    bio: "Backend engineer who has shipped APIs used across West Africa. Believes every student should deploy something in week one.",
    colour: "#047857",
  },
  {
    name: "Funmilayo Adebayo",
    teaches: ["Design"],
    role: "Tutor, Product design",
    bio: "Designs mobile apps for people on slow networks and small screens. Runs the design critiques on Saturday mornings.",
    link: "https://www.behance.net/demo-funmilayo",
    colour: "#b45309",
  },
  {
    name: "Emeka Nwosu",
    teaches: ["Marketing"],
    role: "Tutor, Digital marketing",
    bio: "Has run campaigns for Lagos consumer brands for a decade. Teaches measurement first, then creativity.",
    colour: "#7c3aed",
  },
  {
    name: "Halima Yusuf",
    teaches: ["Programming"],
    role: "Tutor, Cloud and DevOps",
    bio: "Keeps production systems running for a logistics company. Teaches Linux, containers and calm incident handling.",
    colour: "#be123c",
  },
  {
    name: "Segun Alade",
    teaches: ["Data Science", "Design", "Marketing"],
    role: "Career coach",
    bio: "Former tech recruiter who helps graduates turn projects into a portfolio and a first offer.",
    colour: "#0f766e",
  },
];
