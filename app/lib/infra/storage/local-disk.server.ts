import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { isSafeKey, keyFromPublicUrl, type ObjectStorage, publicUrlFor } from "./storage.server";

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".pdf": "application/pdf",
};

/** Stores a bucket's objects as files under `root/<bucket>/`. */
export function localDiskStorage(root: string, bucket: string): ObjectStorage {
  const bucketDir = path.resolve(root, bucket);

  function filePath(key: string) {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(bucketDir, key);
  }

  return {
    async put(key, body, _contentType) {
      const target = filePath(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write to a temporary name first so a reader never sees half a file.
      const temporary = `${target}.${process.pid}.${Date.now()}.part`;
      try {
        if (Buffer.isBuffer(body)) await writeFile(temporary, body);
        else await pipeline(body, createWriteStream(temporary));
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      const target = filePath(key);
      const info = await stat(target).catch(() => null);
      if (!info?.isFile()) return null;
      return {
        body: createReadStream(target) as Readable,
        contentType: CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream",
        size: info.size,
        etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      };
    },
    async delete(keys) {
      await Promise.all(keys.filter(isSafeKey).map((key) => rm(filePath(key), { force: true })));
    },
    publicUrl: (key) => publicUrlFor(bucket, key),
    keyFromUrl: (url) => keyFromPublicUrl(bucket, url),
  };
}
