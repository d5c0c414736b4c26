import { Readable } from "node:stream";
import busboy from "busboy";
import { UserFacingError } from "~/lib/errors";
import { courseFormLimit } from "~/lib/forms/body-limits";
import {
  checkFieldNames,
  malformedForm,
  mediaType,
  readForm,
} from "~/lib/forms/request-form.server";
import {
  type DetectedType,
  detectFileType,
  fileMessages,
  type UploadKind,
  uploadRules,
} from "./course-files.server";
import { courseMessages } from "./course-form-schema";

export type ReceivedFile = { buffer: Buffer; type: DetectedType };

export type CourseFormUpload = {
  formData: FormData;
  files: Partial<Record<UploadKind, ReceivedFile>>;
  /** Per upload, why it was refused (too large, wrong type), in the academy's wording. */
  problems: Partial<Record<UploadKind, string>>;
};

/** Form field name of each upload. */
const uploadFields: Record<UploadKind, string> = {
  image: "imageFile",
  brochure: "brochureFile",
};

/** A whole request larger than this is cut off: two files at their limits plus the fields. */
export const MAX_REQUEST_BYTES = courseFormLimit.maxBytes;

export class RequestTooLargeError extends UserFacingError {
  constructor() {
    super("The upload is too large. Images may be up to 5MB and brochures up to 10MB.", 413);
  }
}

const kindOfField = (name: string): UploadKind | null =>
  name === uploadFields.image ? "image" : name === uploadFields.brochure ? "brochure" : null;

/** The form's text for a refused upload: 'Failed to upload image: {reason}' (or brochure). */
const uploadFailed: Record<UploadKind, (message: string) => string> = {
  image: courseMessages.imageFailed,
  brochure: courseMessages.brochureFailed,
};

/** 'Failed to upload ...' for an error on a file field; null for any other field. */
export function uploadFailedText(field: string | undefined, message: string) {
  const kind = field ? kindOfField(field) : null;
  return kind ? uploadFailed[kind](message) : null;
}

/** The uploads the reader refused, each on its file field and in the form's errors. */
export function uploadProblemErrors({ problems }: CourseFormUpload) {
  const refused = (Object.keys(uploadFields) as UploadKind[]).flatMap((kind) => {
    const problem = problems[kind];
    return problem ? [{ kind, problem }] : [];
  });
  if (!refused.length) return null;
  return {
    fieldErrors: Object.fromEntries(
      refused.map(({ kind, problem }) => [uploadFields[kind], [problem]]),
    ),
    formErrors: refused.map(({ kind, problem }) => uploadFailed[kind](problem)),
  };
}

/**
 * Reads a multipart course form while it streams. Each file is kept in memory only up to its
 * limit; past it the rest is read and dropped, so the other fields still arrive and the
 * form can be shown again with the refusal's message. The type is decided from the content.
 * A multipart body that cannot be parsed (no boundary, cut off) is answered with a 400.
 */
export async function readCourseForm(request: Request): Promise<CourseFormUpload> {
  if (mediaType(request) !== "multipart/form-data" || !request.body) {
    return { formData: await readForm(request), files: {}, problems: {} };
  }
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_REQUEST_BYTES) throw new RequestTooLargeError();
  let upload: CourseFormUpload;
  try {
    upload = await parseCourseForm(request, request.body);
  } catch (error) {
    if (error instanceof RequestTooLargeError) throw error;
    throw malformedForm();
  }
  checkFieldNames(upload.formData.keys(), courseFormLimit);
  return upload;
}

async function parseCourseForm(
  request: Request,
  requestBody: ReadableStream<Uint8Array>,
): Promise<CourseFormUpload> {
  const formData = new FormData();
  const files: CourseFormUpload["files"] = {};
  const problems: CourseFormUpload["problems"] = {};

  await new Promise<void>((resolve, reject) => {
    const parser = busboy({
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      limits: {
        files: 2,
        fields: courseFormLimit.maxFields,
        fieldSize: 64 * 1024,
        parts: courseFormLimit.maxFields + 2,
        fileSize: uploadRules.brochure.maxBytes + 1,
      },
    });
    parser.on("field", (name, value) => formData.append(name, value));
    parser.on("file", (name, stream, info) => {
      // A body cut off inside a file part errors the file's stream too; unheard, that error
      // would end the process.
      stream.on("error", reject);
      const kind = kindOfField(name);
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
          problems[kind] = fileMessages.wrongType(kind);
          return;
        }
        files[kind] = { buffer, type };
      });
    });
    parser.on("close", resolve);
    parser.on("error", reject);

    let received = 0;
    const body = Readable.fromWeb(requestBody as import("node:stream/web").ReadableStream);
    body.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > MAX_REQUEST_BYTES) {
        body.destroy();
        reject(new RequestTooLargeError());
      }
    });
    body.on("error", reject);
    body.pipe(parser);
  });
  return { formData, files, problems };
}
