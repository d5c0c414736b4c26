/** What each upload may be, and the messages when it is not (the academy's wording). */
export const uploadRules = {
  image: {
    maxBytes: 5 * 1024 * 1024,
    sizeLabel: "5MB",
    // Decoding costs memory and time by pixels, not bytes: a 0.2 MB PNG can hold 64 megapixels.
    maxPixels: 40_000_000,
    types: ["image/jpeg", "image/png", "image/webp"],
  },
  brochure: {
    maxBytes: 10 * 1024 * 1024,
    sizeLabel: "10MB",
    types: ["application/pdf"],
  },
  /**
   * A bank transfer's proof: a photo or screenshot of the receipt, or the bank's PDF. A phone's
   * photo is often 8-12 MB; it is accepted and kept smaller (re-encoded at most 2400 px a side).
   */
  proof: {
    maxBytes: 15 * 1024 * 1024,
    sizeLabel: "15MB",
    types: ["image/jpeg", "image/png", "image/webp", "application/pdf"],
  },
} as const;

export type UploadKind = keyof typeof uploadRules;

const sendProofAs = "Send a photo (JPEG or PNG) or a PDF.";

export const fileMessages = {
  tooLarge: (kind: UploadKind) =>
    kind === "proof"
      ? `This file is larger than ${uploadRules.proof.sizeLabel}. ${sendProofAs}`
      : `File size must be less than ${uploadRules[kind].sizeLabel}`,
  /**
   * Staff read the accepted types; an applicant reads what to send, never a MIME type, and a
   * HEIC photo (known by its first bytes, `head`) is explained.
   */
  wrongType: (kind: UploadKind, head?: Uint8Array) => {
    if (kind !== "proof")
      return `File type not allowed. Allowed types: ${uploadRules[kind].types.join(", ")}`;
    return head && isHeic(head)
      ? fileMessages.heicProof
      : `We cannot open this kind of file. ${sendProofAs}`;
  },
  /** An iPhone's HEIC photo: no decoder for it ships with the image library. */
  heicProof: `This photo is in the iPhone's HEIC format, which we cannot open. ${sendProofAs} A screenshot of the photo works too.`,
  unreadableImage: "The image could not be read. Please upload a valid JPEG, PNG or WebP file.",
  tooManyPixels: "The image is too large: it may have at most 40 megapixels (e.g. 8000x5000).",
  unreadableBrochure: "The brochure could not be read. Please upload a valid PDF file.",
  activeBrochure: "This PDF contains scripts or actions and cannot be used as a brochure.",
  unpackedBrochure:
    "This PDF is too large to check once unpacked. Please save it again as a smaller PDF.",
  unreadableProof: `The proof could not be read. ${sendProofAs}`,
  activeProof: "This PDF contains scripts or actions. Please upload a photo or screenshot instead.",
  unpackedProof:
    "This PDF is too large to check once unpacked. Please upload a photo or screenshot instead.",
};

/** A HEIC or HEIF picture (an ISO box of type 'ftyp' with one of their brands), from its first bytes. */
export function isHeic(head: Uint8Array) {
  const text = String.fromCharCode(...head.subarray(4, 12));
  return /^ftyp(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(text);
}

/**
 * The browser's early check of a chosen file, for a quick message before anything is sent on
 * paid data; the server decides again by the file's content.
 */
export function chosenFileProblem(
  kind: UploadKind,
  file: { size: number; type: string; name: string },
) {
  if (file.size > uploadRules[kind].maxBytes) return fileMessages.tooLarge(kind);
  if (kind === "proof" && (/^image\/hei[cf]/.test(file.type) || /\.hei[cf]$/i.test(file.name)))
    return fileMessages.heicProof;
  if (!(uploadRules[kind].types as readonly string[]).includes(file.type))
    return fileMessages.wrongType(kind);
  return null;
}
