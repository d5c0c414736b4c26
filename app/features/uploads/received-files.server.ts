import { UserFacingError } from "~/lib/errors";
import { mailAttachments } from "~/lib/infra/storage/index.server";
import { detectFileType, fileExtensions, reencodeImage } from "./file-content.server";
import { checkBrochure, type PdfRefusal } from "./pdf-check.server";
import {
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS_BYTES_PER_MAIL,
  MAX_ATTACHMENTS_PER_MAIL,
  refusedFileReasons,
} from "./received-file-rules";

/** A file a visitor sent: its name as they gave it, and its bytes. */
export type ReceivedFile = { name: string; content: Buffer };

export type KeptFile = { key: string; name: string; type: string; size: number };
export type RefusedFile = { name: string; reason: string };

const pdfRefusal: PdfRefusal = {
  field: "attachment",
  unreadable: refusedFileReasons.unsafe,
  active: refusedFileReasons.unsafe,
  tooLarge: refusedFileReasons.unpacked,
};

/**
 * A visitor's files (a mail's attachments, a WhatsApp photo) through the upload checks of the portal: the type read from the content,
 * images decoded and written again (no camera metadata kept), PDFs with scripts refused. What
 * passes is stored in the private mail-attachments bucket under `mailKey`; what does not is
 * listed with its reason, so staff see that it came and why it is not there.
 */
export async function keepFiles(files: ReceivedFile[], mailKey: string) {
  const kept: KeptFile[] = [];
  const refused: RefusedFile[] = [];
  let total = 0;
  for (const [index, file] of files.entries()) {
    const refuse = (reason: string) => refused.push({ name: file.name, reason });
    if (kept.length >= MAX_ATTACHMENTS_PER_MAIL) {
      refuse(refusedFileReasons.tooMany);
      continue;
    }
    if (file.content.length > MAX_ATTACHMENT_BYTES) {
      refuse(refusedFileReasons.tooLarge);
      continue;
    }
    if (total + file.content.length > MAX_ATTACHMENTS_BYTES_PER_MAIL) {
      refuse(refusedFileReasons.overMailLimit);
      continue;
    }
    const type = detectFileType(file.content.subarray(0, 16));
    if (!type) {
      refuse(refusedFileReasons.type);
      continue;
    }
    let content: Buffer;
    try {
      if (type === "application/pdf") {
        await checkBrochure(file.content, pdfRefusal);
        content = file.content;
      } else {
        content = await reencodeImage(file.content, type, "attachment");
      }
    } catch (error) {
      // A PDF's refusal is already in the conversation's words (pdfRefusal); an image's is not.
      const pdfReason = type === "application/pdf" && error instanceof UserFacingError;
      refuse(pdfReason ? error.message : refusedFileReasons.unsafe);
      continue;
    }
    const key = `${mailKey}/${index + 1}.${fileExtensions[type]}`;
    await mailAttachments().put(key, content, type);
    total += file.content.length;
    kept.push({ key, name: file.name, type, size: content.length });
  }
  return { kept, refused };
}
