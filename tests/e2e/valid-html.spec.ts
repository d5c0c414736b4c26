import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { activeCourses, expect, test } from "./fixtures";

/**
 * The public pages are valid HTML by the Nu Html Checker (vnu.jar, the W3C's own checker) run
 * with the machine's Java on the pages as the server sends them.
 */

const run = promisify(execFile);
const checker = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");
const course = activeCourses[0];
const pages = ["/", "/about", "/courses", `/course/${course?.slug}`, "/contact", "/application"];

type CheckerMessage = { type: string; message: string; url: string; extract?: string };

test("every public page, and the page for a missing one, is valid HTML", async ({ request }) => {
  test.setTimeout(60_000);
  const folder = await mkdtemp(path.join(tmpdir(), "valid-html-"));
  try {
    const files = await Promise.all(
      [...pages, "/course/no-such-course"].map(async (page, index) => {
        const file = path.join(folder, `page-${index}.html`);
        await writeFile(file, await (await request.get(page)).body());
        return { page, file };
      }),
    );
    // The checker's CSS grammar predates rules the stylesheet uses (@property, @container),
    // so only the HTML is judged here. It exits 1 when it reports an error: read the report.
    const { stderr } = await run(
      "java",
      [
        "-jar",
        checker,
        "--errors-only",
        "--format",
        "json",
        "--filterpattern",
        ".*CSS: .*",
        ...files.map(({ file }) => file),
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? "" }));
    const messages = (JSON.parse(stderr) as { messages: CheckerMessage[] }).messages;
    const errors = messages.map((message) => {
      const page = files.find(({ file }) => message.url.endsWith(path.basename(file)))?.page;
      return `${page}: ${message.message} (${message.extract ?? ""})`;
    });
    expect(errors).toEqual([]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
