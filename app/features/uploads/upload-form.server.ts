import { Readable } from "node:stream";
import { parseWithZod } from "@conform-to/zod/v4";
import busboy from "busboy";
import type { $ZodType } from "zod/v4/core";
import { UserFacingError } from "~/lib/errors";
import { failureReply, formReply, invalidSubmission } from "~/lib/forms/action-reply.server";
import type { BodyLimit } from "~/lib/forms/body-limits";
import {
  checkFieldNames,
  malformedForm,
  mediaType,
  readForm,
} from "~/lib/forms/request-form.server";
import { fileMessages, type UploadKind, uploadRules } from "~/lib/forms/upload-rules";
import { type DetectedType, detectFileType } from "./file-content.server";

/** An upload received: its bytes, its type as its content shows, and its name as sent. */
export type ReceivedFile = { buffer: Buffer; type: DetectedType; name?: string };

export type ReceivedUploadForm = {
  formData: FormData;
  files: Partial<Record<UploadKind, ReceivedFile>>;
  /** Per upload, why it was refused (too large, wrong type), in the academy's wording. */
  problems: Partial<Record<UploadKind, string>>;
};

/**
 * A form with uploads: the field name of each upload it takes, its body limit, and its text for
 * a refused upload ('Failed to upload image: {reason}').
 */
export type UploadForm = {
  fields: Partial<Record<UploadKind, string>>;
  limit: BodyLimit;
  failed: Partial<Record<UploadKind, (message: string) => string>>;
  /** The answer to a whole request over the limit; the course form's by default. */
  tooLarge?: string;
};

export class RequestTooLargeError extends UserFacingError {
  constructor(
    message = "The upload is too large. Images may be up to 5MB and brochures up to 10MB.",
  ) {
    super(message, 413);
  }
}

const uploadKinds = (form: UploadForm) => Object.keys(form.fields) as UploadKind[];

const kindOfField = (form: UploadForm, name: string): UploadKind | null =>
  uploadKinds(form).find((kind) => form.fields[kind] === name) ?? null;

/** The form's text for a refused upload, e.g. 'Failed to upload image: {reason}'. */
const failedText = (form: UploadForm, kind: UploadKind, message: string) =>
  form.failed[kind]?.(message) ?? message;

/** The uploads the reader refused, each on its file field and in the form's errors. */
function refusedUploadErrors({ problems }: ReceivedUploadForm, form: UploadForm) {
  const refused = uploadKinds(form).flatMap((kind) => {
    const problem = problems[kind];
    return problem ? [{ kind, problem }] : [];
  });
  if (!refused.length) return null;
  return {
    fieldErrors: Object.fromEntries(
      refused.map(({ kind, problem }) => [form.fields[kind] ?? kind, [problem]]),
    ),
    formErrors: refused.map(({ kind, problem }) => failedText(form, kind, problem)),
  };
}

/**
 * What every action with uploads does first: reads the form (`readUploadForm`) and parses it
 * with `schema`. A body over the limit, a form with field errors, a refused upload, or one of
 * Conform's list buttons (nothing to save) is answered here, as `reply`; otherwise the values
 * and the files received, for the action to save.
 */
export async function readUploadSubmission<Schema extends $ZodType>(
  request: Request,
  form: UploadForm,
  schema: Schema,
  what: string,
) {
  let upload: ReceivedUploadForm;
  try {
    upload = await readUploadForm(request, form);
  } catch (error) {
    if (!(error instanceof RequestTooLargeError)) throw error;
    return { reply: failureReply(null, error, what) } as const;
  }
  const submission = parseWithZod(upload.formData, { schema });
  if (submission.status === undefined) return { reply: formReply(submission) } as const;
  const refused = refusedUploadErrors(upload, form);
  if (submission.status !== "success" || refused)
    return { reply: invalidSubmission(submission, refused ?? {}) } as const;
  return { reply: null, submission, value: submission.value, files: upload.files } as const;
}

/**
 * Reads a multipart form with uploads while it streams. Each file is kept in memory only up to its
 * limit; past it the rest is read and dropped, so the other fields still arrive and the
 * form can be shown again with the refusal's message. The type is decided from the content.
 * A multipart body that cannot be parsed (no boundary, cut off) is answered with a 400.
 */
export async function readUploadForm(
  request: Request,
  form: UploadForm,
): Promise<ReceivedUploadForm> {
  if (mediaType(request) !== "multipart/form-data" || !request.body) {
    return { formData: await readForm(request), files: {}, problems: {} };
  }
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > form.limit.maxBytes) throw new RequestTooLargeError(form.tooLarge);
  let upload: ReceivedUploadForm;
  try {
    upload = await parseUploadForm(request, request.body, form);
  } catch (error) {
    if (error instanceof RequestTooLargeError) throw error;
    throw malformedForm();
  }
  checkFieldNames(upload.formData.keys(), form.limit);
  return upload;
}

async function parseUploadForm(
  request: Request,
  requestBody: ReadableStream<Uint8Array>,
  form: UploadForm,
): Promise<ReceivedUploadForm> {
  const { maxFields, maxBytes } = form.limit;
  const kinds = uploadKinds(form);
  const formData = new FormData();
  const files: ReceivedUploadForm["files"] = {};
  const problems: ReceivedUploadForm["problems"] = {};

  await new Promise<void>((resolve, reject) => {
    const parser = busboy({
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      limits: {
        files: kinds.length,
        fields: maxFields,
        fieldSize: 64 * 1024,
        parts: maxFields + kinds.length,
        fileSize: Math.max(...kinds.map((kind) => uploadRules[kind].maxBytes)) + 1,
      },
    });
    parser.on("field", (name, value) => formData.append(name, value));
    parser.on("file", (name, stream, info) => {
      // A body cut off inside a file part errors the file's stream too; unheard, that error
      // would end the process.
      stream.on("error", reject);
      const kind = kindOfField(form, name);
      if (!kind || !info.filename) {
        stream.resume();
        return;
      }
      const rule = uploadRules[kind];
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size <= rule.maxBytes) chunks.push(chunk);
        else chunks.length = 0;
      });
      stream.on("end", () => {
        if (size === 0) return;
        if (size > rule.maxBytes || stream.truncated) {
          problems[kind] = fileMessages.tooLarge(kind);
          return;
        }
        const buffer = Buffer.concat(chunks);
        const type = detectFileType(buffer.subarray(0, 16));
        if (!type || !(rule.types as readonly string[]).includes(type)) {
          problems[kind] = fileMessages.wrongType(kind, buffer.subarray(0, 16));
          return;
        }
        files[kind] = { buffer, type, name: info.filename };
      });
    });
    parser.on("close", resolve);
    parser.on("error", reject);

    let received = 0;
    const body = Readable.fromWeb(requestBody as import("node:stream/web").ReadableStream);
    body.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) {
        body.destroy();
        reject(new RequestTooLargeError(form.tooLarge));
      }
    });
    body.on("error", reject);
    body.pipe(parser);
  });
  return { formData, files, problems };
}

/** 'Failed to upload ...' for an error on one of the form's file fields; null for any other field. */
export function uploadFailedText(form: UploadForm, field: string | undefined, message: string) {
  const kind = field ? kindOfField(form, field) : null;
  return kind ? failedText(form, kind, message) : null;
}
