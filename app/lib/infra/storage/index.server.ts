import path from "node:path";
import { type Env, env } from "../env.server";
import { localDiskStorage } from "./local-disk.server";
import { s3Storage } from "./s3.server";
import {
  COURSE_ASSETS_BUCKET,
  MAIL_ATTACHMENTS_BUCKET,
  type ObjectStorage,
  PAYMENT_PROOFS_BUCKET,
} from "./storage.server";

const holder = globalThis as typeof globalThis & {
  __academyCourseAssets?: ObjectStorage;
  __academyPaymentProofs?: ObjectStorage;
  __academyMailAttachments?: ObjectStorage;
};

/**
 * The course-assets bucket: in S3_BUCKET when set, else on local disk under DATA_DIR; unless a
 * test sets another.
 */
export function courseAssets(): ObjectStorage {
  holder.__academyCourseAssets ??= storageFor(env());
  return holder.__academyCourseAssets;
}

export function setCourseAssets(storage: ObjectStorage | undefined) {
  holder.__academyCourseAssets = storage;
}

/** The private payment-proofs bucket, beside the course assets (S3 or local disk). */
export function paymentProofs(): ObjectStorage {
  holder.__academyPaymentProofs ??= storageFor(env(), PAYMENT_PROOFS_BUCKET);
  return holder.__academyPaymentProofs;
}

export function setPaymentProofs(storage: ObjectStorage | undefined) {
  holder.__academyPaymentProofs = storage;
}

/** The private mail-attachments bucket, beside the course assets (S3 or local disk). */
export function mailAttachments(): ObjectStorage {
  holder.__academyMailAttachments ??= storageFor(env(), MAIL_ATTACHMENTS_BUCKET);
  return holder.__academyMailAttachments;
}

export function setMailAttachments(storage: ObjectStorage | undefined) {
  holder.__academyMailAttachments = storage;
}

function storageFor(config: Env, bucket = COURSE_ASSETS_BUCKET): ObjectStorage {
  if (config.s3) return s3Storage(config.s3, bucket);
  return localDiskStorage(path.resolve(config.DATA_DIR, "storage"), bucket);
}
