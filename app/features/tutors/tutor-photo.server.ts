import type { ImageVariant, Tutor } from "~/db/schema";
import {
  type ImageShape,
  storeImage,
  uniqueTimestamp,
} from "~/features/uploads/file-content.server";
import type { ReceivedFile, UploadForm } from "~/features/uploads/upload-form.server";
import { tutorFormLimit } from "~/lib/forms/body-limits";
import type { ObjectStorage } from "~/lib/infra/storage/storage.server";
import { tutorMessages } from "./schema";

/** The tutor form takes one upload, the photo, under the same rules as a course image. */
export const tutorUploadForm: UploadForm = {
  fields: { image: "photoFile" },
  limit: tutorFormLimit,
  failed: { image: tutorMessages.photoFailed },
  tooLarge: tutorMessages.requestTooLarge,
};

/** A tutor's photo: square renditions for the About page's cards and the portal's list. */
const tutorPhotoShape: ImageShape = {
  name: "tutor-photo",
  widths: [160, 320],
  aspect: 1,
  share: false,
  field: "photoFile",
};

export type StoredPhoto = { photo: string; photoVariants: ImageVariant[]; keys: string[] };

/** Stores a photo (checked and re-encoded as course images are) beside the course images. */
export async function storeTutorPhoto(
  storage: ObjectStorage,
  file: ReceivedFile,
): Promise<StoredPhoto> {
  const stored = await storeImage(
    storage,
    file.buffer,
    file.type,
    uniqueTimestamp(),
    tutorPhotoShape,
  );
  return { photo: stored.image, photoVariants: stored.imageVariants, keys: stored.keys };
}

/** Every stored key a tutor's photo points to. */
export function tutorPhotoKeys(
  storage: ObjectStorage,
  tutor: Pick<Tutor, "photo" | "photoVariants">,
): string[] {
  return [tutor.photo, ...tutor.photoVariants.map((variant) => variant.url)]
    .map((url) => (url ? storage.keyFromUrl(url) : null))
    .filter((key): key is string => Boolean(key));
}
