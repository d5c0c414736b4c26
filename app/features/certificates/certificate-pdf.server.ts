import { type Color, PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import QRCode from "qrcode";
import { embedNotoSans } from "~/lib/pdf/noto-sans.server";
import { printableWith } from "~/lib/pdf/printable-text";
import { wrap } from "~/lib/pdf/wrap-text";
import { siteConfig } from "~/lib/site/site-config";
import { hoursText, issuedOnText, periodText } from "./certificate-text";

/** Everything a certificate prints, read from the database by the caller. */
export type CertificateFacts = {
  serial: string; // e.g. "LTA-C-7K3M9QXF2D" (uppercase letters/digits after LTA-C-)
  holderName: string; // as the student confirmed it; may contain Yoruba marks: "Ọlálékan Àdìgún"
  courseTitle: string; // "UI/UX Design Fundamentals"
  startsOn: string; // "YYYY-MM-DD" (a Lagos date)
  endsOn: string; // "YYYY-MM-DD"
  hours: number; // whole teaching hours, e.g. 48
  issuedAt: Date;
  signatoryName: string; // "Adaeze Okafor"
  signatoryTitle: string; // "Director of Studies"
  verifyUrl: string; // "https://lagostechacademy.com/verify/LTA-C-7K3M9QXF2D"
};

/** A4 landscape, in points. */
const WIDTH = 841.89;
const HEIGHT = 595.28;
const CENTRE = WIDTH / 2;
/** The width the centred lines may take, inside the frame. */
const TEXT_WIDTH = WIDTH - 2 * 90;

const ink = rgb(0.1, 0.1, 0.15);
const muted = rgb(0.3, 0.3, 0.35);
/** The academy's green, #047857, as in the logo (public/favicon.svg). */
const green = rgb(4 / 255, 120 / 255, 87 / 255);
const white = rgb(1, 1, 1);

/** The logo's rounded square (64 units, corners of 14) and cap, from public/favicon.svg. */
const LOGO_SQUARE =
  "M14 0H50A14 14 0 0 1 64 14V50A14 14 0 0 1 50 64H14A14 14 0 0 1 0 50V14A14 14 0 0 1 14 0Z";
const LOGO_CAP =
  "M32 14 6 26l26 12 20-9.2V42h4V26L32 14Zm-14 22.6V44c0 4.4 6.3 8 14 8s14-3.6 14-8v-7.4l-14 6.4-14-6.4Z";

/**
 * The QR code's symbol, without its quiet zone, is about 36 mm wide whatever its version: a
 * phone reads it from paper at arm's length. Around it 4 modules of white, as the standard asks.
 */
const QR_SYMBOL_WIDTH = 102;
const QR_QUIET_MODULES = 4;

/** The largest size up to `size` at which `text` fits `width` on one line (never cut). */
function sizeToFit(text: string, font: PDFFont, size: number, width: number): number {
  const natural = font.widthOfTextAtSize(text, size);
  return natural <= width ? size : Math.floor(((size * width) / natural) * 100) / 100;
}

/**
 * `text` in at most `maxLines` lines of `width`, at the largest whole size up to `size` (from the
 * most that `maxLines` full lines could hold) down to 8; text that fits no such size (far beyond
 * the 200 characters stored) is one line, shrunk.
 */
function fitLines(text: string, font: PDFFont, size: number, width: number, maxLines: number) {
  const largest = Math.floor(
    (size * maxLines * width) / Math.max(font.widthOfTextAtSize(text, size), 1),
  );
  for (let candidate = Math.min(size, largest); candidate >= 8; candidate -= 1) {
    const lines = wrap(text, font, candidate, width);
    if (lines.length <= maxLines) return { size: candidate, lines };
  }
  return { size: sizeToFit(text, font, 8, width), lines: [text] };
}

type Line = { font: PDFFont; size: number; y: number; color?: Color };

/** `text` on one line centred on the page at `y`, shrunk to the text width if it is wider. */
function centred(page: PDFPage, text: string, { font, size, y, color = ink }: Line) {
  const fitted = sizeToFit(text, font, size, TEXT_WIDTH);
  const x = CENTRE - font.widthOfTextAtSize(text, fitted) / 2;
  page.drawText(text, { x, y, size: fitted, font, color });
}

/** The QR code of `text` with its quiet zone, its bottom-right corner at (right, y); its width. */
function drawQrCode(page: PDFPage, text: string, right: number, y: number): number {
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: "M" }).modules;
  const module = QR_SYMBOL_WIDTH / size;
  const boxWidth = (size + 2 * QR_QUIET_MODULES) * module;
  const x = right - boxWidth;
  page.drawRectangle({ x, y, width: boxWidth, height: boxWidth, color: white });
  // The dark modules of each row, run by run, as one path in module units: one fill, so no
  // hairline shows between neighbouring modules.
  let path = "";
  for (let row = 0; row < size; row += 1) {
    for (let column = 0; column < size; ) {
      if (!data[row * size + column]) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < size && data[row * size + column]) column += 1;
      path += `M${start} ${row}h${column - start}v1h${start - column}z`;
    }
  }
  const symbolLeft = x + QR_QUIET_MODULES * module;
  const symbolTop = y + boxWidth - QR_QUIET_MODULES * module;
  page.drawSvgPath(path, { x: symbolLeft, y: symbolTop, scale: module, color: rgb(0, 0, 0) });
  return boxWidth;
}

/**
 * A certificate of completion as a one-page A4 landscape PDF: the same facts give the same
 * bytes (every date in it is `issuedAt`, and pdf-lib's font names come from a fixed seed), so
 * a certificate can be drawn again whenever it is asked for. Text the font cannot print is '?',
 * and a long name is set smaller, never cut.
 */
export async function renderCertificatePdf(facts: CertificateFacts): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(`Certificate ${facts.serial}`);
  pdf.setAuthor(siteConfig.name);
  pdf.setSubject(`Certificate of Completion: ${facts.holderName}, ${facts.courseTitle}`);
  pdf.setCreator(siteConfig.name);
  pdf.setProducer("pdf-lib");
  pdf.setLanguage("en-NG");
  pdf.setCreationDate(facts.issuedAt);
  pdf.setModificationDate(facts.issuedAt);
  const page = pdf.addPage([WIDTH, HEIGHT]);
  // Noto Sans: the standard PDF fonts have no Yoruba marks.
  const { regular, bold } = await embedNotoSans(pdf);
  const [printable, printableBold] = [printableWith(regular), printableWith(bold)];

  // A double frame in the academy's green.
  page.drawRectangle({
    x: 20,
    y: 20,
    width: WIDTH - 40,
    height: HEIGHT - 40,
    borderColor: green,
    borderWidth: 2.5,
  });
  page.drawRectangle({
    x: 28,
    y: 28,
    width: WIDTH - 56,
    height: HEIGHT - 56,
    borderColor: green,
    borderWidth: 0.75,
  });

  // The logo and the academy's name, side by side, centred.
  const logo = 38;
  const academy = printableBold(siteConfig.name);
  const academyWidth = bold.widthOfTextAtSize(academy, 18);
  const logoLeft = CENTRE - (logo + 12 + academyWidth) / 2;
  const logoTop = 530;
  page.drawSvgPath(LOGO_SQUARE, { x: logoLeft, y: logoTop, scale: logo / 64, color: green });
  page.drawSvgPath(LOGO_CAP, { x: logoLeft, y: logoTop, scale: logo / 64, color: white });
  page.drawText(academy, {
    x: logoLeft + logo + 12,
    y: logoTop - logo / 2 - 6,
    size: 18,
    font: bold,
    color: green,
  });

  centred(page, "Certificate of Completion", { font: bold, size: 34, y: 418 });
  page.drawLine({
    start: { x: CENTRE - 40, y: 402 },
    end: { x: CENTRE + 40, y: 402 },
    thickness: 1.5,
    color: green,
  });
  centred(page, "This certifies that", { font: regular, size: 13, y: 372, color: muted });
  // The holder's name on one line, as large as fits (a 200-letter name is small, never cut).
  centred(page, printableBold(facts.holderName), { font: bold, size: 32, y: 328, color: green });
  centred(page, "has completed", { font: regular, size: 13, y: 296, color: muted });
  const course = fitLines(printableBold(facts.courseTitle), bold, 22, TEXT_WIDTH, 2);
  course.lines.forEach((line, index) => {
    centred(page, line, { font: bold, size: course.size, y: 264 - index * course.size * 1.25 });
  });
  const afterCourse = 264 - (course.lines.length - 1) * course.size * 1.25;
  centred(page, periodText(facts.startsOn, facts.endsOn), {
    font: regular,
    size: 12,
    y: afterCourse - 36,
  });
  centred(page, hoursText(facts.hours), {
    font: regular,
    size: 12,
    y: afterCourse - 54,
  });

  // The signatory over a line, at the bottom left.
  const signLeft = 80;
  const signWidth = 220;
  page.drawLine({
    start: { x: signLeft, y: 118 },
    end: { x: signLeft + signWidth, y: 118 },
    thickness: 0.75,
    color: ink,
  });
  const signatory = printableBold(facts.signatoryName);
  page.drawText(signatory, {
    x: signLeft,
    y: 102,
    size: sizeToFit(signatory, bold, 12, signWidth),
    font: bold,
    color: ink,
  });
  const signatoryTitle = printable(facts.signatoryTitle);
  page.drawText(signatoryTitle, {
    x: signLeft,
    y: 88,
    size: sizeToFit(signatoryTitle, regular, 10, signWidth),
    font: regular,
    color: muted,
  });

  // The QR code at the bottom right, and beside it what a reader types instead of scanning.
  const qrWidth = drawQrCode(page, facts.verifyUrl, WIDTH - 46, 46);
  const textRight = WIDTH - 46 - qrWidth - 6;
  const textWidth = textRight - (signLeft + signWidth + 30);
  const rightAligned = (
    text: string,
    font: PDFFont,
    size: number,
    y: number,
    color: Color = ink,
  ) => {
    const fitted = sizeToFit(text, font, size, textWidth);
    const x = textRight - font.widthOfTextAtSize(text, fitted);
    page.drawText(text, { x, y, size: fitted, font, color });
  };
  rightAligned(`Issued ${issuedOnText(facts.issuedAt)}`, regular, 10, 124);
  rightAligned(`Certificate no. ${printableBold(facts.serial)}`, bold, 10, 108);
  rightAligned(`Verify at ${printable(facts.verifyUrl)}`, regular, 9, 92, muted);

  return pdf.save({ useObjectStreams: false });
}
