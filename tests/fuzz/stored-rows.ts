import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq, exists, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { openDatabase } from "~/db/client.server";
import {
  admins,
  certificateReadiness,
  certificateSignatory,
  courses,
  discountCodeIntakes,
  discountCodes,
  inboundAttachments,
  inboundEmailKinds,
  inboundEmails,
  intakes,
  messages,
  savedReplies,
  scholarships,
  tutors,
  whatsappMessages,
} from "~/db/schema";
import { adminEditSchema } from "~/features/admins/schema";
import { confirmNameSchema, signatorySchema } from "~/features/certificates/certificate-schema";
import { courseFormSchema } from "~/features/courses/admin/course-form-schema";
import { discountCodeFormSchema, scholarshipFields } from "~/features/discounts/discount-schema";
import { intakeFormDefaults, intakeFormSchema } from "~/features/intakes/intake-form-schema";
import { contactSchema, inquirySchema } from "~/features/messages/intake/schema";
import { savedReplyFormSchema } from "~/features/saved-replies/schema";
import { tutorFormSchema } from "~/features/tutors/schema";
import { detectFileType } from "~/features/uploads/file-content.server";
import { nairaFromKobo } from "~/lib/format/money";
import { emailPattern } from "~/lib/forms/email-address";
import { singleLine } from "~/lib/text/outside-text";
import { toFormData } from "../support/form-data";

const orUndefined = <T>(value: T | null) => value ?? undefined;

type Issue = { message: string; path: PropertyKey[] };

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const ADDRESS = /^[^@\s]+@[^@\s]+$/;

/** Stored text with a NUL or another control character (tab and line feed allowed). */
function controlIssues(fields: Record<string, string | null | undefined>): Issue[] {
  return Object.entries(fields).flatMap(([field, value]) =>
    value && CONTROL.test(value)
      ? [
          {
            message: `a control character (U+${value.match(CONTROL)?.[0]?.charCodeAt(0).toString(16).padStart(4, "0")})`,
            path: [field],
          },
        ]
      : [],
  );
}

/**
 * An 'E-mail' message: started by a received mail (issue 29), never by a form. It has the mail
 * that started it, stored in the same transaction (received at its creation time: PostgreSQL's
 * now() is the transaction's start), a sender's address, and clean text. A later answer to a
 * conversation stored without its mail does not hide it.
 */
function emailMessageProblems(
  row: typeof messages.$inferSelect,
  startedByMail: Set<string>,
): Issue[] {
  const issues = controlIssues({
    fullName: row.fullName,
    email: row.email,
    subject: row.subject,
    message: row.message,
  });
  if (!startedByMail.has(row.id))
    issues.push({
      message: "not started by a received mail: half-stored (the conversation without its mail)",
      path: ["id"],
    });
  if (!ADDRESS.test(row.email ?? "")) issues.push({ message: "not an address", path: ["email"] });
  if (!row.fullName.trim()) issues.push({ message: "empty", path: ["fullName"] });
  if ((row.subject?.length ?? 0) > 500)
    issues.push({ message: "over 500 characters", path: ["subject"] });
  return issues;
}

/** A received mail: in its conversation, with clean, bounded text (app/features/conversations). */
function inboundEmailProblems(
  row: typeof inboundEmails.$inferSelect & { conversation: string | null },
): Issue[] {
  const issues = controlIssues({
    rfcMessageId: row.rfcMessageId,
    fromAddress: row.fromAddress,
    fromName: row.fromName,
    subject: row.subject,
    newText: row.newText,
    fullText: row.fullText,
    refusedFiles: row.refusedFiles.map((file) => `${file.name} ${file.reason}`).join(" "),
  });
  if (!row.conversation)
    issues.push({ message: "its conversation is missing: half-stored", path: ["messageId"] });
  if (!(inboundEmailKinds as readonly string[]).includes(row.kind))
    issues.push({ message: `unknown kind ${row.kind}`, path: ["kind"] });
  if (row.kind === "visitor" && !ADDRESS.test(row.fromAddress))
    issues.push({ message: "a visitor's mail without a sender's address", path: ["fromAddress"] });
  const bounds = {
    rfcMessageId: 500,
    fromAddress: 320,
    fromName: 200,
    subject: 500,
    newText: 100_000,
    fullText: 100_000,
  };
  for (const [field, max] of Object.entries(bounds)) {
    const value = row[field as keyof typeof bounds];
    if (value && value.length > max)
      issues.push({ message: `over ${max} characters`, path: [field] });
  }
  return issues;
}

/** A WhatsApp conversation: known by its sender's number, never by an address. */
function whatsappConversationProblems(row: typeof messages.$inferSelect): Issue[] {
  const issues: Issue[] = [];
  if (row.email !== null)
    issues.push({ message: "a WhatsApp conversation with an address", path: ["email"] });
  if (!/^\+\d{6,20}$/.test(row.phone ?? ""))
    issues.push({ message: "not a number", path: ["phone"] });
  if (!row.fullName.trim()) issues.push({ message: "empty", path: ["fullName"] });
  return issues;
}

/** A WhatsApp message's kept file: in the bucket, and what its type says it is. */
async function whatsappFileProblems(
  row: typeof whatsappMessages.$inferSelect,
  bucket: string,
): Promise<Issue[]> {
  const file = row.content.file;
  if (!file) return [];
  const bytes = await readFile(path.join(bucket, file.key)).catch(() => null);
  if (!bytes) return [{ message: "its file is not in the bucket", path: ["content", "file"] }];
  const detected = detectFileType(bytes.subarray(0, 16));
  if (!file.contentType.startsWith("audio/") && detected !== file.contentType)
    return [
      {
        message: `kept as ${file.contentType}, reads as ${detected ?? "nothing known"}`,
        path: ["content", "file"],
      },
    ];
  return [];
}

/** A kept attachment of a received mail: its file is in the mail-attachments bucket. */
async function attachmentProblems(row: typeof inboundAttachments.$inferSelect, bucket: string) {
  const issues = controlIssues({ fileName: row.fileName });
  const file = await stat(path.join(bucket, row.storageKey)).catch(() => null);
  if (!file?.isFile())
    issues.push({ message: "its file is not in storage: half-stored", path: ["storageKey"] });
  else if (file.size !== row.size)
    issues.push({
      message: `the file has ${file.size} bytes, the row says ${row.size}`,
      path: ["size"],
    });
  return issues;
}

/** Files in a local bucket (relative keys), temporary '.part' files included. */
async function filesUnder(root: string, prefix = ""): Promise<string[]> {
  const entries = await readdir(path.join(root, prefix), { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? filesUnder(root, path.join(prefix, entry.name))
        : Promise.resolve([path.join(prefix, entry.name)]),
    ),
  );
  return nested.flat();
}

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
  const formData = toFormData(intakeFormDefaults({ ...row, tutorIds: [] }, 0));
  const errors = parseWithZod(formData, { schema: intakeFormSchema }).reply().error ?? {};
  return Object.entries(errors).flatMap(([field, messages]) =>
    (messages ?? []).map((message) => ({ message, path: [field] })),
  );
}

/** Who signs the certificates, as Settings' form would send it again. */
function signatoryProblems(row: Pick<typeof certificateSignatory.$inferSelect, "name" | "title">) {
  const result = signatorySchema.safeParse({
    intent: "signatory",
    signatoryName: row.name,
    signatoryTitle: row.title,
  });
  return result.success ? [] : result.error.issues;
}

/** A name a student confirmed (or staff reissued under), as 'Confirm my name' would send it. */
function confirmedNameProblems(row: typeof certificateReadiness.$inferSelect) {
  if (row.confirmedName === null) return [];
  const result = confirmNameSchema.safeParse({ certificateName: row.confirmedName });
  return result.success ? [] : result.error.issues;
}

/** Percent or Naira off: one of the two, never both or neither (as the forms' `kind`). */
function reductionProblems(row: { percent: number | null; amount: number | null }): Issue[] {
  return (row.percent === null) === (row.amount === null)
    ? [{ message: "both or neither of percent and amount", path: ["percent"] }]
    : [];
}

/** What a stored reduction is in the forms' fields: a whole percentage, or Naira from kobo. */
const reductionFields = (row: { percent: number | null; amount: number | null }) =>
  row.percent !== null
    ? { kind: "percent", value: row.percent }
    : { kind: "amount", value: nairaFromKobo(row.amount ?? 0) };

/**
 * A discount code as the Discounts page's form would send it again (1 to 100 %, or more than
 * ₦0; dates in order; limits; its intakes), kept upper case, for every intake or for those listed.
 */
function discountCodeProblems(row: typeof discountCodes.$inferSelect & { intakeIds: string[] }) {
  const result = discountCodeFormSchema.safeParse({
    code: row.code,
    ...reductionFields(row),
    intakeIds: row.intakeIds,
    validFrom: orUndefined(row.validFrom),
    validUntil: orUndefined(row.validUntil),
    useLimit: orUndefined(row.useLimit),
    perPersonLimit: row.perPersonLimit,
  });
  const issues: Issue[] = [
    ...(result.success ? [] : result.error.issues),
    ...reductionProblems(row),
  ];
  if (!/^[A-Z0-9-]{1,32}$/.test(row.code))
    issues.push({ message: "not upper-case letters, digits and dashes (1 to 32)", path: ["code"] });
  if (row.allIntakes !== (row.intakeIds.length === 0))
    issues.push({
      message: `for ${row.allIntakes ? "every intake" : "chosen intakes"}, with ${row.intakeIds.length} listed`,
      path: ["allIntakes"],
    });
  return issues;
}

/** A scholarship as the Payments section's form would send it again, its reason within limits. */
function scholarshipProblems(row: typeof scholarships.$inferSelect) {
  const result = scholarshipFields.safeParse({ ...reductionFields(row), reason: row.reason });
  return [...(result.success ? [] : result.error.issues), ...reductionProblems(row)];
}

export type RowProblem = { table: string; id: string; issues: string[]; row: unknown };

/** What a run expects of received mail: Message-IDs stored, and Message-IDs never stored. */
export type MailExpectations = { stored: string[]; absent: string[] };

/**
 * Every message, course, intake, admin, saved reply, tutor, certificate signatory, confirmed
 * certificate name, discount code and scholarship in the stopped server's PGlite folder, checked
 * against the schema of the form that writes it; every received mail, the 'E-mail' conversations
 * and kept attachments checked for anything half-stored. Read after the server has stopped:
 * PGlite allows one process per folder.
 */
export async function storedRowProblems(
  dataDir: string,
  mail: MailExpectations = { stored: [], absent: [] },
  /** The wamids of valid WhatsApp messages the webhook accepted: each stored once. */
  whatsappStored: string[] = [],
): Promise<{
  checked: number;
  problems: RowProblem[];
  mail: { received: number; conversations: number; attachments: number };
  /** WhatsApp: messages stored, and accepted ones whose job still waits in the queue. */
  whatsapp: { stored: number; waiting: number };
}> {
  const handle = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  try {
    const problems: RowProblem[] = [];
    let checked = 0;
    const record = (table: string, id: string, issues: Issue[], row: unknown) => {
      if (issues.length)
        problems.push({
          table,
          id,
          issues: issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
          row,
        });
    };
    const check = <T extends { id: string }>(
      table: string,
      rows: T[],
      problemsOf: (row: T) => Issue[],
    ) => {
      for (const row of rows) {
        checked += 1;
        record(table, row.id, problemsOf(row), row);
      }
    };
    const received = await handle.db
      .select({ row: inboundEmails, conversation: messages.id })
      .from(inboundEmails)
      .leftJoin(messages, eq(messages.id, inboundEmails.messageId));
    const started = await handle.db
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.formType, "email"),
          exists(
            handle.db
              .select({ one: sql`1` })
              .from(inboundEmails)
              .where(
                and(
                  eq(inboundEmails.messageId, messages.id),
                  eq(inboundEmails.receivedAt, messages.createdAt),
                ),
              ),
          ),
        ),
      );
    const startedByMail = new Set(started.map((row) => row.id));
    const allMessages = await handle.db.select().from(messages);
    check("messages", allMessages, (row) =>
      row.formType === "email"
        ? emailMessageProblems(row, startedByMail)
        : row.formType === "whatsapp"
          ? whatsappConversationProblems(row)
          : messageProblems(row),
    );
    check(
      "inbound_emails",
      received.map(({ row, conversation }) => ({ ...row, conversation })),
      inboundEmailProblems,
    );
    const bucket = path.join(dataDir, "storage", "mail-attachments");
    const attachments = await handle.db.select().from(inboundAttachments);
    for (const row of attachments) {
      checked += 1;
      record("inbound_attachments", row.id, await attachmentProblems(row, bucket), row);
    }
    const chats = await handle.db.select().from(whatsappMessages);
    let whatsappWaiting = 0;
    for (const row of chats) {
      checked += 1;
      record("whatsapp_messages", row.id, await whatsappFileProblems(row, bucket), row);
    }
    const storedWamids = new Map<string, number>();
    for (const row of chats)
      if (row.wamid) storedWamids.set(row.wamid, (storedWamids.get(row.wamid) ?? 0) + 1);
    // A message the job queue has not reached yet is not lost: its job waits in the database
    // (the server stopped first). One whose job failed (to be retried, or given up) or ended
    // without storing it is a defect.
    const queued = await handle.db.execute<{ wamid: string }>(sql`
      select data->'message'->>'id' as wamid from pgboss.job
      where name = 'whatsapp-event' and state in ('created', 'active')`);
    const waiting = new Set(queued.rows.map((row) => row.wamid));
    for (const wamid of whatsappStored) {
      const times = storedWamids.get(wamid) ?? 0;
      if (times === 1) continue;
      if (times === 0 && waiting.has(wamid)) {
        whatsappWaiting += 1;
        continue;
      }
      record(
        "whatsapp_messages",
        wamid,
        [{ message: `accepted once or more, stored ${times} times`, path: [] }],
        null,
      );
    }
    const keys = new Set([
      ...attachments.map((row) => row.storageKey),
      ...chats.flatMap((row) => (row.content.file ? [row.content.file.key] : [])),
    ]);
    for (const file of await filesUnder(bucket))
      if (!keys.has(file))
        record(
          "mail-attachments bucket",
          file,
          [{ message: "a file no received mail lists", path: [] }],
          null,
        );
    const storedIds = new Set(received.map(({ row }) => row.rfcMessageId));
    for (const id of mail.stored)
      if (!storedIds.has(id))
        record("inbound_emails", id, [{ message: "answered 250 but not stored", path: [] }], null);
    for (const id of mail.absent)
      if (storedIds.has(id))
        record(
          "inbound_emails",
          id,
          [{ message: "stored, though its delivery was never finished", path: [] }],
          null,
        );
    check("courses", await handle.db.select().from(courses), courseProblems);
    check("intakes", await handle.db.select().from(intakes), intakeProblems);
    check("admins", await handle.db.select().from(admins), adminProblems);
    check("saved_replies", await handle.db.select().from(savedReplies), savedReplyProblems);
    check("tutors", await handle.db.select().from(tutors), tutorProblems);
    const signatories = await handle.db.select().from(certificateSignatory);
    check(
      "certificate_signatory",
      signatories.map((row) => ({ ...row, id: String(row.id) })),
      signatoryProblems,
    );
    const readiness = await handle.db.select().from(certificateReadiness);
    check(
      "certificate_readiness",
      readiness.map((row) => ({ ...row, id: row.applicationId })),
      confirmedNameProblems,
    );
    const codeIntakes = await handle.db.select().from(discountCodeIntakes);
    const codes = await handle.db.select().from(discountCodes);
    check(
      "discount_codes",
      codes.map((row) => ({
        ...row,
        intakeIds: codeIntakes
          .filter((link) => link.codeId === row.id)
          .map((link) => link.intakeId),
      })),
      discountCodeProblems,
    );
    const granted = await handle.db.select().from(scholarships);
    check(
      "scholarships",
      granted.map((row) => ({ ...row, id: row.applicationId })),
      scholarshipProblems,
    );
    return {
      checked,
      problems,
      mail: {
        received: received.length,
        conversations: allMessages.filter((row) => row.formType === "email").length,
        attachments: attachments.length,
      },
      whatsapp: { stored: chats.length, waiting: whatsappWaiting },
    };
  } finally {
    await handle.close();
  }
}
