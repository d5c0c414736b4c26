import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { S3Config } from "../env.server";
import { isSafeKey, keyFromPublicUrl, type ObjectStorage, publicUrlFor } from "./storage.server";

/** Parts of a streamed upload; at most one is held in memory at a time. */
const PART_BYTES = 5 * 1024 * 1024;

export function createS3Client(config: S3Config) {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    credentials: config.credentials,
    forcePathStyle: config.forcePathStyle,
    // SDK 3.729+ adds CRC checksums to every request and checks them on answers; R2, B2, older
    // MinIO and other S3-compatible servers refuse or lack them. Only where S3 requires them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
  });
}

/**
 * Stores a bucket's objects in an S3-compatible bucket, under `<bucket>/` (the same path as
 * under `/files/`, so a local `DATA_DIR/storage` folder copies over as it is). Without a
 * public URL the app serves the objects itself from `/files/<bucket>/<key>`.
 */
export function s3Storage(config: S3Config, bucket: string): ObjectStorage {
  const client = createS3Client(config);
  function objectKey(key: string) {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return `${bucket}/${key}`;
  }
  const publicPrefix = config.publicUrl ? `${config.publicUrl}/${bucket}/` : undefined;

  return {
    async put(key, body, contentType) {
      const params = {
        Bucket: config.bucket,
        Key: objectKey(key),
        Body: body,
        ContentType: contentType,
        CacheControl: "public, max-age=31536000, immutable",
      };
      // A buffer goes in one request. A stream goes in parts, so that only one part is in
      // memory; when the stream fails the multipart upload is aborted and nothing is stored.
      if (Buffer.isBuffer(body)) await client.send(new PutObjectCommand(params));
      else await new Upload({ client, params, partSize: PART_BYTES, queueSize: 1 }).done();
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }),
        );
        if (!(object.Body instanceof Readable)) throw new Error("S3 answered without a body");
        return {
          body: object.Body,
          contentType: object.ContentType ?? "application/octet-stream",
          size: object.ContentLength ?? 0,
          etag: object.ETag,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(keys) {
      // One DeleteObject per key: DeleteObjects needs a checksum header that several
      // S3-compatible servers refuse, and a course has at most six files.
      await Promise.all(
        keys
          .filter(isSafeKey)
          .map((key) =>
            client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) })),
          ),
      );
    },
    publicUrl: (key) => (publicPrefix ? `${publicPrefix}${key}` : publicUrlFor(bucket, key)),
    keyFromUrl(url) {
      if (publicPrefix && url.startsWith(publicPrefix)) {
        const key = url.slice(publicPrefix.length);
        return isSafeKey(key) ? key : null;
      }
      return keyFromPublicUrl(bucket, url);
    },
  };
}

function isMissing(error: unknown) {
  return (
    error instanceof NoSuchKey ||
    (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
  );
}
