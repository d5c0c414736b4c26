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
  /** A bank transfer's proof: a photo or screenshot of the receipt, or the bank's PDF. */
  proof: {
    maxBytes: 5 * 1024 * 1024,
    sizeLabel: "5MB",
    types: ["image/jpeg", "image/png", "image/webp", "application/pdf"],
  },
} as const;

export type UploadKind = keyof typeof uploadRules;

export const fileMessages = {
  tooLarge: (kind: UploadKind) => `File size must be less than ${uploadRules[kind].sizeLabel}`,
  wrongType: (kind: UploadKind) =>
    `File type not allowed. Allowed types: ${uploadRules[kind].types.join(", ")}`,
  unreadableImage: "The image could not be read. Please upload a valid JPEG, PNG or WebP file.",
  tooManyPixels: "The image is too large: it may have at most 40 megapixels (e.g. 8000x5000).",
  unreadableBrochure: "The brochure could not be read. Please upload a valid PDF file.",
  activeBrochure: "This PDF contains scripts or actions and cannot be used as a brochure.",
  unpackedBrochure:
    "This PDF is too large to check once unpacked. Please save it again as a smaller PDF.",
  unreadableProof:
    "The proof could not be read. Please upload a photo (JPEG, PNG or WebP) or a PDF.",
  activeProof: "This PDF contains scripts or actions. Please upload a photo or screenshot instead.",
  unpackedProof:
    "This PDF is too large to check once unpacked. Please upload a photo or screenshot instead.",
};
