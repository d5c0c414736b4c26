import path from "node:path";
import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod/mini";
import { openDatabase } from "~/db/client.server";
import { admins, courses, intakes, messages, savedReplies, tutors } from "~/db/schema";
import { adminEditSchema } from "~/features/admins/schema";
import { courseFormSchema } from "~/features/courses/course-form-schema";
import { intakeFormDefaults, intakeFormSchema } from "~/features/intakes/intake-form-schema";
import { contactSchema, inquirySchema } from "~/features/messages/intake/schema";
import { savedReplyFormSchema } from "~/features/saved-replies/schema";
import { tutorFormSchema } from "~/features/tutors/schema";
import { nairaFromKobo } from "~/lib/format/money";
import { emailPattern } from "~/lib/forms/email-address";
import { singleLine } from "~/lib/text/outside-text";

const orUndefined = <T>(value: T | null) => value ?? undefined;

/** A stored message as the form that made it would have sent it. */
function messageProblems(row: typeof messages.$inferSelect) {
  const common = {
    email: row.email,
    phone: orUndefined(row.phone),
    message: orUndefined(row.message),
  };
  const result =
    row.formType === "contact"
      ? contactSchema.safeParse({ ...common, name: row.fullName, subject: row.subject })
      : inquirySchema.safeParse({
          ...common,
          fullName: row.fullName,
          inquiryType: row.inquiryType,
          courseInterest: orUndefined(row.courseInterest),
          contactMethod: orUndefined(row.contactMethod),
          consent: row.consentGiven ? "on" : undefined,
        });
  const notes = z
    .optional(z.string().check(z.maxLength(5000)))
    .safeParse(orUndefined(row.adminNotes));
  const header = z.nullable(z.string().check(singleLine("A stored header"), z.maxLength(500)));
  const origin = [header.safeParse(row.userAgent), header.safeParse(row.referrer)];
  return [result, notes, ...origin].flatMap((outcome) =>
    outcome.success ? [] : outcome.error.issues,
  );
}

function courseProblems(row: typeof courses.$inferSelect) {
  const result = courseFormSchema.safeParse({
    title: row.title,
    slug: row.slug,
    description: row.description,
    category: row.category,
    icon: row.icon,
    level: row.level,
    difficulty: orUndefined(row.difficulty),
    duration: orUndefined(row.duration),
    // The form takes Naira; the row keeps kobo.
    price: nairaFromKobo(row.price),
    originalPrice: nairaFromKobo(row.originalPrice),
    rating: row.rating,
    lessons: row.lessons,
    certification: orUndefined(row.certification),
    language: row.language,
    subtitles: row.subtitles,
    schedule: orUndefined(row.schedule),
    format: orUndefined(row.format),
    classSize: orUndefined(row.classSize),
    location: orUndefined(row.location),
    deliveryMethod: orUndefined(row.deliveryMethod),
    learningOutcomes: row.learningOutcomes,
    prerequisites: row.prerequisites,
    skills: row.skills,
    modules: row.modules.map((module) => ({ ...module, topics: module.topics.join("\n") })),
    faqs: row.faqs,
  });
  return result.success ? [] : result.error.issues;
}

function adminProblems(row: typeof admins.$inferSelect) {
  const result = adminEditSchema.safeParse({
    name: row.name,
    phone: row.phone,
    role: row.role,
    is_active: String(row.isActive),
  });
  const email = z.string().check(z.maxLength(254), z.regex(emailPattern)).safeParse(row.email);
  return [result, email].flatMap((outcome) => (outcome.success ? [] : outcome.error.issues));
}

function savedReplyProblems(row: typeof savedReplies.$inferSelect) {
  const result = savedReplyFormSchema.safeParse({ title: row.title, body: row.body });
  return result.success ? [] : result.error.issues;
}

function tutorProblems(row: typeof tutors.$inferSelect) {
  const result = tutorFormSchema.safeParse({
    name: row.name,
    role: row.role,
    bio: row.bio,
    link: row.link ?? undefined,
  });
  return result.success ? [] : result.error.issues;
}

/** A stored intake, shown in its edit form and saved again unchanged: the rules between its fields hold. */
function intakeProblems(row: typeof intakes.$inferSelect) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(intakeFormDefaults({ ...row, tutorIds: [] }, 0)))
    for (const item of Array.isArray(value) ? value : [value]) formData.append(name, item);
  const errors = parseWithZod(formData, { schema: intakeFormSchema }).reply().error ?? {};
  return Object.entries(errors).flatMap(([field, messages]) =>
    (messages ?? []).map((message) => ({ message, path: [field] })),
  );
}

export type RowProblem = { table: string; id: string; issues: string[]; row: unknown };

/**
 * Every message, course, intake, admin, saved reply and tutor in the stopped server's PGlite folder, checked against the
 * schema of the form that writes it. Read after the server has stopped: PGlite allows one
 * process per folder.
 */
export async function storedRowProblems(
  dataDir: string,
): Promise<{ checked: number; problems: RowProblem[] }> {
  const handle = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  try {
    const problems: RowProblem[] = [];
    let checked = 0;
    const check = <T extends { id: string }>(
      table: string,
      rows: T[],
      problemsOf: (row: T) => { message: string; path: PropertyKey[] }[],
    ) => {
      for (const row of rows) {
        checked += 1;
        const issues = problemsOf(row);
        if (issues.length)
          problems.push({
            table,
            id: row.id,
            issues: issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
            row,
          });
      }
    };
    check("messages", await handle.db.select().from(messages), messageProblems);
    check("courses", await handle.db.select().from(courses), courseProblems);
    check("intakes", await handle.db.select().from(intakes), intakeProblems);
    check("admins", await handle.db.select().from(admins), adminProblems);
    check("saved_replies", await handle.db.select().from(savedReplies), savedReplyProblems);
    check("tutors", await handle.db.select().from(tutors), tutorProblems);
    return { checked, problems };
  } finally {
    await handle.close();
  }
}
