// The limits and refusal texts of files visitors send us (e-mail attachments, WhatsApp media),
// without I/O, so that the browser tests read the same texts.

/** A file is kept up to this size; a larger one is listed as refused in the conversation. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** All the files of one mail together; those past it are listed as refused. */
export const MAX_ATTACHMENTS_BYTES_PER_MAIL = 15 * 1024 * 1024;
/** At most this many files of one mail are kept. */
export const MAX_ATTACHMENTS_PER_MAIL = 10;
/** Why a file was not kept, as staff read it in the conversation. */
export const refusedFileReasons = {
  tooLarge: "Not kept: larger than 10 MB",
  overMailLimit: "Not kept: the mail's files passed 15 MB together",
  tooMany: "Not kept: more than 10 files in one mail",
  type: "Not kept: only photos (JPEG, PNG, WebP) and PDF files are accepted",
  unsafe: "Not kept: the file could not be read or carried scripts",
  unpacked: "Not kept: the PDF was too large to check once unpacked",
} as const;
