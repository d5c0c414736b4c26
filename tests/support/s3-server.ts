import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DeleteObjectCommand, ListObjectsV2Command, type S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import type { S3Config } from "~/lib/infra/env.server";
import { createS3Client } from "~/lib/infra/storage/s3.server";

export type TestS3Server = {
  /** The settings the app's S3 driver gets, as loadEnv makes them from S3_* variables. */
  config: S3Config;
  /** The same settings as S3_* environment variables. */
  env: Record<string, string>;
  /** A client made the way the app makes it, for looking into the bucket. */
  client: S3Client;
  /** Every object key in the bucket, sorted. */
  keys: () => Promise<string[]>;
  /** Removes every object. */
  empty: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * A real S3-compatible server (s3rver) on a free port with one empty bucket, its data in a
 * temporary folder. Path-style addressing, as for MinIO; s3rver takes any credentials.
 */
export async function startS3Server({
  bucket = "academy-uploads",
  publicUrl,
}: {
  bucket?: string;
  publicUrl?: string;
} = {}): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), "s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: "auto",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
    ...(publicUrl ? { S3_PUBLIC_URL: publicUrl } : {}),
  };
  const config: S3Config = {
    bucket,
    endpoint: env.S3_ENDPOINT,
    region: "auto",
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    forcePathStyle: true,
    publicUrl,
  };
  const client = createS3Client(config);
  const keys = async () => {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
    return (listed.Contents ?? []).map((object) => object.Key ?? "").sort();
  };
  return {
    config,
    env,
    client,
    keys,
    async empty() {
      for (const key of await keys()) {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      }
    },
    async stop() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
