import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "~/lib/http/content-security-policy.server";
import { loadEnv } from "~/lib/infra/env.server";

const load = (variables: Record<string, string>) => loadEnv({ NODE_ENV: "test", ...variables });

describe("S3_* configuration", () => {
  it("keeps uploads on local disk without S3_BUCKET", () => {
    expect(load({}).s3).toBeUndefined();
    expect(load({ S3_BUCKET: "", S3_REGION: "eu-west-1" }).s3).toBeUndefined();
  });

  it("reads a bucket with its endpoint, keys, path style and public URL", () => {
    expect(
      load({
        S3_BUCKET: "academy-uploads",
        S3_ENDPOINT: "https://account.r2.cloudflarestorage.com",
        S3_ACCESS_KEY_ID: "key-id",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "true",
        S3_PUBLIC_URL: "https://cdn.example.com/uploads/",
      }).s3,
    ).toEqual({
      bucket: "academy-uploads",
      endpoint: "https://account.r2.cloudflarestorage.com",
      region: "auto",
      credentials: { accessKeyId: "key-id", secretAccessKey: "secret" },
      forcePathStyle: true,
      publicUrl: "https://cdn.example.com/uploads",
    });
  });

  it("leaves AWS defaults to the SDK: no endpoint, no keys, virtual-hosted style", () => {
    expect(
      load({ S3_BUCKET: "academy", S3_REGION: "eu-west-2", S3_FORCE_PATH_STYLE: "0" }).s3,
    ).toEqual({
      bucket: "academy",
      endpoint: undefined,
      region: "eu-west-2",
      credentials: undefined,
      forcePathStyle: false,
      publicUrl: undefined,
    });
  });

  it.each([
    [{ S3_BUCKET: "Academy_Uploads" }, "S3_BUCKET: must be a bucket name"],
    [
      { S3_BUCKET: "academy", S3_ENDPOINT: "minio:9000" },
      "S3_ENDPOINT: must be an http:// or https:// URL",
    ],
    [
      { S3_BUCKET: "academy", S3_FORCE_PATH_STYLE: "yes" },
      'S3_FORCE_PATH_STYLE: must be "true" or "false"',
    ],
    [
      { S3_BUCKET: "academy", S3_PUBLIC_URL: "https://cdn.example.com/?v=1" },
      "S3_PUBLIC_URL: must be an origin",
    ],
    [{ S3_ENDPOINT: "http://127.0.0.1:9000" }, "S3_BUCKET: is required when S3_ENDPOINT is set"],
    [
      { S3_BUCKET: "academy", S3_ACCESS_KEY_ID: "id" },
      "S3_SECRET_ACCESS_KEY: is required when S3_ACCESS_KEY_ID is set",
    ],
    [
      { S3_BUCKET: "academy", S3_SECRET_ACCESS_KEY: "s" },
      "S3_ACCESS_KEY_ID: is required when S3_SECRET_ACCESS_KEY is set",
    ],
  ])("stops at start-up on %j, naming the variable", (variables, message) => {
    expect(() => load(variables)).toThrow(message);
  });
});

describe("Content-Security-Policy with S3_PUBLIC_URL", () => {
  it("allows images from the public URL's origin only", () => {
    expect(contentSecurityPolicy({ nonce: "n" })).toContain("img-src 'self' data:;");
    expect(contentSecurityPolicy({ nonce: "n" }, "https://cdn.example.com/uploads")).toContain(
      "img-src 'self' data: https://cdn.example.com;",
    );
  });
});
