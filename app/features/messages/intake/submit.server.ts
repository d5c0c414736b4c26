import { randomInt } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType, output } from "zod/v4/core";
import { db } from "~/db/client.server";
import { messages, type NewMessage } from "~/db/schema";
import { isActiveCourseTitle } from "~/features/courses/courses.server";
import {
  invalidSubmission,
  noticeReply,
  refusalReply,
  unavailableRefusal,
} from "~/lib/forms/action-reply.server";
import { reservePublicForm } from "~/lib/forms/public-form-limit.server";
import { readForm } from "~/lib/forms/request-form.server";
import { requestOrigin } from "~/lib/http/client-address";
import { formatReference } from "../reference";
import { scheduleReplyReminder } from "../reply-reminders.server";
import { mayAcknowledge, queueAcknowledgement } from "./acknowledgements.server";
import {
  type ContactInput,
  contactSchema,
  formMessages,
  HONEYPOT_FIELD,
  type InquiryInput,
  inquirySchema,
} from "./schema";
import { queueStaffAlert } from "./staff-alerts.server";

type Origin = ReturnType<typeof requestOrigin>;

export type SubmitOutcome =
  | { status: "stored"; id: string; reference: number }
  | { status: "ignored" }
  | { status: "rate-limited"; retryAfterSeconds: number };

const orNull = (value: string | undefined) => (value ? value : null);

export function contactRow(input: ContactInput, origin: Origin): FormRow {
  return {
    formType: "contact",
    fullName: input.name,
    email: input.email,
    phone: orNull(input.phone),
    subject: input.subject,
    message: input.message,
    ...origin,
  };
}

export function inquiryRow(input: InquiryInput, origin: Origin): FormRow {
  return {
    formType: "inquiry",
    fullName: input.fullName,
    email: input.email,
    phone: orNull(input.phone),
    inquiryType: input.inquiryType,
    courseInterest: orNull(input.courseInterest),
    contactMethod: orNull(input.contactMethod),
    message: orNull(input.message),
    consentGiven: input.consent === "on",
    ...origin,
  };
}

/** A row of a public form: the visitor's address is always there. */
export type FormRow = NewMessage & { email: string };

/**
 * Stores a visitor's message (status unread, priority normal by the table's defaults) and, in
 * the same transaction, its staff alert, the visitor's acknowledgement and its 20-hour reminder.
 * A filled honeypot is acknowledged like any message and stored nowhere, and sends nothing.
 * `row.createdAt` is the database's clock unless given (tests of office hours and reminders).
 */
export async function storeVisitorMessage(
  row: FormRow,
  honeypot: string | undefined,
): Promise<SubmitOutcome> {
  if (honeypot?.trim()) return { status: "ignored" };
  const limit = await reservePublicForm(row.ipAddress ?? null, row.email);
  if (!limit.allowed) return { status: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  const acknowledge = await mayAcknowledge(row.email);
  const stored = await db().transaction(async (tx) => {
    const [message] = await tx.insert(messages).values(row).returning();
    if (!message) throw new Error("The message was not stored");
    await queueStaffAlert(tx, message);
    if (acknowledge) await queueAcknowledgement(tx, { ...message, email: row.email });
    await scheduleReplyReminder(tx, message);
    return message;
  });
  return { status: "stored", id: stored.id, reference: stored.reference };
}

/**
 * A bot that filled the honeypot is answered like a visitor, reference included, but never
 * with a visitor's number: a random one from the top half of the seven-digit references,
 * which the message sequence would reach only after five million messages (decision 0032).
 */
export const DECOY_REFERENCES_FROM = 5_000_000;
const DECOY_REFERENCES_TO = 9_999_999;

const decoyReference = () => randomInt(DECOY_REFERENCES_FROM, DECOY_REFERENCES_TO + 1);

/** The success text (the academy's wording; tests hold it) and the reference to quote. */
const successNotice = (success: string, reference: number) =>
  `${success} Your reference is ${formatReference(reference)}.`;

type FormTexts = { success: string; failure: string };

type FieldProblems = Record<string, string[]>;

/** Checks that need the database, so the browser's copy of the schema cannot make them. */
type ServerCheck<Value> = (value: Value) => Promise<FieldProblems | null>;

const noServerCheck = async () => null;

/** The course of interest is one of the courses the form offers: an active course's title. */
async function checkCourseInterest(input: InquiryInput): Promise<FieldProblems | null> {
  if (!input.courseInterest || (await isActiveCourseTitle(input.courseInterest))) return null;
  return { courseInterest: [formMessages.unknownCourse] };
}

/**
 * The whole action of a public form: validate with the shared schema, store, and answer with
 * the one action reply (the visitor's input kept on failure, the notice on success).
 */
async function handlePublicForm<Schema extends $ZodType>(
  request: Request,
  schema: Schema,
  toRow: (value: output<Schema>, origin: Origin) => FormRow,
  texts: FormTexts,
  serverCheck: ServerCheck<output<Schema>> = noServerCheck,
) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return invalidSubmission(submission);
  const honeypot = formData.get(HONEYPOT_FIELD);
  try {
    // Before the rate limit: a refused message uses up none of the visitor's budget.
    const problems = await serverCheck(submission.value);
    if (problems) return invalidSubmission(submission, { fieldErrors: problems });
    const row = toRow(submission.value, requestOrigin(request));
    const outcome = await storeVisitorMessage(row, typeof honeypot === "string" ? honeypot : "");
    if (outcome.status === "rate-limited") {
      const { retryAfterSeconds } = outcome;
      return refusalReply(submission, {
        status: 429,
        message: formMessages.rateLimited,
        retryAfterSeconds,
      });
    }
    const reference = outcome.status === "stored" ? outcome.reference : decoyReference();
    return noticeReply(submission, successNotice(texts.success, reference));
  } catch (error) {
    const unavailable = unavailableRefusal(error, "Storing a visitor's message", texts.failure);
    return refusalReply(submission, unavailable);
  }
}

export const handleContactForm = (request: Request) =>
  handlePublicForm(request, contactSchema, contactRow, {
    success: formMessages.contactSuccess,
    failure: formMessages.contactServiceFailure,
  });

export const handleInquiryForm = (request: Request) =>
  handlePublicForm(
    request,
    inquirySchema,
    inquiryRow,
    { success: formMessages.inquirySuccess, failure: formMessages.inquiryFailure },
    checkCourseInterest,
  );
