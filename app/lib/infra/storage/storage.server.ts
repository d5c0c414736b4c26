import type { Readable } from "node:stream";

/** Course images and brochures, public. */
export const COURSE_ASSETS_BUCKET = "course-assets";
/**
 * Applicants' proofs of bank transfers: private. No route serves this bucket; staff read a
 * proof through the portal, which checks who asks.
 */
export const PAYMENT_PROOFS_BUCKET = "payment-proofs";

/** Files that came with visitors' e-mails: private like the proofs, opened through the portal. */
export const MAIL_ATTACHMENTS_BUCKET = "mail-attachments";

/** URL prefix under which stored files are served (app/routes/resources/files.ts). */
const FILES_URL_PREFIX = "/files";

export type StoredObject = {
  body: Readable;
  contentType: string;
  size: number;
  /** Changes when the content does; for conditional requests. */
  etag?: string;
};

/**
 * Object storage for uploads: local disk (the default) or an S3-compatible bucket, with which
 * the app can run as several processes (docs/decisions/0017-object-storage.md). Both pass the
 * same contract (tests/integration/storage-contract.test.ts).
 * Keys are relative to the bucket, e.g. `images/course-image-1732240000000.webp`.
 */
export interface ObjectStorage {
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  /** Removes the keys; keys that do not exist are ignored. */
  delete(keys: readonly string[]): Promise<void>;
  /**
   * The public URL of a key: `/files/course-assets/images/x.webp`, or with S3_PUBLIC_URL
   * `https://cdn.example.com/course-assets/images/x.webp`.
   */
  publicUrl(key: string): string;
  /** The key of one of our public URLs (either form), or null when the URL is not ours. */
  keyFromUrl(url: string): string | null;
}

export function publicUrlFor(bucket: string, key: string) {
  return `${FILES_URL_PREFIX}/${bucket}/${key}`;
}

export function keyFromPublicUrl(bucket: string, url: string): string | null {
  const prefix = `${FILES_URL_PREFIX}/${bucket}/`;
  const pathname = url.startsWith("/") ? url : safePathname(url);
  if (!pathname?.startsWith(prefix)) return null;
  const key = pathname.slice(prefix.length);
  return isSafeKey(key) ? key : null;
}

/** Keys are plain relative paths: no `..`, no leading slash, no backslashes. */
export function isSafeKey(key: string) {
  return (
    key.length > 0 &&
    key.length < 512 &&
    /^[A-Za-z0-9._\-/]+$/.test(key) &&
    !key.startsWith("/") &&
    !key.split("/").some((part) => part === "" || part === "." || part === "..")
  );
}

function safePathname(url: string) {
  try {
    return new URL(url).pathname;
  } catch {
    return null;
  }
}
