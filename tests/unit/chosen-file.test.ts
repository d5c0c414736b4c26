import { describe, expect, it } from "vitest";
import { chosenFileProblem, fileMessages, isHeic } from "~/lib/forms/upload-rules";

const MB = 1024 * 1024;

describe("the browser's check of a chosen proof of transfer", () => {
  it("takes a phone's 12 MB photo, a PNG screenshot and a PDF", () => {
    expect(chosenFileProblem("proof", { size: 12 * MB, type: "image/jpeg", name: "a.jpg" })).toBe(
      null,
    );
    expect(chosenFileProblem("proof", { size: MB, type: "image/png", name: "a.png" })).toBe(null);
    expect(chosenFileProblem("proof", { size: MB, type: "application/pdf", name: "a.pdf" })).toBe(
      null,
    );
  });

  it("explains a HEIC photo, however the phone names its type, in plain words", () => {
    for (const file of [
      { size: MB, type: "image/heic", name: "IMG_1.HEIC" },
      { size: MB, type: "image/heif", name: "photo" },
      { size: MB, type: "", name: "IMG_2.heic" },
    ])
      expect(chosenFileProblem("proof", file)).toBe(fileMessages.heicProof);
    expect(fileMessages.heicProof).not.toMatch(/image\//);
  });

  it("refuses what is too large or of another kind without a MIME type in the words", () => {
    const large = chosenFileProblem("proof", { size: 16 * MB, type: "image/jpeg", name: "a.jpg" });
    expect(large).toBe("This file is larger than 15MB. Send a photo (JPEG or PNG) or a PDF.");
    const other = chosenFileProblem("proof", { size: MB, type: "text/plain", name: "a.txt" });
    expect(other).toBe("We cannot open this kind of file. Send a photo (JPEG or PNG) or a PDF.");
  });

  it("keeps the course form's own words for staff", () => {
    expect(chosenFileProblem("image", { size: MB, type: "image/gif", name: "a.gif" })).toBe(
      "File type not allowed. Allowed types: image/jpeg, image/png, image/webp",
    );
  });
});

describe("a HEIC picture by its first bytes", () => {
  const head = (brand: string) =>
    new Uint8Array([0, 0, 0, 0x18, ...Buffer.from(`ftyp${brand}`), 0, 0, 0, 0]);
  it("knows the iPhone's brands and no other box", () => {
    expect(isHeic(head("heic"))).toBe(true);
    expect(isHeic(head("mif1"))).toBe(true);
    expect(isHeic(head("isom"))).toBe(false);
    expect(isHeic(new Uint8Array([0xff, 0xd8, 0xff]))).toBe(false);
  });
});
