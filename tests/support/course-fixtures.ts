import { mkdtempSync } from "node:fs";
import { readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseWithZod } from "@conform-to/zod/v4";
import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach } from "vitest";
import {
  type CourseFormValues,
  courseFormSchema,
} from "~/features/courses/admin/course-form-schema";
import { CLIENT_ADDRESS_HEADER } from "~/lib/http/client-address";
import { setCourseAssets } from "~/lib/infra/storage/index.server";
import { localDiskStorage } from "~/lib/infra/storage/local-disk.server";
import { COURSE_ASSETS_BUCKET, type ObjectStorage } from "~/lib/infra/storage/storage.server";
import { ORIGIN, uniqueAddress } from "./admin-session";
import { type FormFields, toFormData } from "./form-data";

// --- Storage -----------------------------------------------------------------------------------

export type TestStorage = {
  /** The folder that holds the bucket folder. */
  root: string;
  storage: ObjectStorage;
  /** Keys written through the storage, in order (also the ones deleted later). */
  puts: string[];
  /** Keys passed to delete(), in order. */
  deletes: string[];
  /** Every stored key now on disk, sorted (temporary `.part` files included, so none hide). */
  keys: () => Promise<string[]>;
  /** Makes the storage empty again and forgets the recorded calls (before each test). */
  reset: () => Promise<void>;
  /** Unsets the app's storage and removes the folder (after the file's tests). */
  dispose: () => Promise<void>;
};

/**
 * The course-assets storage of a test file, registered at its top level after
 * setupTestDatabase: a bucket on local disk in a temporary folder, made the app's storage before
 * the file's tests, emptied before each test and removed after the last. It records put and
 * delete calls, so tests can tell which keys a service wrote and removed.
 */
export function setupTestStorage(): TestStorage {
  const files = testStorage();
  beforeAll(() => setCourseAssets(files.storage));
  beforeEach(() => files.reset());
  afterAll(() => files.dispose());
  return files;
}

function testStorage(): TestStorage {
  const root = mkdtempSync(path.join(tmpdir(), "course-assets-test-"));
  const disk = localDiskStorage(root, COURSE_ASSETS_BUCKET);
  const puts: string[] = [];
  const deletes: string[] = [];
  const storage: ObjectStorage = {
    ...disk,
    async put(key, body, contentType) {
      puts.push(key);
      await disk.put(key, body, contentType);
    },
    async delete(keys) {
      deletes.push(...keys);
      await disk.delete(keys);
    },
  };
  const bucketDir = path.join(root, COURSE_ASSETS_BUCKET);
  return {
    root,
    storage,
    puts,
    deletes,
    keys: () => listFiles(bucketDir),
    async reset() {
      await rm(bucketDir, { recursive: true, force: true });
      puts.length = 0;
      deletes.length = 0;
    },
    async dispose() {
      setCourseAssets(undefined);
      await rm(root, { recursive: true, force: true });
    },
  };
}

async function listFiles(dir: string, prefix = ""): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const entry of entries) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await listFiles(path.join(dir, entry.name), key)));
    else found.push(key);
  }
  return found.sort();
}

export async function fileSize(storage: TestStorage, key: string) {
  return (await stat(path.join(storage.root, COURSE_ASSETS_BUCKET, key))).size;
}

/** A stored file's bytes and type, or a failure naming the key. */
export async function readStored(storage: TestStorage, key: string) {
  const object = await storage.storage.get(key);
  if (!object) throw new Error(`Nothing stored at ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return { contentType: object.contentType, bytes: Buffer.concat(chunks) };
}

/** The key of one of our public URLs, or a failure naming the URL. */
export function keyOf(url: string | null | undefined) {
  const prefix = `/files/${COURSE_ASSETS_BUCKET}/`;
  if (!url?.startsWith(prefix)) throw new Error(`Not a course-assets URL: ${url}`);
  return url.slice(prefix.length);
}

// --- Files -------------------------------------------------------------------------------------

export const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export async function pngImage(width = 1600, height = 1000, background = "#336699") {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

export async function jpegImage(width = 900, height = 900) {
  return sharp({ create: { width, height, channels: 3, background: "#aa3300" } })
    .jpeg()
    .toBuffer();
}

export async function webpImage(width = 640, height = 480) {
  return sharp({ create: { width, height, channels: 3, background: "#00aa66" } })
    .webp()
    .toBuffer();
}

export async function gifImage(width = 40, height = 40) {
  return sharp({ create: { width, height, channels: 3, background: "#ffcc00" } })
    .gif()
    .toBuffer();
}

/** A small but well-formed PDF of one blank page. */
export function pdfDocument(title = "Course brochure") {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj\n% ${title}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

/**
 * A one-page PDF made by pdf-lib, changed by `change` first (pdf-lib's low-level API: put
 * actions into its catalog or page dictionaries).
 */
export async function pdfWith(change: (document: PDFDocument) => void = () => {}) {
  const document = await PDFDocument.create();
  document.addPage();
  change(document);
  return Buffer.from(await document.save());
}

/** A PDF that runs JavaScript when opened: an OpenAction pointing to a JavaScript action. */
export const pdfWithOpenScript = () =>
  pdfWith((document) => {
    const script = document.context.obj({ Type: "Action", S: "JavaScript" });
    script.set(PDFName.of("JS"), PDFString.of("app.alert('hello')"));
    document.catalog.set(PDFName.of("OpenAction"), document.context.register(script));
  });

/** A PNG of 8000x8000 px (64 megapixels) in about 0.2 MB: one colour compresses well. */
export const hugePngImage = () =>
  sharp({ create: { width: 8000, height: 8000, channels: 3, background: "#336699" } })
    .png({ compressionLevel: 9 })
    .toBuffer();

/** `size` bytes that start like a file of the given kind and are zeros after. */
export function bytesStartingWith(magic: number[] | string, size: number) {
  const buffer = Buffer.alloc(size);
  const head = typeof magic === "string" ? Buffer.from(magic) : Buffer.from(magic);
  head.copy(buffer, 0);
  return buffer;
}

// --- Course form values ------------------------------------------------------------------------

/** The fields of a complete, valid course form, as the modal posts them (Conform names). */
export function courseFields(overrides: FormFields = {}): FormFields {
  return {
    title: "Full Stack Web Development",
    slug: "full-stack-web-development",
    description: "Build and ship web applications end to end.",
    category: "Programming",
    icon: "Code",
    level: "Intermediate",
    difficulty: "Intermediate",
    duration: "12 weeks",
    price: "250000",
    originalPrice: "300000",
    rating: "4.5",
    lessons: "48",
    certification: "Certificate of completion",
    language: "English",
    subtitles: ["English", "French"],
    schedule: "Evenings",
    format: "Available in-person and online",
    classSize: "5-10 students",
    location: "Lagos, Nigeria",
    deliveryMethod: "Live classes and projects",
    "learningOutcomes[0]": "Build REST APIs",
    "learningOutcomes[1]": "Deploy to the cloud",
    "prerequisites[0]": "Basic computer skills",
    "skills[0]": "React",
    "skills[1]": "Node.js",
    "modules[0].title": "Foundations",
    "modules[0].description": "HTML, CSS and JavaScript",
    "modules[0].topics": "HTML\nCSS\nJavaScript",
    "faqs[0].question": "Do I need a laptop?",
    "faqs[0].answer": "Yes, any recent laptop works.",
    isActive: "on",
    ...overrides,
  };
}

/** Parses fields with the app's course schema, as the route does; fails on invalid fields. */
export function courseValues(overrides: FormFields = {}): CourseFormValues {
  const submission = parseWithZod(toFormData(courseFields(overrides)), {
    schema: courseFormSchema,
  });
  if (submission.status !== "success") {
    throw new Error(`Invalid course fields: ${JSON.stringify(submission.reply().error)}`);
  }
  return submission.value;
}

// --- Requests ----------------------------------------------------------------------------------

export type Upload = { field: string; name: string; type: string; bytes: Uint8Array };

/** A multipart POST as the browser sends the course form (the modal uses multipart). */
export function multipartRequest(
  pathAndQuery: string,
  fields: FormFields,
  { cookie, files = [] }: { cookie?: string; files?: Upload[] } = {},
) {
  const body = toFormData(fields);
  for (const file of files) {
    body.append(
      file.field,
      new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type }),
    );
  }
  return new Request(`${ORIGIN}${pathAndQuery}`, {
    method: "POST",
    body,
    headers: {
      origin: ORIGIN,
      [CLIENT_ADDRESS_HEADER]: uniqueAddress(),
      ...(cookie ? { cookie } : {}),
    },
  });
}
