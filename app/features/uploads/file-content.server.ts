import sharp from "sharp";
import type { ImageVariant } from "~/db/schema";
import { UserFacingError } from "~/lib/errors";
import { fileMessages, uploadRules } from "~/lib/forms/upload-rules";
import type { ObjectStorage } from "~/lib/infra/storage/storage.server";
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from "~/lib/site/share-image";

export type DetectedType = "image/jpeg" | "image/png" | "image/webp" | "application/pdf";

/** The file-name extension a stored file of each accepted type gets. */
export const fileExtensions: Record<DetectedType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "application/pdf": "pdf",
};

/** The file's type from its first bytes; the name and the browser's claim are not trusted. */
export function detectFileType(head: Uint8Array): DetectedType | null {
  const starts = (bytes: number[], offset = 0) =>
    bytes.every((byte, index) => head[offset + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf";
  return null;
}

/** The widths of the WebP renditions that public pages choose from with `srcset`. */
export const IMAGE_WIDTHS = [400, 800, 1200] as const;

export type StoredImage = {
  image: string;
  imageVariants: ImageVariant[];
  shareImage: string;
  keys: string[];
};

const refuseImage = (message: string, field: string) => new UserFacingError(message, 400, field);

/**
 * Refuses an image over the pixel limit from the size in its header, before anything decodes
 * it: decoding costs memory and time by pixels, and a small file can hold very many.
 */
async function checkImageSize(source: Buffer, field: string) {
  const { width, height } = await sharp(source)
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  if (!width || !height) throw refuseImage(fileMessages.unreadableImage, field);
  if (width * height > uploadRules.image.maxPixels)
    throw refuseImage(fileMessages.tooManyPixels, field);
}

/**
 * The image decoded and written again in its own format: what is kept has no camera metadata
 * (EXIF, GPS) and is a picture, whatever the upload carried beside it.
 */
export async function reencodeImage(
  source: Buffer,
  type: Exclude<DetectedType, "application/pdf">,
  field: string,
  /** Pixels on the longer side kept at most; none: the picture's own size. */
  maxSide?: number,
): Promise<Buffer> {
  await checkImageSize(source, field);
  const format = fileExtensions[type] === "jpg" ? "jpeg" : (fileExtensions[type] as "png" | "webp");
  try {
    const image = sharp(source, {
      failOn: "error",
      limitInputPixels: uploadRules.image.maxPixels,
    }).rotate();
    if (maxSide) image.resize(maxSide, maxSide, { fit: "inside", withoutEnlargement: true });
    return await image.toFormat(format, { quality: 85 }).toBuffer();
  } catch {
    throw refuseImage(fileMessages.unreadableImage, field);
  }
}

/** How one kind of stored image is named and cut: course images 3:2, tutor photos square. */
export type ImageShape = {
  /** The key's stem: `images/{name}-{timestamp}.{ext}`. */
  name: string;
  /** The widths of the WebP renditions that pages choose from with `srcset`. */
  widths: readonly number[];
  /** Height over width of the renditions. */
  aspect: number;
  /** Whether to make a 1200x630 JPEG link preview (`…-share.jpg`). */
  share: boolean;
  /** The form's file field, on which a refused image is reported. */
  field: string;
};

/**
 * Stores an image at its key (`images/{name}-{timestamp}.{ext}`), its WebP renditions beside it
 * (`…-{width}.webp`) and, if the shape asks, its link preview (`…-share.jpg`, 1200x630).
 * Throws if the bytes are not a decodable image.
 */
export async function storeImage(
  storage: ObjectStorage,
  source: Buffer,
  type: DetectedType,
  timestamp: number,
  shape: ImageShape,
): Promise<Omit<StoredImage, "shareImage"> & { shareImage: string | null }> {
  await checkImageSize(source, shape.field);
  const base = `images/${shape.name}-${timestamp}`;
  const original = `${base}.${fileExtensions[type]}`;
  let decoded: sharp.Sharp;
  let renditions: { width: number; body: Buffer }[];
  let cleanOriginal: Buffer;
  let share: Buffer | null = null;
  try {
    decoded = sharp(source, {
      failOn: "error",
      limitInputPixels: uploadRules.image.maxPixels,
    }).rotate();
    // Re-encoding drops camera metadata (EXIF, GPS) from the file that is served publicly.
    cleanOriginal = await decoded
      .clone()
      .toFormat(
        fileExtensions[type] === "jpg" ? "jpeg" : (fileExtensions[type] as "png" | "webp"),
        {
          quality: 90,
        },
      )
      .toBuffer();
    renditions = await Promise.all(
      shape.widths.map(async (width) => ({
        width,
        body: await decoded
          .clone()
          .resize({ width, height: Math.round(width * shape.aspect), fit: "cover" })
          .webp({ quality: width <= 400 ? 72 : 78 })
          .toBuffer(),
      })),
    );
    if (shape.share) {
      share = await decoded
        .clone()
        .resize({ width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, fit: "cover" })
        // A transparent PNG or WebP gets a white background, not JPEG's black.
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
    }
  } catch {
    throw refuseImage(fileMessages.unreadableImage, shape.field);
  }
  const keys: string[] = [];
  try {
    await storage.put(original, cleanOriginal, type);
    keys.push(original);
    const imageVariants: ImageVariant[] = [];
    for (const rendition of renditions) {
      const key = `${base}-${rendition.width}.webp`;
      await storage.put(key, rendition.body, "image/webp");
      keys.push(key);
      imageVariants.push({ width: rendition.width, url: storage.publicUrl(key) });
    }
    let shareImage: string | null = null;
    if (share) {
      const shareKey = `${base}-share.jpg`;
      await storage.put(shareKey, share, "image/jpeg");
      keys.push(shareKey);
      shareImage = storage.publicUrl(shareKey);
    }
    return { image: storage.publicUrl(original), imageVariants, shareImage, keys };
  } catch (error) {
    await storage.delete(keys);
    throw error;
  }
}

let lastTimestamp = 0;

/**
 * Milliseconds since 1970 for a file key, never the same twice in this process, so two saves
 * in one millisecond cannot write (and later delete) each other's files.
 */
export function uniqueTimestamp(now: number = Date.now()): number {
  lastTimestamp = Math.max(now, lastTimestamp + 1);
  return lastTimestamp;
}
