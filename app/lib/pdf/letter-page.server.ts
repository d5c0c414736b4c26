import { type PDFDocument, type PDFFont, rgb } from "pdf-lib";
import { fullAddress, siteConfig } from "~/lib/site/site-config";
import { embedNotoSans } from "./noto-sans.server";
import { wrap } from "./wrap-text";

const WIDTH = 595.28;
const HEIGHT = 841.89;
const LEFT = 56;
const RIGHT = WIDTH - 56;
const VALUE_LEFT = LEFT + 170;

/**
 * An A4 page of the academy's letters (receipts, invoices): its heading with the address and
 * contacts, then lines of text and label-value rows written top down, long ones wrapped.
 * Noto Sans: the standard PDF fonts have no '₦' and no Yoruba marks.
 */
export async function letterPage(pdf: PDFDocument, title: string) {
  const page = pdf.addPage([WIDTH, HEIGHT]);
  const { regular, bold } = await embedNotoSans(pdf);
  let y = 780;
  const line = (text: string, { font = regular, size = 11, gap = 18 } = {}) => {
    const lines = wrap(text, font, size, RIGHT - LEFT);
    lines.forEach((part, index) => {
      page.drawText(part, { x: LEFT, y, size, font, color: rgb(0.1, 0.1, 0.15) });
      y -= index === lines.length - 1 ? gap : size * 1.4;
    });
  };
  const row = (label: string, value: string, font: PDFFont = regular) => {
    page.drawText(label, { x: LEFT, y, size: 11, font: regular, color: rgb(0.3, 0.3, 0.35) });
    const lines = wrap(value, font, 11, RIGHT - VALUE_LEFT);
    lines.forEach((part, index) => {
      page.drawText(part, { x: VALUE_LEFT, y, size: 11, font });
      y -= index === lines.length - 1 ? 20 : 15;
    });
  };
  const space = (points: number) => {
    y -= points;
  };
  line(siteConfig.name, { font: bold, size: 18, gap: 20 });
  line(fullAddress, { size: 10, gap: 14 });
  line(`${siteConfig.emails.join(" | ")} | ${siteConfig.phones[0]}`, { size: 10, gap: 40 });
  line(title, { font: bold, size: 22, gap: 30 });
  return { line, row, space, bold };
}
