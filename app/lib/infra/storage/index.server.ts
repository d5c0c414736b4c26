import path from "node:path";
import { type Env, env } from "../env.server";
import { localDiskStorage } from "./local-disk.server";
import { s3Storage } from "./s3.server";
import { COURSE_ASSETS_BUCKET, type ObjectStorage } from "./storage.server";

const holder = globalThis as typeof globalThis & { __academyCourseAssets?: ObjectStorage };

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

function storageFor(config: Env): ObjectStorage {
  if (config.s3) return s3Storage(config.s3, COURSE_ASSETS_BUCKET);
  return localDiskStorage(path.resolve(config.DATA_DIR, "storage"), COURSE_ASSETS_BUCKET);
}
