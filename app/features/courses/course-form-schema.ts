import * as z from "zod/mini";
import { courseCategories, courseLevels } from "~/db/schema";
import { multiLine, singleLine } from "~/lib/outside-text";
import { slugPattern } from "~/lib/slug";

/** SPEC.md section 3: the course form's choices. */
export const courseFormats = [
  { value: "Online only", label: "Online only" },
  { value: "In-person only", label: "In-person only" },
  { value: "Available in-person and online", label: "Hybrid (In-person & Online)" },
] as const;

export const courseLanguages = [
  "English",
  "Spanish",
  "French",
  "German",
  "Portuguese",
  "Italian",
  "Russian",
  "Chinese",
  "Japanese",
  "Korean",
  "Arabic",
  "Hindi",
  "Polish",
  "Mandarin",
] as const;

export const courseDifficulties = courseLevels;

/** SPEC.md section 3: defaults of a new course; every list starts with one empty row. */
export const newCourseDefaults = {
  title: "",
  slug: "",
  description: "",
  category: "Programming",
  icon: "BookOpen",
  level: "Beginner",
  difficulty: "Beginner",
  duration: "",
  price: "0",
  originalPrice: "0",
  rating: "0",
  lessons: "0",
  certification: "",
  language: "English",
  subtitles: ["English"],
  schedule: "",
  format: "Available in-person and online",
  classSize: "",
  location: "Lagos, Nigeria",
  deliveryMethod: "",
  learningOutcomes: [""],
  prerequisites: [""],
  skills: [""],
  startDates: [""],
  modules: [{ title: "", description: "", topics: "" }],
  faqs: [{ question: "", answer: "" }],
  isActive: "on",
};

export const courseMessages = {
  created: "Course created successfully!",
  updated: "Course updated successfully!",
  deleted: "Course deleted successfully!",
  activated: "Course activated successfully!",
  deactivated: "Course deactivated successfully!",
  createFailed: (message: string) => `Failed to create course: ${message}`,
  updateFailed: (message: string) => `Failed to update course: ${message}`,
  deleteFailed: (message: string) => `Failed to delete course: ${message}`,
  imageFailed: (message: string) => `Failed to upload image: ${message}`,
  brochureFailed: (message: string) => `Failed to upload brochure: ${message}`,
  slugTaken: "This slug is already used by another course. Please choose another.",
  notFound: "Course not found.",
} as const;

const text = (max: number, label: string, allowed = singleLine) =>
  z.optional(
    z
      .string()
      .check(
        z.trim(),
        allowed(label),
        z.maxLength(max, `${label} must be at most ${max} characters`),
      ),
  );

const required = (message: string, max: number, label: string, allowed = singleLine) =>
  z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, { error: message, abort: true }),
      allowed(label),
      z.maxLength(max, `${label} must be at most ${max} characters`),
    );

const money = (label: string) =>
  z._default(
    z
      .number({ error: `${label} must be a number` })
      .check(
        z.minimum(0, `${label} must be 0 or more`),
        z.multipleOf(1000, `${label} must be in steps of ₦1,000`),
        z.maximum(100_000_000, `${label} must be at most ₦100,000,000`),
      ),
    0,
  );

/** A list of short texts; blank rows are dropped on save (SPEC.md section 5). */
const textList = (max: number, label: string) =>
  z.pipe(
    z._default(z.array(text(max, label)), []),
    z.transform((items) => items.filter((item): item is string => Boolean(item))),
  );

const isBlank = (...values: Array<string | undefined>) => values.every((value) => !value?.trim());

const moduleSchema = z
  .object({
    title: text(200, "Module title"),
    description: text(2000, "Module description", multiLine),
    topics: text(5000, "Topics", multiLine),
  })
  .check(
    z.refine(
      (module) => isBlank(module.title, module.description, module.topics) || Boolean(module.title),
      {
        message: "Module title is required",
        path: ["title"],
      },
    ),
    z.refine(
      (module) =>
        isBlank(module.title, module.description, module.topics) || Boolean(module.description),
      {
        message: "Module description is required",
        path: ["description"],
      },
    ),
  );

const faqSchema = z
  .object({ question: text(500, "Question"), answer: text(3000, "Answer", multiLine) })
  .check(
    z.refine((faq) => isBlank(faq.question, faq.answer) || Boolean(faq.question), {
      message: "Question is required",
      path: ["question"],
    }),
    z.refine((faq) => isBlank(faq.question, faq.answer) || Boolean(faq.answer), {
      message: "Answer is required",
      path: ["answer"],
    }),
  );

export const courseFormSchema = z.object({
  title: required("Course title is required", 200, "Course title"),
  slug: required("Course slug is required", 120, "Course slug").check(
    z.regex(slugPattern, "Use lowercase letters, numbers and single hyphens only"),
  ),
  description: required("Course description is required", 5000, "Course description", multiLine),
  category: z.enum(courseCategories, { error: "Category is required" }),
  icon: z._default(
    z.string().check(z.regex(/^[A-Z][A-Za-z0-9]{1,40}$/, "Please choose an icon")),
    "BookOpen",
  ),
  level: z._default(z.enum(courseLevels, { error: "Please choose a level" }), "Beginner"),
  difficulty: z._default(
    z.enum(courseDifficulties, { error: "Please choose a difficulty" }),
    "Beginner",
  ),
  duration: text(100, "Duration"),
  price: money("Price"),
  originalPrice: money("Original price"),
  rating: z._default(
    z.number({ error: "Rating must be a number" }).check(
      z.minimum(0, "Rating must be between 0 and 5"),
      z.maximum(5, "Rating must be between 0 and 5"),
      z.refine(
        (value) => Number.isInteger(Math.round(value * 10 * 1e6) / 1e6),
        "Rating must use steps of 0.1",
      ),
    ),
    0,
  ),
  lessons: z._default(
    z
      .number({ error: "Lessons must be a number" })
      .check(
        z.int("Lessons must be a whole number"),
        z.minimum(0, "Lessons must be 0 or more"),
        z.maximum(10_000, "Lessons must be at most 10,000"),
      ),
    0,
  ),
  certification: text(200, "Certification"),
  language: z._default(z.enum(courseLanguages, { error: "Please choose a language" }), "English"),
  subtitles: z.pipe(
    z._default(
      z.array(z.enum(courseLanguages, { error: "Please choose languages from the list" })),
      [],
    ),
    z.transform((items) => (items.length ? [...new Set(items)] : ["English"])),
  ),
  schedule: text(200, "Schedule"),
  format: z._default(
    z.enum(courseFormats.map((format) => format.value) as [string, ...string[]], {
      error: "Please choose a format",
    }),
    "Available in-person and online",
  ),
  classSize: text(100, "Class size"),
  location: text(200, "Location"),
  deliveryMethod: text(500, "Delivery method"),
  learningOutcomes: textList(300, "Learning outcome"),
  prerequisites: textList(300, "Prerequisite"),
  skills: textList(100, "Skill"),
  startDates: z.pipe(
    z._default(z.array(z.optional(z.iso.date({ error: "Please enter a valid date" }))), []),
    z.transform((dates) =>
      [...new Set(dates.filter((date): date is string => Boolean(date)))].sort(),
    ),
  ),
  modules: z.pipe(
    z._default(z.array(z.optional(moduleSchema)), []),
    z.transform((modules) =>
      modules
        .filter((module) => module && !isBlank(module.title, module.description, module.topics))
        .map((module) => ({
          title: module?.title ?? "",
          description: module?.description ?? "",
          topics: (module?.topics ?? "")
            .split("\n")
            .map((topic) => topic.trim())
            .filter(Boolean),
        })),
    ),
  ),
  faqs: z.pipe(
    z._default(z.array(z.optional(faqSchema)), []),
    z.transform((faqs) =>
      faqs
        .filter((faq) => faq && !isBlank(faq.question, faq.answer))
        .map((faq) => ({ question: faq?.question ?? "", answer: faq?.answer ?? "" })),
    ),
  ),
  isActive: z.pipe(
    z.optional(z.string()),
    z.transform((value) => value === "on"),
  ),
  removeImage: z.pipe(
    z.optional(z.string()),
    z.transform((value) => value === "on"),
  ),
  removeBrochure: z.pipe(
    z.optional(z.string()),
    z.transform((value) => value === "on"),
  ),
});

export type CourseFormValues = z.output<typeof courseFormSchema>;

/** The course list's actions: the course form (create, update), the toggle and the delete. */
export const courseActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.extend(courseFormSchema, { intent: z.literal("create") }),
    // Which course is the service's question: it answers 404 for an id that names none.
    z.extend(courseFormSchema, { intent: z.literal("update"), id: z._default(z.string(), "") }),
    z.object({
      intent: z.literal("toggle"),
      id: z._default(z.string(), ""),
      // The state the screen showed; the toggle sets the opposite.
      isActive: z.pipe(
        z.optional(z.string()),
        z.transform((value) => value === "true"),
      ),
    }),
    z.object({ intent: z.literal("delete"), id: z._default(z.string(), "") }),
  ],
  { error: "Unknown action" },
);

type CourseIntent = z.output<typeof courseActionSchema>["intent"];

/** SPEC.md section 8: what a failed course action reports, with the reason. */
export function courseActionFailed(intent: CourseIntent, message: string) {
  if (intent === "create") return courseMessages.createFailed(message);
  if (intent === "delete") return courseMessages.deleteFailed(message);
  return courseMessages.updateFailed(message);
}
