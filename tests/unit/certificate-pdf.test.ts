import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type CertificateFacts,
  renderCertificatePdf,
} from "~/features/certificates/certificate-pdf.server";
import { embedNotoSans } from "~/lib/pdf/noto-sans.server";
import { pdfText, renderPage, scanQrCode } from "../support/pdf-qr";

// pdftotext and pdftoppm: Debian's poppler-utils (README, "Before you start").

const facts: CertificateFacts = {
  serial: "LTA-C-7K3M9QXF2D",
  holderName: "Ọlálékan Àdìgún",
  courseTitle: "UI/UX Design Fundamentals",
  startsOn: "2027-01-12",
  endsOn: "2027-04-30",
  hours: 48,
  issuedAt: new Date("2027-05-03T09:30:00Z"),
  signatoryName: "Adaeze Okafor",
  signatoryTitle: "Director of Studies",
  verifyUrl: "https://lagostechacademy.com/verify/LTA-C-7K3M9QXF2D",
};

/** The text with runs of white space as one space, as `-layout` spreads it over the page. */
const oneLine = (text: string) => text.replace(/\s+/g, " ");

describe("the certificate PDF", () => {
  let pdf: Uint8Array;
  beforeAll(async () => {
    pdf = await renderCertificatePdf(facts);
  });

  it("is one A4 landscape page", async () => {
    const document = await PDFDocument.load(pdf);
    expect(document.getPageCount()).toBe(1);
    const { width, height } = document.getPage(0).getSize();
    expect(width).toBeCloseTo(841.89, 2);
    expect(height).toBeCloseTo(595.28, 2);
  });

  it("is the same bytes for the same facts, and other bytes for another serial", async () => {
    expect(Buffer.from(await renderCertificatePdf({ ...facts })).equals(Buffer.from(pdf))).toBe(
      true,
    );
    const other = await renderCertificatePdf({
      ...facts,
      serial: "LTA-C-7K3M9QXF2E",
      verifyUrl: "https://lagostechacademy.com/verify/LTA-C-7K3M9QXF2E",
    });
    expect(Buffer.from(other).equals(Buffer.from(pdf))).toBe(false);
  });

  it("has a QR code a phone reads as the verification address", async () => {
    expect(await scanQrCode(pdf)).toBe(facts.verifyUrl);
  });

  it("prints every fact, the holder's Yoruba marks included", async () => {
    const text = oneLine(await pdfText(pdf));
    for (const printed of [
      "Lagos Tech Academy",
      "Certificate of Completion",
      "This certifies that",
      "Ọlálékan Àdìgún",
      "has completed",
      "UI/UX Design Fundamentals",
      "12 January 2027 to 30 April 2027",
      "48 hours of instruction",
      // 09:30 UTC is 10:30 in Lagos, the same day.
      "Issued 3 May 2027",
      "Adaeze Okafor",
      "Director of Studies",
      "Certificate no. LTA-C-7K3M9QXF2D",
      "Verify at https://lagostechacademy.com/verify/LTA-C-7K3M9QXF2D",
    ])
      expect(text).toContain(printed);
  });

  it("prints the Lagos date of issue: 23:30 UTC is the next morning in Lagos", async () => {
    const late = await renderCertificatePdf({
      ...facts,
      issuedAt: new Date("2027-05-02T23:30:00Z"),
    });
    expect(oneLine(await pdfText(late))).toContain("Issued 3 May 2027");
  });

  it("prints a 200-character name whole on one line, and '?' for what the font lacks", async () => {
    const longName = `${"Àdìgún Ọlálékan ".repeat(12)}Adébáyọ̀ Oluwaseun`.slice(0, 200);
    const longCourse = "Cloud Engineering – Infrastructure, Networking and Automation "
      .repeat(4)
      .slice(0, 200);
    const long = await renderCertificatePdf({
      ...facts,
      holderName: longName,
      courseTitle: longCourse,
    });
    const longText = await pdfText(long);
    expect(longText.split("\n").some((line) => line.trim() === longName.trim())).toBe(true);
    expect(oneLine(longText)).toContain(longCourse.trim());
    // 'ọ̀' (a dotted letter under a tone mark) leaves the other o's of the font as they are.
    expect(oneLine(longText)).toContain("Adaeze Okafor");

    const emoji = await renderCertificatePdf({
      ...facts,
      holderName: "Ọlá 🎓 Àdìgún\n👩🏽‍💻 x\u0000y",
      courseTitle: "Data 📊 Analysis 数据",
    });
    const emojiText = oneLine(await pdfText(emoji));
    expect(emojiText).toContain("Ọlá ? Àdìgún ? x?y");
    expect(emojiText).toContain("Data ? Analysis ??");
    expect(await scanQrCode(emoji)).toBe(facts.verifyUrl);
  });
});

describe("Noto Sans as the PDFs embed it", () => {
  it("draws every letter of a subset as the whole font does (pdf-lib's fontkit left most blank)", async () => {
    const sample = "Certificate of Completion: Ọlálékan Àdìgún, Adébáyọ̀ ₦250,000";
    const wholeFont = async (pdf: PDFDocument) => {
      pdf.registerFontkit(fontkit);
      const file = createRequire(import.meta.url).resolve(
        "@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf",
      );
      return pdf.embedFont(await readFile(file), { features: { ccmp: false } });
    };
    /** The dark pixels of `sample` drawn in bold, as poppler draws it. */
    const darkPixels = async (whole: boolean) => {
      const pdf = await PDFDocument.create();
      const page = pdf.addPage([700, 80]);
      const font = whole ? await wholeFont(pdf) : (await embedNotoSans(pdf)).bold;
      page.drawText(sample, { x: 10, y: 30, size: 24, font });
      const { pixels } = await renderPage(await pdf.save());
      let dark = 0;
      for (let index = 0; index < pixels.length; index += 4)
        if ((pixels[index] ?? 255) < 128) dark += 1;
      return dark;
    };
    const [subset, whole] = await Promise.all([darkPixels(false), darkPixels(true)]);
    expect(whole).toBeGreaterThan(1000);
    expect(subset).toBe(whole);
  });
});
