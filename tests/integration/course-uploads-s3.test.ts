import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Admin, type Course, courseChanges, courses } from "~/db/schema";
import {
  createCourse,
  deleteCourse,
  updateCourse,
} from "~/features/courses/admin/course-admin.server";
import { loadEnv, setEnvForTesting } from "~/lib/infra/env.server";
import { courseAssets, setCourseAssets } from "~/lib/infra/storage/index.server";
import * as coursesRoute from "~/routes/admin/courses";
import * as filesRoute from "~/routes/resources/files";
import { ORIGIN, outcomeOf, signedInAdmin } from "../support/admin-session";
import {
  courseFields,
  courseValues,
  jpegImage,
  multipartRequest,
  pdfWith,
  pngImage,
} from "../support/course-fixtures";
import { routeArgs } from "../support/route-args";
import { startS3Server, type TestS3Server } from "../support/s3-server";
import { setupTestDatabase } from "../support/test-database";

// Uploads in an S3-compatible bucket (s3rver) through the real route and services: the app
// chooses the S3 driver from S3_* variables, as it does at start-up.

const CDN = "https://cdn.example.com";

const database = setupTestDatabase();
let s3: TestS3Server;
let admin: Admin;
let cookie: string;
let png: Buffer;
let jpeg: Buffer;
let pdf: Buffer;
const dataDirs: string[] = [];

/** Starts "a process" on this environment: its own DATA_DIR, the storage chosen afresh. */
async function useEnvironment(variables: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "academy-data-"));
  dataDirs.push(dataDir);
  setEnvForTesting(
    loadEnv({ ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, ...s3.env, ...variables }),
  );
  setCourseAssets(undefined);
  return dataDir;
}

/** Object keys in the bucket for a course's columns. */
function objectKeysOf(
  course: Pick<Course, "image" | "imageVariants" | "shareImage" | "brochureUrl">,
) {
  const storage = courseAssets();
  return [
    course.image,
    ...course.imageVariants.map((v) => v.url),
    course.shareImage,
    course.brochureUrl,
  ]
    .filter((url): url is string => Boolean(url))
    .map((url) => `course-assets/${storage.keyFromUrl(url)}`)
    .sort();
}

const serve = (url: string, headers: HeadersInit = {}) => {
  const splat = url.replace(/^\/files\//, "");
  return filesRoute.loader(
    routeArgs(new Request(`${ORIGIN}${url}`, { headers }), { "*": splat }),
  ) as Promise<Response>;
};

beforeAll(async () => {
  s3 = await startS3Server();
  await useEnvironment({});
  ({ admin, cookie } = await signedInAdmin({ role: "admin", name: "Bisi Bucket" }));
  png = await pngImage(1600, 1000);
  jpeg = await jpegImage();
  pdf = await pdfWith();
});

afterAll(async () => {
  setCourseAssets(undefined);
  await s3?.stop();
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

beforeEach(async () => {
  await database().db.delete(courses);
  await database().db.delete(courseChanges);
  await s3.empty();
  await useEnvironment({});
});

describe("course uploads in S3", () => {
  it("stores a course's image and brochure from the route in the bucket, and another process serves them", async () => {
    const dataDir = await useEnvironment({});
    const outcome = await outcomeOf(() =>
      coursesRoute.action(
        routeArgs(
          multipartRequest(
            "/admin-portal/courses",
            courseFields({ intent: "create", slug: "in-the-bucket", title: "In the Bucket" }),
            {
              cookie,
              files: [
                { field: "imageFile", name: "cover.png", type: "image/png", bytes: png },
                { field: "brochureFile", name: "outline.pdf", type: "application/pdf", bytes: pdf },
              ],
            },
          ),
        ),
      ),
    );
    expect(outcome).toMatchObject({ kind: "redirect", location: "/admin-portal/courses" });
    const [course] = await database().db.select().from(courses);
    if (!course?.image || !course.brochureUrl)
      throw new Error("The course was not saved with files");
    expect(course.image).toMatch(/^\/files\/course-assets\/images\/course-image-\d{13}\.png$/);
    expect(await s3.keys()).toEqual(objectKeysOf(course));
    expect(await s3.keys()).toHaveLength(6);
    // Nothing went to the local folder.
    expect(await readdir(dataDir)).not.toContain("storage");

    await useEnvironment({});
    const image = await serve(course.image);
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/png");
    expect(image.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const imageBytes = Buffer.from(await image.arrayBuffer());
    expect(image.headers.get("Content-Length")).toBe(String(imageBytes.length));
    expect(await sharp(imageBytes).metadata()).toMatchObject({ format: "png", width: 1600 });

    const brochure = await serve(course.brochureUrl);
    expect(brochure.headers.get("Content-Type")).toBe("application/pdf");
    expect(Buffer.from(await brochure.arrayBuffer()).equals(pdf)).toBe(true);

    const etag = image.headers.get("ETag");
    expect(etag).toBeTruthy();
    const again = await serve(course.image, { "If-None-Match": etag ?? "" });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    const missing = await serve("/files/course-assets/images/course-image-1-800.webp");
    expect(missing.status).toBe(404);
  });

  it("links uploads at S3_PUBLIC_URL, and replacing and deleting remove the old objects", async () => {
    await useEnvironment({ S3_PUBLIC_URL: `${CDN}/` });
    const created = await createCourse(admin, courseValues({ slug: "on-the-cdn" }), {
      image: { buffer: png, type: "image/png" },
      brochure: { buffer: pdf, type: "application/pdf" },
    });
    expect(created.image).toMatch(
      new RegExp(`^${CDN}/course-assets/images/course-image-\\d{13}\\.png$`),
    );
    expect(created.imageVariants.map((variant) => variant.url.startsWith(`${CDN}/`))).toEqual([
      true,
      true,
      true,
    ]);
    expect(await s3.keys()).toEqual(objectKeysOf(created));

    const updated = await updateCourse(admin, created.id, courseValues({ slug: "on-the-cdn" }), {
      image: { buffer: jpeg, type: "image/jpeg" },
    });
    expect(updated.image).not.toBe(created.image);
    expect(updated.brochureUrl).toBe(created.brochureUrl);
    expect(await s3.keys()).toEqual(objectKeysOf(updated));

    await deleteCourse(admin, created.id);
    expect(await s3.keys()).toEqual([]);
  });

  it("still finds and deletes the objects of rows saved with /files/ URLs", async () => {
    const before = await createCourse(admin, courseValues({ slug: "old-row" }), {
      image: { buffer: png, type: "image/png" },
    });
    expect(before.image?.startsWith("/files/course-assets/")).toBe(true);
    await useEnvironment({ S3_PUBLIC_URL: CDN });
    const image = await serve(before.image ?? "");
    expect(image.status).toBe(200);
    await image.arrayBuffer();
    await deleteCourse(admin, before.id);
    expect(await s3.keys()).toEqual([]);
  });

  it("removes what it stored in the bucket when the save fails", async () => {
    const bucket = courseAssets();
    const puts: string[] = [];
    setCourseAssets({
      ...bucket,
      async put(key, body, contentType) {
        puts.push(key);
        await bucket.put(key, body, contentType);
      },
    });
    await expect(
      createCourse(
        admin,
        { ...courseValues({ slug: "refused" }), price: -1000 },
        {
          image: { buffer: png, type: "image/png" },
          brochure: { buffer: pdf, type: "application/pdf" },
        },
      ),
    ).rejects.toThrow();
    // The database refused the row after the files were stored.
    expect(puts).toHaveLength(6);
    expect(await database().db.select().from(courses)).toEqual([]);
    expect(await s3.keys()).toEqual([]);
  });
});
