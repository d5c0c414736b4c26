import path from "node:path";
import { env } from "../env.server";
import { localDiskStorage } from "./local-disk.server";
import { COURSE_ASSETS_BUCKET, type ObjectStorage } from "./storage.server";

const holder = globalThis as typeof globalThis & { __academyCourseAssets?: ObjectStorage };

/** The course-assets bucket. Local disk under DATA_DIR unless a test or start-up sets another. */
export function courseAssets(): ObjectStorage {
  holder.__academyCourseAssets ??= localDiskStorage(
    path.resolve(env().DATA_DIR, "storage"),
    COURSE_ASSETS_BUCKET,
  );
  return holder.__academyCourseAssets;
}

export function setCourseAssets(storage: ObjectStorage | undefined) {
  holder.__academyCourseAssets = storage;
}
