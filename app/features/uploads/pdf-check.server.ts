import { createRequire } from "node:module";
import { UserFacingError } from "~/lib/errors";
import { fileMessages } from "~/lib/forms/upload-rules";
import { runInWorker } from "~/lib/infra/limited-worker.server";
import { oneAtATime } from "~/lib/one-at-a-time";

/** What the objects that pdf-lib unpacks on loading (object and cross-reference streams) may
 * come to together: a real 10 MB PDF's are a few megabytes; a 200 KB file can hold 200 MB. */
export const MAX_UNPACKED_PDF_BYTES = 16 * 1024 * 1024;
/** The check's heap and time: the objects of a PDF cost far more memory than their bytes. */
const CHECK_HEAP_MB = 192;
const CHECK_TIMEOUT_MS = 10_000;

/** Where a refused PDF is reported, and in which words. */
export type PdfRefusal = { field: string; unreadable: string; active: string; tooLarge: string };

const brochureRefusal: PdfRefusal = {
  field: "brochureFile",
  unreadable: fileMessages.unreadableBrochure,
  active: fileMessages.activeBrochure,
  tooLarge: fileMessages.unpackedBrochure,
};

type Verdict = "ok" | Exclude<keyof PdfRefusal, "field">;

// The worker loads pdf-lib itself; its path is resolved here, where the app's own node_modules
// are known, whatever the process's working folder.
const pdfLibPath = createRequire(import.meta.url).resolve("pdf-lib");

// In the worker, pdf-lib's readers of object and cross-reference streams (the only streams it
// unpacks on loading) are given each stream once zlib has unpacked it under the bound; pdf-lib's
// own inflater has none. Names are decoded (/J#61vaScript is /JavaScript), and every object of
// the file is looked at, not only those reachable from the catalog.
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const { inflateRawSync, constants } = require("node:zlib");
const pdf = require(workerData.pdfLibPath);
const { PDFArray, PDFDict, PDFName, PDFStream } = pdf;

// pdf-lib turns an error inside an object into its own 'invalid object' error: the reason is kept.
let refusal = null;
class Refusal extends Error {
  constructor(reason) {
    super(reason);
    refusal = refusal || reason;
  }
}
const FLATE = PDFName.of("FlateDecode");
let unpacked = 0;

function inflate(bytes) {
  const [method, flags] = bytes;
  // pdf-lib's own header checks; zlib would also refuse a window size pdf-lib accepts.
  if (bytes.length < 2 || (method & 0x0f) !== 8 || ((method << 8) + flags) % 31 !== 0 || flags & 0x20)
    throw new Refusal("unreadable");
  try {
    return inflateRawSync(bytes.subarray(2), {
      maxOutputLength: workerData.maxUnpacked - unpacked + 1,
      finishFlush: constants.Z_SYNC_FLUSH,
    });
  } catch (error) {
    throw new Refusal(error.code === "ERR_BUFFER_TOO_LARGE" ? "tooLarge" : "unreadable");
  }
}

function unpackWithinBound(stream) {
  const filter = stream.dict.lookup(PDFName.of("Filter"));
  const filters = filter === undefined ? [] : filter instanceof PDFArray ? filter.asArray() : [filter];
  let bytes = stream.getContents();
  for (const each of filters) {
    // LZW and run-length can unpack as far as Flate: an object stream packed so is refused.
    if (stream.dict.context.lookup(each) !== FLATE) throw new Refusal("tooLarge");
    bytes = inflate(bytes);
  }
  unpacked += bytes.length;
  if (unpacked > workerData.maxUnpacked) throw new Refusal("tooLarge");
}

for (const Parser of [pdf.PDFObjectStreamParser, pdf.PDFXRefStreamParser]) {
  const forStream = Parser.forStream;
  Parser.forStream = (stream, ...rest) => {
    unpackWithinBound(stream);
    return forStream.call(Parser, stream, ...rest);
  };
}

${activeCheck()}

async function verdict(bytes) {
  let document;
  try {
    document = await pdf.PDFDocument.load(bytes, { throwOnInvalidObject: true, updateMetadata: false });
    // pdf-lib reads even HTML after '%PDF-' without complaint; a document has a page tree.
    if (document.getPageCount() < 1) return "unreadable";
  } catch {
    return refusal || "unreadable";
  }
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (isActive(object)) return "active";
  }
  return "ok";
}

verdict(workerData.bytes).then(
  (value) => parentPort.postMessage({ value }),
  (error) => parentPort.postMessage({ error: String((error && error.message) || error) }),
);
`;

/** The worker's test for scripts and active actions, as JavaScript source. */
function activeCheck() {
  // Keys that hold scripts or run actions by themselves: a script (/JS), the document's named
  // scripts (/JavaScript), actions on opening the document (/OpenAction, when it is an action
  // rather than a place to open at) and on events of a page, field or the document (/AA).
  const activeKeys = ["/JS", "/JavaScript", "/AA"];
  // Action types that run code, open other programs or files, or send data away. Links (/URI,
  // /GoTo) stay allowed: brochures link to the academy's site and to their own pages.
  const activeActions = [
    "/JavaScript",
    "/Launch",
    "/ImportData",
    "/SubmitForm",
    "/GoToE",
    "/RichMediaExecute",
    "/Rendition",
  ];
  return `
const ACTIVE_KEYS = new Set(${JSON.stringify(activeKeys)});
const ACTIVE_ACTIONS = new Set(${JSON.stringify(activeActions)});
function isActive(value) {
  if (value instanceof PDFStream) return isActive(value.dict);
  if (value instanceof PDFArray) return value.asArray().some(isActive);
  if (!(value instanceof PDFDict)) return false;
  for (const [key, entry] of value.entries()) {
    if (ACTIVE_KEYS.has(key.asString())) return true;
    if (key.asString() === "/S" && entry instanceof PDFName && ACTIVE_ACTIONS.has(entry.asString()))
      return true;
    if (isActive(entry)) return true;
  }
  return false;
}`;
}

/** A PDF's verdict from a worker, one check at a time per process; a worker stopped past its
 * heap or time means a file too large to check. */
const checkPdf = (source: Buffer) =>
  oneAtATime("pdf-check", () =>
    runInWorker<Verdict>(
      workerSource,
      { bytes: source, pdfLibPath, maxUnpacked: MAX_UNPACKED_PDF_BYTES },
      { heapMb: CHECK_HEAP_MB, timeoutMs: CHECK_TIMEOUT_MS, what: "Checking a PDF" },
    ).catch((): Verdict => "tooLarge"),
  );

/**
 * Refuses a brochure that is not a PDF we can parse, that unpacks to more than the check allows,
 * or that carries scripts or actions (docs/decisions/0006-upload-content-checks.md). Refused, not
 * cleaned: a brochure is the academy's own document, and one with scripts in it is not what
 * staff meant to upload.
 */
export async function checkBrochure(
  source: Buffer,
  refusal: PdfRefusal = brochureRefusal,
): Promise<void> {
  const verdict = await checkPdf(source);
  if (verdict !== "ok") throw new UserFacingError(refusal[verdict], 400, refusal.field);
}
