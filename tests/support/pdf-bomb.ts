import { once } from "node:events";
import { createDeflate } from "node:zlib";

const MB = 1024 * 1024;

/** Deflates `size` bytes of `unit` repeated, a megabyte at a time, without holding them all. */
async function deflateRepeated(
  head: string,
  unit: string,
  size: number,
  tail: string,
): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => chunks.push(chunk));
  const megabyte = Buffer.from(unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB));
  deflate.write(head);
  for (let written = head.length; written < size; written += MB) {
    const part = written + MB <= size ? megabyte : megabyte.subarray(0, size - written);
    if (!deflate.write(part)) await once(deflate, "drain");
  }
  deflate.end(tail);
  await once(deflate, "end");
  return Buffer.concat(chunks);
}

/**
 * A one-page PDF whose one object stream (PDF 1.5's compressed objects) inflates to
 * `inflatedBytes`: an array of zeros ('0 0 0 …'), each of which a parser makes an object of.
 * 200 MB inflated is a file of about 200 KB (issue 40: it stopped the process).
 */
export function pdfBomb(inflatedBytes = 200 * MB): Promise<Buffer> {
  const made = bombs.get(inflatedBytes) ?? makeBomb(inflatedBytes);
  bombs.set(inflatedBytes, made);
  return made;
}

const bombs = new Map<number, Promise<Buffer>>();

async function makeBomb(inflatedBytes: number) {
  // The object stream holds object 5 at offset 0 of its objects, which start after '5 0 '.
  const packed = await deflateRepeated("5 0 [", "0 ", inflatedBytes, "]");
  const head = Buffer.from(
    "%PDF-1.5\n" +
      "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n" +
      "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n" +
      "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj\n" +
      `4 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`,
  );
  const tail = Buffer.from("\nendstream\nendobj\ntrailer << /Root 1 0 R /Size 6 >>\n%%EOF\n");
  return Buffer.concat([head, packed, tail]);
}

/**
 * Runs `work` and answers how far the process's resident memory rose above where it started
 * while it ran, sampled every 10 ms.
 */
export async function memoryRiseOf(work: () => Promise<unknown>) {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, process.memoryUsage.rss()) - before;
}
