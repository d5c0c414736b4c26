import * as z from "zod/mini";
import type { Course } from "~/db/schema";
import { courseCategories, courseLevels } from "~/db/schema/values";
import { koboFromNaira, nairaFromKobo } from "~/lib/format/money";
import { activeToggleSchema, deleteIntent, formIntents } from "~/lib/forms/list-actions";
import { optionalText, requiredText } from "~/lib/forms/required-text";
import { multiLine, singleLine } from "~/lib/text/outside-text";
import { slugPattern } from "~/lib/text/slug";

/** The course form's choices: formats (with their labels) and languages. */
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
  hasApplications:
    "People have applied for this course's intakes, so it cannot be deleted. Deactivate it instead: it leaves the site and keeps their applications.",
} as const;

/** A price typed in whole Naira, in steps of ₦1,000; the course stores it in kobo. */
const money = (label: string) =>
  z.pipe(
    z._default(
      z
        .number({ error: `${label} must be a number` })
        .check(
          z.minimum(0, `${label} must be 0 or more`),
          z.multipleOf(1000, `${label} must be in steps of ₦1,000`),
          z.maximum(100_000_000, `${label} must be at most ₦100,000,000`),
        ),
      0,
    ),
    z.transform(koboFromNaira),
  );

/** A list of short texts; blank rows are dropped on save. */
const textList = (max: number, label: string) =>
  z.pipe(
    z._default(z.array(optionalText(label, max, singleLine)), []),
    z.transform((items) => items.filter((item): item is string => Boolean(item))),
  );

const isBlank = (...values: Array<string | undefined>) => values.every((value) => !value?.trim());

const moduleSchema = z
  .object({
    title: optionalText("Module title", 200, singleLine),
    description: optionalText("Module description", 2000, multiLine),
    topics: optionalText("Topics", 5000, multiLine),
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
  .object({
    question: optionalText("Question", 500, singleLine),
    answer: optionalText("Answer", 3000, multiLine),
  })
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

const checkbox = z.pipe(
  z.optional(z.string()),
  z.transform((value) => value === "on"),
);

/** A field's value in the form: text, a list of texts, or a list of small records. */
type FormDefault = string | string[] | Record<string, string>[];

type CourseField = {
  rule: z.ZodMiniType;
  /** The field in the form of a new course; every list has one empty row. */
  blank: FormDefault;
  /** What the form shows of a stored course, when it is not simply the column's value. */
  fromCourse?: (course: Course) => unknown;
};

/**
 * Every course field the form edits, each listed once. The form's schema, its defaults for a
 * new and for a stored course, the columns a save writes and the fields the history records
 * are all built from this table: a new field needs a row here and a column in app/db/schema/courses.ts.
 */
const courseFields = {
  title: {
    rule: requiredText("Course title", "Course title is required", 200, singleLine),
    blank: "",
  },
  slug: {
    rule: requiredText("Course slug", "Course slug is required", 120, singleLine).check(
      z.regex(slugPattern, "Use lowercase letters, numbers and single hyphens only"),
    ),
    blank: "",
  },
  description: {
    rule: requiredText("Course description", "Course description is required", 5000, multiLine),
    blank: "",
  },
  category: {
    rule: z.enum(courseCategories, { error: "Category is required" }),
    blank: "Programming",
  },
  icon: {
    rule: z._default(
      z.string().check(z.regex(/^[A-Z][A-Za-z0-9]{1,40}$/, "Please choose an icon")),
      "BookOpen",
    ),
    blank: "BookOpen",
  },
  level: {
    rule: z._default(z.enum(courseLevels, { error: "Please choose a level" }), "Beginner"),
    blank: "Beginner",
  },
  difficulty: {
    rule: z._default(
      z.enum(courseDifficulties, { error: "Please choose a difficulty" }),
      "Beginner",
    ),
    blank: "Beginner",
  },
  duration: { rule: optionalText("Duration", 100, singleLine), blank: "" },
  price: { rule: money("Price"), blank: "0", fromCourse: (course) => nairaFromKobo(course.price) },
  originalPrice: {
    rule: money("Original price"),
    blank: "0",
    fromCourse: (course) => nairaFromKobo(course.originalPrice),
  },
  rating: {
    rule: z._default(
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
    blank: "0",
  },
  lessons: {
    rule: z._default(
      z
        .number({ error: "Lessons must be a number" })
        .check(
          z.int("Lessons must be a whole number"),
          z.minimum(0, "Lessons must be 0 or more"),
          z.maximum(10_000, "Lessons must be at most 10,000"),
        ),
      0,
    ),
    blank: "0",
  },
  certification: { rule: optionalText("Certification", 200, singleLine), blank: "" },
  language: {
    rule: z._default(z.enum(courseLanguages, { error: "Please choose a language" }), "English"),
    blank: "English",
  },
  subtitles: {
    rule: z.pipe(
      z._default(
        z.array(z.enum(courseLanguages, { error: "Please choose languages from the list" })),
        [],
      ),
      z.transform((items) => (items.length ? [...new Set(items)] : ["English"])),
    ),
    blank: ["English"],
  },
  schedule: { rule: optionalText("Schedule", 200, singleLine), blank: "" },
  format: {
    rule: z._default(
      z.enum(courseFormats.map((format) => format.value) as [string, ...string[]], {
        error: "Please choose a format",
      }),
      "Available in-person and online",
    ),
    blank: "Available in-person and online",
  },
  classSize: { rule: optionalText("Class size", 100, singleLine), blank: "" },
  location: {
    rule: optionalText("Location", 200, singleLine),
    blank: "Lagos, Nigeria",
    // A new course suggests Lagos; a stored course without a location keeps it empty.
    fromCourse: (course) => course.location ?? "",
  },
  deliveryMethod: { rule: optionalText("Delivery method", 500, singleLine), blank: "" },
  learningOutcomes: { rule: textList(300, "Learning outcome"), blank: [""] },
  prerequisites: { rule: textList(300, "Prerequisite"), blank: [""] },
  skills: { rule: textList(100, "Skill"), blank: [""] },
  modules: {
    rule: z.pipe(
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
    blank: [{ title: "", description: "", topics: "" }],
    fromCourse: (course) =>
      course.modules.map((module) => ({ ...module, topics: module.topics.join("\n") })),
  },
  faqs: {
    rule: z.pipe(
      z._default(z.array(z.optional(faqSchema)), []),
      z.transform((faqs) =>
        faqs
          .filter((faq) => faq && !isBlank(faq.question, faq.answer))
          .map((faq) => ({ question: faq?.question ?? "", answer: faq?.answer ?? "" })),
      ),
    ),
    blank: [{ question: "", answer: "" }],
  },
  isActive: { rule: checkbox, blank: "on" },
} satisfies Record<string, CourseField>;

type CourseFields = typeof courseFields;
export type CourseFieldName = keyof CourseFields;
export const courseFieldNames = Object.keys(courseFields) as CourseFieldName[];

function eachField<T>(value: (name: CourseFieldName, field: CourseField) => T) {
  return Object.fromEntries(
    courseFieldNames.map((name) => [name, value(name, courseFields[name])]),
  ) as Record<CourseFieldName, T>;
}

export const courseFormSchema = z.object({
  ...(eachField((_, field) => field.rule) as {
    [Name in CourseFieldName]: CourseFields[Name]["rule"];
  }),
  // The boxes beside the current image and brochure; the files themselves are uploads.
  removeImage: checkbox,
  removeBrochure: checkbox,
});

export type CourseModuleInput = z.input<typeof moduleSchema>;
export type CourseFaqInput = z.input<typeof faqSchema>;
export type CourseFormValues = z.output<typeof courseFormSchema>;

type CourseFormDefaults = { [Name in CourseFieldName]: CourseFields[Name]["blank"] };

export const newCourseDefaults = eachField((_, field) => field.blank) as CourseFormDefaults;

/** A stored value as the form shows it; what the course lacks shows as in a new course. */
function formValue(stored: unknown, blank: FormDefault) {
  if (stored === null || (Array.isArray(stored) && stored.length === 0)) return blank;
  if (typeof stored === "boolean") return stored ? "on" : "";
  if (typeof stored === "number") return String(stored);
  return stored;
}

/** The form's default values: a new course's, or a stored course's as strings and rows. */
export function courseFormDefaults(course: Course | null): CourseFormDefaults {
  if (!course) return newCourseDefaults;
  return eachField((name, field) =>
    formValue(field.fromCourse ? field.fromCourse(course) : course[name], field.blank),
  ) as CourseFormDefaults;
}

/** The course list's actions: the course form (create, update), the toggle and the delete. */
export const courseActionSchema = z.discriminatedUnion(
  "intent",
  [...formIntents(courseFormSchema), activeToggleSchema, deleteIntent],
  { error: "Unknown action" },
);

type CourseIntent = z.output<typeof courseActionSchema>["intent"];

/** What a failed course action reports: 'Failed to create course: {reason}' and the like. */
export function courseActionFailed(intent: CourseIntent, message: string) {
  if (intent === "create") return courseMessages.createFailed(message);
  if (intent === "delete") return courseMessages.deleteFailed(message);
  return courseMessages.updateFailed(message);
}
