import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import jsQR from "jsqr";
import sharp from "sharp";

/*
 * A PDF read as a reader and a phone would: Debian's poppler-utils (`pdftotext`, `pdftoppm`)
 * reads its text and draws its first page as pixels, and jsQR finds a QR code in them as a
 * phone's camera would, from the picture alone. Each call works in a folder of its own in the
 * system's temporary folder and removes it.
 */

const run = promisify(execFile);

async function withPdfFile<T>(pdf: Uint8Array, use: (file: string, folder: string) => Promise<T>) {
  const folder = await mkdtemp(join(tmpdir(), "pdf-read-"));
  try {
    const file = join(folder, "in.pdf");
    await writeFile(file, pdf);
    return await use(file, folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The text of every page, laid out as printed (`pdftotext -layout`), UTF-8. */
export const pdfText = (pdf: Uint8Array) =>
  withPdfFile(pdf, async (file) => {
    const { stdout } = await run("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"]);
    return stdout;
  });

/** The first page drawn at `dpi` as poppler draws it: RGBA pixels, row by row. */
export const renderPage = (pdf: Uint8Array, dpi = 100) =>
  withPdfFile(pdf, async (file, folder) => {
    const picture = join(folder, "page");
    await run("pdftoppm", [
      "-r",
      String(dpi),
      "-png",
      "-singlefile",
      "-f",
      "1",
      "-l",
      "1",
      file,
      picture,
    ]);
    const { data, info } = await sharp(await readFile(`${picture}.png`))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      pixels: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
    };
  });

/**
 * The text of the QR code on the first page, drawn at `dpi` (100: a coarse picture, as a phone
 * takes of paper at arm's length), or null when jsQR finds none.
 */
export async function scanQrCode(pdf: Uint8Array, dpi = 100): Promise<string | null> {
  const { pixels, width, height } = await renderPage(pdf, dpi);
  return jsQR(pixels, width, height)?.data ?? null;
}
