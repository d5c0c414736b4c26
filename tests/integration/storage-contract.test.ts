import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { localDiskStorage } from "~/lib/infra/storage/local-disk.server";
import { s3Storage } from "~/lib/infra/storage/s3.server";
import { COURSE_ASSETS_BUCKET, type ObjectStorage } from "~/lib/infra/storage/storage.server";
import { startS3Server, type TestS3Server } from "../support/s3-server";

// One contract, every driver: what the app relies on from its storage.

const MB = 1024 * 1024;
const CDN = "https://cdn.example.com/academy";

type Driver = {
  storage: ObjectStorage;
  /** Every key stored, relative to the bucket, sorted; temporary files and stray objects too. */
  storedKeys: () => Promise<string[]>;
  empty: () => Promise<void>;
  stop: () => Promise<void>;
};

async function localDisk(): Promise<Driver> {
  const root = await mkdtemp(path.join(tmpdir(), "storage-contract-"));
  const bucketDir = path.join(root, COURSE_ASSETS_BUCKET);
  return {
    storage: localDiskStorage(root, COURSE_ASSETS_BUCKET),
    storedKeys: async () =>
      (await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []))
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(bucketDir, path.join(entry.parentPath, entry.name)))
        .sort(),
    empty: () => rm(bucketDir, { recursive: true, force: true }),
    stop: () => rm(root, { recursive: true, force: true }),
  };
}

async function s3(publicUrl?: string): Promise<Driver> {
  const server: TestS3Server = await startS3Server({ publicUrl });
  const prefix = `${COURSE_ASSETS_BUCKET}/`;
  return {
    storage: s3Storage(server.config, COURSE_ASSETS_BUCKET),
    storedKeys: async () =>
      (await server.keys()).map((key) => (key.startsWith(prefix) ? key.slice(prefix.length) : key)),
    empty: server.empty,
    stop: server.stop,
  };
}

const drivers = [
  { name: "local disk", start: localDisk, publicBase: "/files/course-assets/" },
  { name: "S3 (s3rver)", start: () => s3(), publicBase: "/files/course-assets/" },
  {
    name: "S3 with S3_PUBLIC_URL",
    start: () => s3(CDN),
    publicBase: `${CDN}/course-assets/`,
  },
];

async function bytesOf(body: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `size` bytes of a repeating pattern, so that a misplaced part shows. */
function patterned(size: number) {
  const buffer = Buffer.alloc(size);
  for (let index = 0; index < size; index += 4) buffer.writeUInt32LE(index / 4, index);
  return buffer;
}

/** A stream that sends `bytesBeforeFailing` bytes, then fails like a dropped upload. */
function failingStream(bytesBeforeFailing: number) {
  let sent = false;
  return new Readable({
    read() {
      if (sent) {
        this.destroy(new Error("The connection dropped"));
        return;
      }
      sent = true;
      this.push(Buffer.alloc(bytesBeforeFailing, 1));
    },
  });
}

describe.each(drivers)("storage contract: $name", ({ start, publicBase }) => {
  let driver: Driver;
  let storage: ObjectStorage;

  beforeAll(async () => {
    driver = await start();
    storage = driver.storage;
  });
  afterAll(() => driver?.stop());
  beforeEach(() => driver.empty());

  it("stores a buffer and gives it back with its type, size and an ETag", async () => {
    const bytes = patterned(40_000);
    await storage.put("images/course-image-1.png", bytes, "image/png");
    const object = await storage.get("images/course-image-1.png");
    if (!object) throw new Error("Nothing stored");
    expect(object.contentType).toBe("image/png");
    expect(object.size).toBe(bytes.length);
    expect(object.etag).toMatch(/^(W\/)?".+"$/);
    expect((await bytesOf(object.body)).equals(bytes)).toBe(true);
    expect(await driver.storedKeys()).toEqual(["images/course-image-1.png"]);
  });

  it("stores a stream of several parts (11 MB in 1 MB chunks) byte for byte", async () => {
    const bytes = patterned(11 * MB);
    const chunks = Array.from({ length: 11 }, (_, index) =>
      bytes.subarray(index * MB, (index + 1) * MB),
    );
    await storage.put(
      "brochures/course-c1-brochure-1.pdf",
      Readable.from(chunks),
      "application/pdf",
    );
    const object = await storage.get("brochures/course-c1-brochure-1.pdf");
    if (!object) throw new Error("Nothing stored");
    expect(object.contentType).toBe("application/pdf");
    expect(object.size).toBe(bytes.length);
    expect((await bytesOf(object.body)).equals(bytes)).toBe(true);
  });

  it("answers null for a missing key and for an unsafe one, without failing", async () => {
    expect(await storage.get("images/missing.png")).toBeNull();
    expect(await storage.get("../secret.txt")).toBeNull();
    expect(await storage.get("images//x.png")).toBeNull();
  });

  it("deletes the keys it is given, ignores missing and unsafe ones, and keeps the rest", async () => {
    await storage.put("images/a.webp", Buffer.from("a"), "image/webp");
    await storage.put("images/b.webp", Buffer.from("b"), "image/webp");
    await storage.put("brochures/c.pdf", Buffer.from("%PDF-c"), "application/pdf");
    await storage.delete(["images/a.webp", "brochures/c.pdf", "images/never-stored.webp", "../x"]);
    expect(await storage.get("images/a.webp")).toBeNull();
    expect(await driver.storedKeys()).toEqual(["images/b.webp"]);
    await storage.delete([]);
    await storage.delete(["images/a.webp"]);
    expect(await driver.storedKeys()).toEqual(["images/b.webp"]);
  });

  it("makes a public URL of a key and finds the key again, also from /files/ URLs of old rows", () => {
    const key = "images/course-image-1767225600000-800.webp";
    expect(storage.publicUrl(key)).toBe(`${publicBase}${key}`);
    expect(storage.keyFromUrl(storage.publicUrl(key))).toBe(key);
    expect(storage.keyFromUrl(`/files/course-assets/${key}`)).toBe(key);
    expect(storage.keyFromUrl(`https://academy.example/files/course-assets/${key}`)).toBe(key);
    for (const foreign of [
      `/files/other-bucket/${key}`,
      `/course-assets/${key}`,
      "/files/course-assets/../secret.txt",
      `${publicBase}../secret.txt`,
      "https://elsewhere.example/picture.png",
      "",
    ]) {
      expect(storage.keyFromUrl(foreign), foreign).toBeNull();
    }
  });

  it("refuses unsafe keys and stores nothing for them", async () => {
    for (const key of ["../escape.png", "/absolute.png", "images//double.png", "a\\b.png", ""]) {
      await expect(storage.put(key, Buffer.from("x"), "image/png"), key).rejects.toThrow(
        /Unsafe storage key/,
      );
    }
    expect(await driver.storedKeys()).toEqual([]);
  });

  it.each([
    ["within the first part", 64 * 1024],
    ["after the first part", 6 * MB],
  ])("leaves nothing behind when the stream fails %s", async (_, bytesBeforeFailing) => {
    await expect(
      storage.put("brochures/broken.pdf", failingStream(bytesBeforeFailing), "application/pdf"),
    ).rejects.toThrow();
    expect(await storage.get("brochures/broken.pdf")).toBeNull();
    expect(await driver.storedKeys()).toEqual([]);
  });
});

describe("S3 driver specifics", () => {
  let server: TestS3Server;
  beforeAll(async () => {
    server = await startS3Server({ publicUrl: CDN });
  });
  afterAll(() => server?.stop());

  it("stores objects under the bucket's folder, with their type and a year-long cache", async () => {
    const storage = s3Storage(server.config, COURSE_ASSETS_BUCKET);
    await storage.put("images/x.webp", Buffer.from("RIFF"), "image/webp");
    expect(await server.keys()).toEqual(["course-assets/images/x.webp"]);
    const head = await server.client.send(
      new HeadObjectCommand({ Bucket: server.config.bucket, Key: "course-assets/images/x.webp" }),
    );
    expect(head.ContentType).toBe("image/webp");
    expect(head.CacheControl).toBe("public, max-age=31536000, immutable");
  });

  it("fails a get when the server cannot be reached, rather than calling the file missing", async () => {
    const storage = s3Storage(
      { ...server.config, endpoint: "http://127.0.0.1:9" },
      COURSE_ASSETS_BUCKET,
    );
    await expect(storage.get("images/x.webp")).rejects.toThrow();
  });
});
