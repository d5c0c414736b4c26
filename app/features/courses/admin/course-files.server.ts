import type { $ZodType } from "zod/v4/core";
import type { Course } from "~/db/schema";
import {
  type DetectedType,
  IMAGE_WIDTHS,
  type ImageShape,
  type StoredImage,
  storeImage,
} from "~/features/uploads/file-content.server";
import { checkBrochure } from "~/features/uploads/pdf-check.server";
import {
  readUploadForm,
  readUploadSubmission,
  type UploadForm,
  uploadFailedText,
} from "~/features/uploads/upload-form.server";
import { courseFormLimit } from "~/lib/forms/body-limits";
import type { ObjectStorage } from "~/lib/infra/storage/storage.server";
import { courseMessages } from "./course-form-schema";

// A course's files: its image (3:2, with a link preview) and its brochure, read and stored
// through the uploads kit.

/** The course form: an image and a brochure. */
const courseUploadForm: UploadForm = {
  fields: { image: "imageFile", brochure: "brochureFile" },
  limit: courseFormLimit,
  failed: { image: courseMessages.imageFailed, brochure: courseMessages.brochureFailed },
};

/** A whole request larger than this is cut off: two files at their limits plus the fields. */
export const MAX_REQUEST_BYTES = courseFormLimit.maxBytes;

/** 'Failed to upload ...' for an error on a course file field; null for any other field. */
export const courseUploadFailedText = (field: string | undefined, message: string) =>
  uploadFailedText(courseUploadForm, field, message);

/** Reads the multipart course form (`readUploadForm`). */
export const readCourseForm = (request: Request) => readUploadForm(request, courseUploadForm);

/** The course form (`readUploadSubmission`). */
export const readCourseSubmission = <Schema extends $ZodType>(request: Request, schema: Schema) =>
  readUploadSubmission(request, courseUploadForm, schema, "Reading a course form");

export const courseImageShape: ImageShape = {
  name: "course-image",
  widths: IMAGE_WIDTHS,
  aspect: 2 / 3,
  share: true,
  field: "imageFile",
};

/** A course image: `storeImage` in the course shape, with its link preview. */
export async function storeCourseImage(
  storage: ObjectStorage,
  source: Buffer,
  type: DetectedType,
  timestamp: number,
): Promise<StoredImage> {
  const stored = await storeImage(storage, source, type, timestamp, courseImageShape);
  return { ...stored, shareImage: stored.shareImage ?? "" };
}

/**
 * Stores a brochure at `brochures/course-{id}-brochure-{timestamp}.pdf`, byte for byte once it
 * passed `checkBrochure`. Its size is kept with the course, so that pages show it without
 * reading the file.
 */
export async function storeCourseBrochure(
  storage: ObjectStorage,
  courseId: string,
  source: Buffer,
  timestamp: number,
): Promise<{ url: string; bytes: number; keys: string[] }> {
  await checkBrochure(source);
  const key = `brochures/course-${courseId}-brochure-${timestamp}.pdf`;
  await storage.put(key, source, "application/pdf");
  return { url: storage.publicUrl(key), bytes: source.length, keys: [key] };
}

/**
 * Every stored key a course points to: its image, the image's renditions and share image, its
 * brochure.
 */
export function courseFileKeys(
  storage: ObjectStorage,
  course: Pick<Course, "image" | "imageVariants" | "shareImage" | "brochureUrl">,
): string[] {
  return [
    course.image,
    ...course.imageVariants.map((variant) => variant.url),
    course.shareImage,
    course.brochureUrl,
  ]
    .map((url) => (url ? storage.keyFromUrl(url) : null))
    .filter((key): key is string => Boolean(key));
}
