import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFStream } from "pdf-lib";
import { UserFacingError } from "~/lib/errors";
import { fileMessages } from "~/lib/forms/upload-rules";

// Keys that hold scripts or run actions by themselves: a script (/JS), the document's named
// scripts (/JavaScript), actions on opening the document (/OpenAction, when it is an action
// rather than a place to open at) and on events of a page, field or the document (/AA).
const ACTIVE_KEYS = new Set(["/JS", "/JavaScript", "/AA"]);
// Action types that run code, open other programs or files, or send data away. Links (/URI,
// /GoTo) stay allowed: brochures link to the academy's site and to their own pages.
const ACTIVE_ACTIONS = new Set([
  "/JavaScript",
  "/Launch",
  "/ImportData",
  "/SubmitForm",
  "/GoToE",
  "/RichMediaExecute",
  "/Rendition",
]);

/** Where a refused PDF is reported, and in which words. */
export type PdfRefusal = { field: string; unreadable: string; active: string };

const brochureRefusal: PdfRefusal = {
  field: "brochureFile",
  unreadable: fileMessages.unreadableBrochure,
  active: fileMessages.activeBrochure,
};

/** Whether a PDF value, or anything written inside it, is a script or an active action. */
function isActive(value: PDFObject | undefined): boolean {
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
}

/**
 * Refuses a brochure that is not a PDF we can parse, or that carries scripts or actions
 * (docs/decisions/0006-upload-content-checks.md). Refused, not cleaned: a brochure is the
 * academy's own document, and one with scripts in it is not what staff meant to upload.
 */
export async function checkBrochure(
  source: Buffer,
  refusal: PdfRefusal = brochureRefusal,
): Promise<void> {
  const refuse = (message: string) => new UserFacingError(message, 400, refusal.field);
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(source, {
      throwOnInvalidObject: true,
      updateMetadata: false,
    });
    // pdf-lib reads even HTML after '%PDF-' without complaint; a document has a page tree.
    if (document.getPageCount() < 1) throw new Error("no pages");
  } catch {
    throw refuse(refusal.unreadable);
  }
  // Every object of the file, not only those reachable from the catalog: names are decoded
  // (/J#61vaScript is /JavaScript) and compressed object streams are already unpacked.
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (isActive(object)) throw refuse(refusal.active);
  }
}
