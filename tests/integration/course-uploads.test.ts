import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { PDFName, PDFString } from "pdf-lib";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Admin, courseChanges, courses } from "~/db/schema";
import { findCourseById } from "~/features/courses/admin/course-admin.server";
import {
  MAX_REQUEST_BYTES,
  readCourseForm,
  storeCourseBrochure,
  storeCourseImage,
} from "~/features/courses/admin/course-files.server";
import { courseMessages } from "~/features/courses/admin/course-form-schema";
import { renderCourseImage } from "~/features/demo/course-image.server";
import {
  detectFileType,
  IMAGE_WIDTHS,
  uniqueTimestamp,
} from "~/features/uploads/file-content.server";
import { RequestTooLargeError } from "~/features/uploads/upload-form.server";
import { fileMessages } from "~/lib/forms/upload-rules";
import * as coursesRoute from "~/routes/admin/courses";
import * as filesRoute from "~/routes/resources/files";
import * as coursePageRoute from "~/routes/site/course";
import {
  ORIGIN,
  type Outcome,
  outcomeOf,
  setCookiesOf,
  signedInAdmin,
} from "../support/admin-session";
import {
  bytesStartingWith,
  courseFields,
  gifImage,
  hugePngImage,
  jpegImage,
  keyOf,
  multipartRequest,
  PNG_MAGIC,
  pdfDocument,
  pdfWith,
  pdfWithOpenScript,
  pngImage,
  readStored,
  setupTestStorage,
  type Upload,
  webpImage,
} from "../support/course-fixtures";
import { memoryRiseOf, pdfBomb } from "../support/pdf-bomb";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

const MB = 1024 * 1024;
const IMAGE_TOO_LARGE = "File size must be less than 5MB";
const BROCHURE_TOO_LARGE = "File size must be less than 10MB";
const IMAGE_WRONG_TYPE = "File type not allowed. Allowed types: image/jpeg, image/png, image/webp";
const BROCHURE_WRONG_TYPE = "File type not allowed. Allowed types: application/pdf";

const database = setupTestDatabase();
const files = setupTestStorage();
let admin: Admin;
let cookie: string;
let png: Buffer;
let jpeg: Buffer;
let webp: Buffer;
let gif: Buffer;
const pdf = pdfDocument();
const svg = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
const text = Buffer.from("Just some notes, not a picture.\n");

beforeAll(async () => {
  ({ admin, cookie } = await signedInAdmin({ role: "admin", name: "Uche Uploader" }));
  png = await pngImage(1600, 1000);
  jpeg = await jpegImage();
  webp = await webpImage();
  gif = await gifImage();
});

beforeEach(async () => {
  await database().db.delete(courses);
  await database().db.delete(courseChanges);
});

const imageUpload = (bytes: Uint8Array, name = "cover.png", type = "image/png"): Upload => ({
  field: "imageFile",
  name,
  type,
  bytes,
});
const brochureUpload = (
  bytes: Uint8Array,
  name = "brochure.pdf",
  type = "application/pdf",
): Upload => ({ field: "brochureFile", name, type, bytes });

/** A course form with files, read the way the route reads it. */
const read = (uploads: Upload[], fields = { title: "Typed title", description: "Typed" }) =>
  readCourseForm(multipartRequest("/admin-portal/courses", fields, { files: uploads }));

// --- Detecting the type ----------------------------------------------------------------------

describe("detectFileType", () => {
  it("recognises JPEG, PNG, WebP and PDF by their content", () => {
    expect(detectFileType(jpeg)).toBe("image/jpeg");
    expect(detectFileType(png)).toBe("image/png");
    expect(detectFileType(webp)).toBe("image/webp");
    expect(detectFileType(pdf)).toBe("application/pdf");
  });

  it("recognises nothing else, whatever a file is called", () => {
    expect(detectFileType(text)).toBeNull();
    expect(detectFileType(gif)).toBeNull();
    expect(detectFileType(svg)).toBeNull();
    expect(detectFileType(new Uint8Array())).toBeNull();
    // RIFF but not WebP (a WAV file), and PDF's magic without the hyphen.
    expect(detectFileType(Buffer.from("RIFF\x24\x00\x00\x00WAVEfmt "))).toBeNull();
    expect(detectFileType(Buffer.from("%PDF1.4"))).toBeNull();
    // Only the first bytes count: PNG's signature cut short is not a PNG.
    expect(detectFileType(Buffer.from(PNG_MAGIC.slice(0, 7)))).toBeNull();
  });

  it("calls a PNG renamed .pdf (and claimed as application/pdf) a PNG", async () => {
    const renamed = new File([new Uint8Array(png)], "brochure.pdf", { type: "application/pdf" });
    expect(detectFileType(new Uint8Array(await renamed.arrayBuffer()))).toBe("image/png");
  });
});

// --- Reading the multipart form ----------------------------------------------------------------

describe("readCourseForm", () => {
  it("takes a valid image and brochure, and the other fields", async () => {
    const upload = await read([imageUpload(png), brochureUpload(pdf)]);
    expect(upload.problems).toEqual({});
    expect(upload.files.image?.type).toBe("image/png");
    expect(Buffer.compare(upload.files.image?.buffer ?? Buffer.alloc(0), png)).toBe(0);
    expect(upload.files.brochure?.type).toBe("application/pdf");
    expect(Buffer.compare(upload.files.brochure?.buffer ?? Buffer.alloc(0), pdf)).toBe(0);
    expect(upload.formData.get("title")).toBe("Typed title");
    expect(upload.formData.get("description")).toBe("Typed");
    // Files never end up among the text fields.
    expect(upload.formData.has("imageFile")).toBe(false);
    expect(upload.formData.has("brochureFile")).toBe(false);
  });

  it("takes JPEG and WebP images too, whatever the browser claims", async () => {
    const asJpeg = await read([imageUpload(jpeg, "photo.jpeg", "application/octet-stream")]);
    expect(asJpeg.problems).toEqual({});
    expect(asJpeg.files.image?.type).toBe("image/jpeg");
    const asWebp = await read([imageUpload(webp, "photo.png", "image/png")]);
    expect(asWebp.problems).toEqual({});
    expect(asWebp.files.image?.type).toBe("image/webp");
  });

  it("refuses an image of 5MB + 1 byte with the size message, and still reads the other fields", async () => {
    const body = new FormData();
    body.append("title", "Before the file");
    body.append(
      "imageFile",
      new File([bytesStartingWith(PNG_MAGIC, 5 * MB + 1)], "big.png", {
        type: "image/png",
      }),
    );
    body.append("description", "After the file");
    const upload = await readCourseForm(
      new Request(`${ORIGIN}/admin-portal/courses`, { method: "POST", body }),
    );
    expect(upload.problems).toEqual({ image: IMAGE_TOO_LARGE });
    expect(upload.files).toEqual({});
    expect(upload.formData.get("title")).toBe("Before the file");
    expect(upload.formData.get("description")).toBe("After the file");
  });

  it("takes an image of exactly 5MB", async () => {
    const upload = await read([imageUpload(bytesStartingWith(PNG_MAGIC, 5 * MB))]);
    expect(upload.problems).toEqual({});
    expect(upload.files.image?.buffer.length).toBe(5 * MB);
  });

  it("refuses a brochure of 10MB + 1 byte with the size message", async () => {
    const upload = await read([brochureUpload(bytesStartingWith("%PDF-1.7\n", 10 * MB + 1))]);
    expect(upload.problems).toEqual({ brochure: BROCHURE_TOO_LARGE });
    expect(upload.files).toEqual({});
    expect(upload.formData.get("title")).toBe("Typed title");
  });

  it("refuses a text file named photo.png sent as image/png with the type message", async () => {
    const upload = await read([imageUpload(text, "photo.png", "image/png")]);
    expect(upload.problems).toEqual({ image: IMAGE_WRONG_TYPE });
    expect(upload.files).toEqual({});
  });

  it("refuses GIF and SVG images with the type message", async () => {
    expect((await read([imageUpload(gif, "anim.gif", "image/gif")])).problems).toEqual({
      image: IMAGE_WRONG_TYPE,
    });
    expect((await read([imageUpload(svg, "logo.svg", "image/svg+xml")])).problems).toEqual({
      image: IMAGE_WRONG_TYPE,
    });
  });

  it("refuses a PNG sent as the brochure (even named .pdf), and a PDF sent as the image", async () => {
    const upload = await read([
      imageUpload(pdf, "cover.png", "image/png"),
      brochureUpload(png, "brochure.pdf", "application/pdf"),
    ]);
    expect(upload.problems).toEqual({ image: IMAGE_WRONG_TYPE, brochure: BROCHURE_WRONG_TYPE });
    expect(upload.files).toEqual({});
  });

  it("treats a file input left empty as no file and no problem", async () => {
    // What a browser sends for a file input with nothing chosen: a part with filename="".
    const boundary = "----academy-empty-file-input";
    const part = (disposition: string, type: string | null, value: string) =>
      [
        `--${boundary}`,
        `Content-Disposition: form-data; ${disposition}`,
        ...(type ? [`Content-Type: ${type}`] : []),
        "",
        value,
      ].join("\r\n");
    const body = [
      part('name="title"', null, "Typed title"),
      part('name="imageFile"; filename=""', "application/octet-stream", ""),
      part('name="brochureFile"; filename=""', "application/octet-stream", ""),
      `--${boundary}--`,
      "",
    ].join("\r\n");
    const upload = await readCourseForm(
      new Request(`${ORIGIN}/admin-portal/courses`, {
        method: "POST",
        body,
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      }),
    );
    expect(upload.problems).toEqual({});
    expect(upload.files).toEqual({});
    expect(upload.formData.get("title")).toBe("Typed title");
    expect(upload.formData.has("imageFile")).toBe(false);
  });

  it("ignores files sent under other field names", async () => {
    const upload = await read([{ field: "avatar", name: "a.png", type: "image/png", bytes: png }]);
    expect(upload).toMatchObject({ problems: {}, files: {} });
    expect(upload.formData.has("avatar")).toBe(false);
  });

  it("stops reading a request larger than the limit", async () => {
    const huge = bytesStartingWith(PNG_MAGIC, MAX_REQUEST_BYTES + 1);
    await expect(read([imageUpload(huge)])).rejects.toBeInstanceOf(RequestTooLargeError);
  });
});

// --- Storing -----------------------------------------------------------------------------------

describe("storeCourseImage", () => {
  it("stores the original and 400/800/1200 px WebP renditions cropped to 3:2", async () => {
    const timestamp = 1_767_225_600_123;
    const stored = await storeCourseImage(files.storage, png, "image/png", timestamp);
    const base = `images/course-image-${timestamp}`;
    expect(stored.keys).toEqual([
      `${base}.png`,
      `${base}-400.webp`,
      `${base}-800.webp`,
      `${base}-1200.webp`,
      `${base}-share.jpg`,
    ]);
    expect(stored.image).toBe(`/files/course-assets/${base}.png`);
    expect(stored.shareImage).toBe(`/files/course-assets/${base}-share.jpg`);
    expect(stored.imageVariants).toEqual(
      IMAGE_WIDTHS.map((width) => ({ width, url: `/files/course-assets/${base}-${width}.webp` })),
    );
    expect(await files.keys()).toEqual([...stored.keys].sort());
    const original = await files.storage.get(`${base}.png`);
    if (!original) throw new Error("Missing original");
    const originalChunks: Buffer[] = [];
    for await (const chunk of original.body) originalChunks.push(chunk as Buffer);
    // Re-encoded without metadata, at the uploaded size and format.
    const uploaded = await sharp(png).metadata();
    const kept = await sharp(Buffer.concat(originalChunks)).metadata();
    expect([kept.format, kept.width, kept.height, kept.exif]).toEqual([
      "png",
      uploaded.width,
      uploaded.height,
      undefined,
    ]);
    for (const width of [400, 800, 1200]) {
      const object = await files.storage.get(`${base}-${width}.webp`);
      if (!object) throw new Error(`Missing ${width} px rendition`);
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      const metadata = await sharp(Buffer.concat(chunks)).metadata();
      expect(metadata.format).toBe("webp");
      expect(metadata.width).toBe(width);
      // 3:2, rounded to whole pixels: 400×267, 800×533, 1200×800.
      expect(metadata.height).toBe(Math.round((width * 2) / 3));
      expect(object.contentType).toBe("image/webp");
    }
  });

  it("makes a 1200x630 JPEG share image from PNG, JPEG and WebP uploads", async () => {
    for (const [source, type] of [
      [png, "image/png"],
      [jpeg, "image/jpeg"],
      [webp, "image/webp"],
    ] as const) {
      const stored = await storeCourseImage(files.storage, source, type, uniqueTimestamp());
      const share = await readStored(files, keyOf(stored.shareImage));
      expect(share.contentType).toBe("image/jpeg");
      const { format, width, height } = await sharp(share.bytes).metadata();
      expect({ type, format, width, height }).toEqual({
        type,
        format: "jpeg",
        width: 1200,
        height: 630,
      });
    }
  });

  it("crops portrait and small images to 3:2 as well", async () => {
    for (const [width, height] of [
      [600, 1400],
      [150, 100],
    ] as const) {
      const source = await jpegImage(width, height);
      const stored = await storeCourseImage(files.storage, source, "image/jpeg", Date.now());
      expect(stored.keys[0]).toMatch(/^images\/course-image-\d+\.jpg$/);
      const largest = keyOf(stored.imageVariants.at(-1)?.url);
      const object = await files.storage.get(largest);
      if (!object) throw new Error("Missing rendition");
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      expect(await sharp(Buffer.concat(chunks)).metadata()).toMatchObject({
        width: 1200,
        height: 800,
      });
    }
  });

  it("refuses bytes that only start like a PNG, and leaves no files", async () => {
    const fake = bytesStartingWith(PNG_MAGIC, 4096);
    await expect(storeCourseImage(files.storage, fake, "image/png", Date.now())).rejects.toThrow();
    const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 7)]);
    await expect(
      storeCourseImage(files.storage, fakeJpeg, "image/jpeg", Date.now()),
    ).rejects.toThrow();
    expect(await files.keys()).toEqual([]);
  });

  it("refuses an image over 40 megapixels from its header, before decoding it", async () => {
    const huge = await hugePngImage();
    expect(huge.length).toBeLessThan(MB);
    const started = performance.now();
    const refusal = storeCourseImage(files.storage, huge, "image/png", Date.now());
    await expect(refusal).rejects.toThrow(fileMessages.tooManyPixels);
    // Decoding 64 megapixels takes seconds; reading the header takes milliseconds.
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await files.keys()).toEqual([]);
  });

  it("stores a PDF made by pdf-lib as a brochure", async () => {
    const brochure = await pdfWith();
    const stored = await storeCourseBrochure(files.storage, "id", brochure, Date.now());
    expect((await readStored(files, stored.keys[0] ?? "")).bytes).toEqual(brochure);
  });

  it("refuses a brochure that is not a PDF inside, and stores nothing", async () => {
    for (const fake of [
      Buffer.from("%PDF-1.7\n<html><body><script>alert(1)</script></body></html>\n"),
      bytesStartingWith("%PDF-", 2048),
    ]) {
      await expect(storeCourseBrochure(files.storage, "id", fake, Date.now())).rejects.toThrow(
        fileMessages.unreadableBrochure,
      );
    }
    expect(await files.keys()).toEqual([]);
  });

  it("refuses brochures with scripts, launch or automatic actions, and stores nothing", async () => {
    const launch = await pdfWith((document) => {
      // An action written straight into the catalog, not as an object of its own.
      const action = document.context.obj({ S: "Launch", F: PDFString.of("calc.exe") });
      document.catalog.set(PDFName.of("OpenAction"), action);
    });
    const pageAction = await pdfWith((document) => {
      const goTo = document.context.obj({ S: "GoTo", D: [document.getPage(0).ref, "Fit"] });
      document.getPage(0).node.set(PDFName.of("AA"), document.context.obj({ O: goTo }));
    });
    const namedScript = await pdfWith((document) => {
      const script = document.context.obj({ S: "JavaScript" });
      script.set(PDFName.of("JS"), PDFString.of("app.alert(1)"));
      const names = document.context.obj({ Names: [PDFString.of("hello"), script] });
      document.catalog.set(PDFName.of("Names"), document.context.obj({ JavaScript: names }));
    });
    for (const brochure of [await pdfWithOpenScript(), launch, pageAction, namedScript]) {
      await expect(storeCourseBrochure(files.storage, "id", brochure, Date.now())).rejects.toThrow(
        fileMessages.activeBrochure,
      );
    }
    expect(await files.keys()).toEqual([]);
  });

  it("refuses a 200 KB PDF whose object stream unpacks to 200 MB, without the memory, and stores nothing", async () => {
    const bomb = await pdfBomb();
    const rise = await memoryRiseOf(() =>
      expect(storeCourseBrochure(files.storage, "id", bomb, Date.now())).rejects.toThrow(
        fileMessages.unpackedBrochure,
      ),
    );
    // Unbounded, pdf-lib took 4.5 GB and 30 s and ended the process (issue 40).
    expect(rise).toBeLessThan(256 * 1024 * 1024);
    expect(await files.keys()).toEqual([]);
  });

  it("stores a brochure at brochures/course-{id}-brochure-{timestamp}.pdf", async () => {
    const id = "7d0f1f3e-8a51-4a55-9d4e-0e7f3b0a1c2d";
    const stored = await storeCourseBrochure(files.storage, id, pdf, 1_767_225_600_999);
    const key = `brochures/course-${id}-brochure-1767225600999.pdf`;
    expect(stored).toEqual({ url: `/files/course-assets/${key}`, bytes: pdf.length, keys: [key] });
    expect(await files.keys()).toEqual([key]);
  });
});

// --- Through the route action --------------------------------------------------------------------

type Reply = {
  status?: string;
  error?: Record<string, string[] | null>;
  initialValue?: Record<string, unknown>;
};

function replyOf(outcome: Outcome): Reply {
  if (outcome.kind !== "data") throw new Error(`Expected data, got ${outcome.kind}`);
  return (outcome.data as { result: Reply }).result;
}

const postCourse = (fields: Record<string, string | string[]>, uploads: Upload[]) =>
  outcomeOf(() =>
    coursesRoute.action(
      routeArgs(multipartRequest("/admin-portal/courses", fields, { cookie, files: uploads })),
    ),
  );

describe("course form with files, through the route", () => {
  it("creates a course with image and brochure at their storage keys, and the public page shows them", async () => {
    const outcome = await postCourse(
      courseFields({ intent: "create", slug: "with-files", title: "With Files" }),
      [imageUpload(png, "cover.png"), brochureUpload(pdf, "outline.pdf")],
    );
    expect(outcome).toMatchObject({
      kind: "redirect",
      status: 302,
      location: "/admin-portal/courses",
    });
    expect(setCookiesOf(outcome).some((value) => value.startsWith("academy-flash="))).toBe(true);

    const [course] = await database().db.select().from(courses);
    if (!course) throw new Error("The course was not created");
    expect(course.createdBy).toBe(admin.userId);
    const imageKey = keyOf(course.image);
    const timestamp = imageKey.match(/^images\/course-image-(\d{13})\.png$/)?.[1];
    expect(timestamp).toBeDefined();
    expect(keyOf(course.brochureUrl)).toMatch(
      new RegExp(`^brochures/course-${course.id}-brochure-\\d{13}\\.pdf$`),
    );
    expect(course.imageVariants).toEqual(
      [400, 800, 1200].map((width) => ({
        width,
        url: `/files/course-assets/images/course-image-${timestamp}-${width}.webp`,
      })),
    );
    expect(await files.keys()).toEqual(
      [
        imageKey,
        ...course.imageVariants.map((variant) => keyOf(variant.url)),
        keyOf(course.shareImage),
        keyOf(course.brochureUrl),
      ].sort(),
    );

    const page = await outcomeOf(() =>
      coursePageRoute.loader(
        routeArgs(new Request(`${ORIGIN}/course/with-files`), { slug: "with-files" }),
      ),
    );
    expect(page.kind).toBe("value");
    const pageData = (page as { data: { course: typeof course } }).data;
    expect(pageData.course).toMatchObject({
      image: course.image,
      imageVariants: course.imageVariants,
      shareImage: course.shareImage,
      brochureUrl: course.brochureUrl,
    });
  });

  it("refuses an oversize image with the size messages, keeps what was typed, and creates nothing", async () => {
    const outcome = await postCourse(
      courseFields({ intent: "create", slug: "too-big", title: "My Typed Title" }),
      [imageUpload(bytesStartingWith(PNG_MAGIC, 5 * MB + 1), "huge.png"), brochureUpload(pdf)],
    );
    expect(outcome).toMatchObject({ kind: "data", status: 400 });
    const reply = replyOf(outcome);
    expect(reply.error?.imageFile).toEqual([IMAGE_TOO_LARGE]);
    expect(reply.error?.[""]).toEqual([`Failed to upload image: ${IMAGE_TOO_LARGE}`]);
    expect(reply.initialValue?.title).toBe("My Typed Title");
    expect(await database().db.select().from(courses)).toEqual([]);
    expect(await files.keys()).toEqual([]);
  });

  it("refuses a non-image named .png and a non-PDF brochure with the type messages", async () => {
    const outcome = await postCourse(courseFields({ intent: "create", slug: "wrong-types" }), [
      imageUpload(text, "photo.png", "image/png"),
      brochureUpload(png, "b.pdf"),
    ]);
    expect(outcome).toMatchObject({ kind: "data", status: 400 });
    const reply = replyOf(outcome);
    expect(reply.error?.imageFile).toEqual([IMAGE_WRONG_TYPE]);
    expect(reply.error?.brochureFile).toEqual([BROCHURE_WRONG_TYPE]);
    expect(reply.error?.[""]).toEqual([
      `Failed to upload image: ${IMAGE_WRONG_TYPE}`,
      `Failed to upload brochure: ${BROCHURE_WRONG_TYPE}`,
    ]);
    expect(await database().db.select().from(courses)).toEqual([]);
    expect(await files.keys()).toEqual([]);
  });

  it("refuses an oversize brochure on update and leaves the course as it was", async () => {
    await postCourse(courseFields({ intent: "create", slug: "keep-me" }), [imageUpload(png)]);
    const [before] = await database().db.select().from(courses);
    if (!before) throw new Error("The course was not created");
    const keysBefore = await files.keys();
    const outcome = await postCourse(
      courseFields({ intent: "update", id: before.id, slug: "keep-me", title: "Changed" }),
      [
        imageUpload(jpeg, "new.jpg", "image/jpeg"),
        brochureUpload(bytesStartingWith("%PDF-", 10 * MB + 1)),
      ],
    );
    expect(outcome).toMatchObject({ kind: "data", status: 400 });
    expect(replyOf(outcome).error?.brochureFile).toEqual([BROCHURE_TOO_LARGE]);
    expect(replyOf(outcome).error?.[""]).toEqual([
      `Failed to upload brochure: ${BROCHURE_TOO_LARGE}`,
    ]);
    expect(await findCourseById(before.id)).toEqual(before);
    expect(await files.keys()).toEqual(keysBefore);
  });

  it("refuses an image that cannot be decoded as a bad upload, not a server error", async () => {
    const outcome = await postCourse(courseFields({ intent: "create", slug: "broken-image" }), [
      imageUpload(bytesStartingWith(PNG_MAGIC, 4096), "broken.png"),
    ]);
    expect(await database().db.select().from(courses)).toEqual([]);
    expect(await files.keys()).toEqual([]);
    expect(outcome).toMatchObject({ kind: "data", status: 400 });
    const reply = replyOf(outcome);
    expect(reply.error?.imageFile).toEqual([fileMessages.unreadableImage]);
    expect(reply.error?.[""]).toEqual([courseMessages.imageFailed(fileMessages.unreadableImage)]);
  });

  it("refuses an image over 40 megapixels with the upload message, and creates nothing", async () => {
    const outcome = await postCourse(courseFields({ intent: "create", slug: "huge-image" }), [
      imageUpload(await hugePngImage(), "huge.png"),
    ]);
    expect(outcome).toMatchObject({ kind: "data", status: 400 });
    const reply = replyOf(outcome);
    expect(reply.error?.imageFile).toEqual([fileMessages.tooManyPixels]);
    expect(reply.error?.[""]).toEqual([courseMessages.imageFailed(fileMessages.tooManyPixels)]);
    expect(await database().db.select().from(courses)).toEqual([]);
    expect(await files.keys()).toEqual([]);
  });

  it("refuses a brochure that runs JavaScript with the upload message, and creates nothing", async () => {
    const outcome = await postCourse(courseFields({ intent: "create", slug: "scripted-pdf" }), [
      imageUpload(png),
      brochureUpload(await pdfWithOpenScript()),
    ]);
    expect(outcome).toMatchObject({ kind: "data", status: 400 });
    const reply = replyOf(outcome);
    expect(reply.error?.brochureFile).toEqual([fileMessages.activeBrochure]);
    expect(reply.error?.[""]).toEqual([courseMessages.brochureFailed(fileMessages.activeBrochure)]);
    expect(await database().db.select().from(courses)).toEqual([]);
    expect(await files.keys()).toEqual([]);
  });

  it("answers 413 to a request over the size limit and creates nothing", async () => {
    const outcome = await postCourse(courseFields({ intent: "create", slug: "way-too-big" }), [
      imageUpload(bytesStartingWith(PNG_MAGIC, MAX_REQUEST_BYTES + 1)),
    ]);
    expect(outcome).toMatchObject({ kind: "data", status: 413 });
    expect(replyOf(outcome).error?.[""]).toEqual([new RequestTooLargeError().message]);
    expect(await database().db.select().from(courses)).toEqual([]);
    expect(await files.keys()).toEqual([]);
  });
});

// --- Serving stored files ----------------------------------------------------------------------

describe("files route", () => {
  const serve = (splat: string, query = "", method = "GET") =>
    filesRoute.loader(
      routeArgs(new Request(`${ORIGIN}/files/${splat}${query}`, { method }), { "*": splat }),
    ) as Promise<Response>;

  it("serves a stored image with its type and a year-long immutable cache", async () => {
    const stored = await storeCourseImage(files.storage, png, "image/png", 1_767_225_600_000);
    const response = await serve(`course-assets/${stored.keys[0]}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("Content-Disposition")).toBeNull();
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("Content-Length")).toBe(String(body.length));
    expect((await sharp(body).metadata()).format).toBe("png");

    const rendition = await serve(`course-assets/${stored.keys[1]}`);
    expect(rendition.headers.get("Content-Type")).toBe("image/webp");
    expect(rendition.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    await rendition.arrayBuffer();
  });

  it("asks the browser to save a file under the ?download name", async () => {
    const stored = await storeCourseBrochure(files.storage, "c1", pdf, 1_767_225_600_000);
    const response = await serve(`course-assets/${stored.keys[0]}`, "?download=name.pdf");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="name.pdf"');
    expect(Buffer.from(await response.arrayBuffer()).toString()).toBe(pdf.toString());
  });

  it("answers 404 to paths with '..', other buckets and missing files", async () => {
    await storeCourseBrochure(files.storage, "c1", pdf, 1);
    // Real files outside the bucket, which must never be reachable.
    await writeFile(path.join(files.root, "secret.txt"), "secret");
    await mkdir(path.join(files.root, "other-bucket", "images"), { recursive: true });
    await writeFile(path.join(files.root, "other-bucket", "images", "x.png"), png);
    for (const splat of [
      "course-assets/../secret.txt",
      "course-assets/brochures/../../secret.txt",
      "course-assets/../other-bucket/images/x.png",
      "course-assets/./brochures/course-c1-brochure-1.pdf",
      "other-bucket/images/x.png",
      "course-assets",
      "course-assets/",
      "course-assets/images/missing.png",
      "brochures/course-c1-brochure-1.pdf",
    ]) {
      const response = await serve(splat);
      expect(response.status, splat).toBe(404);
    }
    const served = await serve("course-assets/brochures/course-c1-brochure-1.pdf");
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).toString()).toBe(pdf.toString());
  });
});

describe("a demo cover's link preview", () => {
  it("keeps the whole category badge inside the 1200x630 share image", async () => {
    // Two covers that differ only in their category: the pixels that differ are the badge's.
    const cover = { title: "Product Design for Fintech", accent: "#7c3aed", icon: "Palette" };
    const shares = [];
    for (const [index, category] of ["Design", "Marketing"].entries()) {
      const image = await renderCourseImage({ ...cover, category });
      const stored = await storeCourseImage(
        files.storage,
        image,
        "image/jpeg",
        1_767_225_700_000 + index,
      );
      const object = await files.storage.get(
        stored.shareImage.replace("/files/course-assets/", ""),
      );
      if (!object) throw new Error("Missing share image");
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      shares.push(
        await sharp(Buffer.concat(chunks)).greyscale().raw().toBuffer({ resolveWithObject: true }),
      );
    }
    const [first, second] = shares;
    if (!first || !second) throw new Error("Missing share images");
    const { width } = first.info;
    const rowsThatDiffer = new Set<number>();
    for (let pixel = 0; pixel < first.data.length; pixel += 1) {
      // JPEG noise aside.
      if (Math.abs((first.data[pixel] ?? 0) - (second.data[pixel] ?? 0)) > 40) {
        rowsThatDiffer.add(Math.floor(pixel / width));
      }
    }
    expect(rowsThatDiffer.size, "the badges differ").toBeGreaterThan(0);
    expect(
      Math.min(...rowsThatDiffer),
      "the badge's top row, from the top edge",
    ).toBeGreaterThanOrEqual(16);
  });
});
