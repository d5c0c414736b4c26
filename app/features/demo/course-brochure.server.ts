import { type Color, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import type { CourseFaq, CourseModule } from "~/db/schema";

const ACADEMY_CONTACT_LINE =
  "Lagos Tech Academy · Victoria Island, Lagos · hello@lagostechacademy.ng";

/** The course fields a brochure shows; everything except the title and description is optional. */
export type CourseBrochureInput = {
  title: string;
  description: string;
  category?: string | null;
  level?: string | null;
  duration?: string | null;
  price?: number | null;
  originalPrice?: number | null;
  lessons?: number | null;
  certification?: string | null;
  language?: string | null;
  subtitles?: string[] | null;
  schedule?: string | null;
  format?: string | null;
  classSize?: string | null;
  location?: string | null;
  deliveryMethod?: string | null;
  learningOutcomes?: string[] | null;
  prerequisites?: string[] | null;
  skills?: string[] | null;
  modules?: CourseModule[] | null;
  faqs?: CourseFaq[] | null;
  intakes?: { startsOn: string; status?: string | null }[] | null;
  /** Hex colour of the header band. */
  accent?: string | null;
};

const PAGE_WIDTH = 595.28; // A4
const PAGE_HEIGHT = 841.89;
const MARGIN = 56;
const FOOTER_HEIGHT = 48;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

const INK = rgb(0.12, 0.13, 0.17);
const MUTED = rgb(0.38, 0.4, 0.46);
const RULE = rgb(0.86, 0.87, 0.9);
const WHITE = rgb(1, 1, 1);

/** A printable A4 PDF brochure of at least two pages, written with the standard Helvetica fonts. */
export async function renderCourseBrochure(course: CourseBrochureInput): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${clean(course.title)} – Course brochure`);
  pdf.setAuthor("Lagos Tech Academy");
  pdf.setSubject(clean(course.description).slice(0, 200));
  pdf.setCreator("Lagos Tech Academy");
  pdf.setProducer("Lagos Tech Academy");
  pdf.setCreationDate(new Date());

  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const accent = hexToColor(course.accent) ?? rgb(0.15, 0.39, 0.92);
  const writer = new Writer(pdf, regular, bold, accent);

  // Page 1: overview.
  writer.header(course);
  writer.priceAndFacts(course);
  writer.heading("About this course");
  writer.paragraph(course.description);
  writer.bullets("What you'll learn", course.learningOutcomes);
  writer.bullets("Prerequisites", course.prerequisites);
  if (course.skills?.length) {
    writer.heading("Skills you'll gain");
    writer.paragraph(course.skills.join("  ·  "));
  }

  // Page 2 onwards: curriculum, dates, questions, enrolment. The curriculum starts a page of
  // its own unless the overview already ran over onto a second page.
  if (writer.pageCount === 1) writer.newPage();
  writer.heading("Curriculum");
  const modules = (course.modules ?? []).filter((module) => module.title.trim());
  if (modules.length === 0) {
    writer.paragraph(
      "The detailed curriculum for this course is being finalised. Contact us and we will send " +
        "you the full module outline.",
      { color: MUTED },
    );
  }
  for (const [index, module] of modules.entries()) writer.module(index + 1, module);

  writer.heading("Upcoming start dates");
  const today = new Date().toISOString().slice(0, 10);
  const dates = (course.intakes ?? [])
    .filter((intake) => intake.status === "open" && intake.startsOn >= today)
    .map((intake) => formatDate(intake.startsOn))
    .filter(Boolean);
  if (dates.length === 0) writer.paragraph("New dates are announced soon.", { color: MUTED });
  for (const date of dates) writer.bullet(date);
  if (course.schedule) writer.paragraph(`Class times: ${course.schedule}`, { color: MUTED });

  const faqs = (course.faqs ?? []).filter((faq) => faq.question.trim());
  if (faqs.length) {
    writer.heading("Frequently asked questions");
    for (const faq of faqs) {
      writer.paragraph(faq.question, { font: "bold", gapAfter: 2 });
      writer.paragraph(faq.answer, { gapAfter: 8 });
    }
  }

  writer.heading("How to enrol");
  writer.paragraph(
    "Reserve your seat on our website or send us an inquiry and an admissions adviser will call " +
      "you back within one working day. Payment by bank transfer or card; instalments available " +
      "on most courses.",
  );

  writer.footers();
  return Buffer.from(await pdf.save());
}

type ParagraphOptions = {
  font?: "regular" | "bold";
  size?: number;
  color?: Color;
  indent?: number;
  gapAfter?: number;
};

class Writer {
  private page!: PDFPage;
  private y = 0;
  private readonly pages: PDFPage[] = [];

  constructor(
    private readonly pdf: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly accent: Color,
  ) {
    this.newPage();
  }

  get pageCount() {
    return this.pages.length;
  }

  newPage() {
    this.page = this.pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  private ensure(height: number) {
    if (this.y - height < MARGIN + FOOTER_HEIGHT) this.newPage();
  }

  header(course: CourseBrochureInput) {
    const titleSize = 26;
    const titleLines = wrap(clean(course.title), this.bold, titleSize, CONTENT_WIDTH);
    const meta = [course.category, course.level, course.duration]
      .filter((part): part is string => Boolean(part?.trim()))
      .map(clean)
      .join("  ·  ");
    const labelY = PAGE_HEIGHT - 40;
    const firstTitleY = labelY - 18 - titleSize;
    const lastTitleY = firstTitleY - (titleLines.length - 1) * titleSize * 1.15;
    const metaY = lastTitleY - 24;
    const bandHeight = PAGE_HEIGHT - (meta ? metaY : lastTitleY) + 26;
    this.page.drawRectangle({
      x: 0,
      y: PAGE_HEIGHT - bandHeight,
      width: PAGE_WIDTH,
      height: bandHeight,
      color: this.accent,
    });
    this.page.drawCircle({
      x: PAGE_WIDTH - 40,
      y: PAGE_HEIGHT - 20,
      size: 110,
      color: WHITE,
      opacity: 0.1,
    });
    this.page.drawText("LAGOS TECH ACADEMY  ·  COURSE BROCHURE", {
      x: MARGIN,
      y: labelY,
      size: 9,
      font: this.bold,
      color: WHITE,
      opacity: 0.85,
    });
    titleLines.forEach((line, index) => {
      const y = firstTitleY - index * titleSize * 1.15;
      this.page.drawText(line, { x: MARGIN, y, size: titleSize, font: this.bold, color: WHITE });
    });
    if (meta) {
      this.page.drawText(meta, { x: MARGIN, y: metaY, size: 12, font: this.regular, color: WHITE });
    }
    this.y = PAGE_HEIGHT - bandHeight - 28;
  }

  priceAndFacts(course: CourseBrochureInput) {
    const price = course.price ?? 0;
    const original = course.originalPrice ?? 0;
    const priceText = price > 0 ? formatNaira(price) : "Contact us for fees";
    this.page.drawText(priceText, {
      x: MARGIN,
      y: this.y - 20,
      size: 22,
      font: this.bold,
      color: this.accent,
    });
    if (original > price && price > 0) {
      const x = MARGIN + this.bold.widthOfTextAtSize(priceText, 22) + 14;
      const was = formatNaira(original);
      const width = this.regular.widthOfTextAtSize(was, 12);
      this.page.drawText(was, { x, y: this.y - 18, size: 12, font: this.regular, color: MUTED });
      this.page.drawLine({
        start: { x, y: this.y - 14 },
        end: { x: x + width, y: this.y - 14 },
        thickness: 1,
        color: MUTED,
      });
      const saving = `Save ${formatNaira(original - price)}`;
      this.page.drawText(saving, {
        x: x + width + 12,
        y: this.y - 18,
        size: 12,
        font: this.bold,
        color: rgb(0.05, 0.5, 0.25),
      });
    }
    this.y -= 40;

    const subtitles = (course.subtitles ?? []).filter(Boolean);
    const facts: [string, string | null | undefined][] = [
      ["Duration", course.duration],
      ["Level", course.level],
      ["Lessons", course.lessons ? String(course.lessons) : null],
      ["Format", course.format],
      ["Schedule", course.schedule],
      ["Class size", course.classSize],
      ["Location", course.location],
      ["Delivery", course.deliveryMethod],
      [
        "Language",
        course.language
          ? `${course.language}${subtitles.length ? ` (subtitles: ${subtitles.join(", ")})` : ""}`
          : null,
      ],
      ["Certificate", course.certification],
    ];
    const shown = facts.filter((fact): fact is [string, string] => Boolean(fact[1]?.trim()));
    if (shown.length === 0) return;
    const labelWidth = 90;
    this.rule();
    for (const [label, value] of shown) {
      const lines = wrap(clean(value), this.regular, 10.5, CONTENT_WIDTH - labelWidth);
      this.ensure(lines.length * 14 + 4);
      this.page.drawText(label, {
        x: MARGIN,
        y: this.y - 11,
        size: 9.5,
        font: this.bold,
        color: MUTED,
      });
      for (const line of lines) {
        this.page.drawText(line, {
          x: MARGIN + labelWidth,
          y: this.y - 11,
          size: 10.5,
          font: this.regular,
          color: INK,
        });
        this.y -= 14;
      }
      this.y -= 3;
    }
    this.rule();
  }

  private rule() {
    this.ensure(10);
    this.y -= 4;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE_WIDTH - MARGIN, y: this.y },
      thickness: 0.75,
      color: RULE,
    });
    this.y -= 8;
  }

  heading(text: string) {
    // Keep a heading together with at least two lines of what follows it.
    this.ensure(60);
    this.y -= 14;
    this.page.drawRectangle({
      x: MARGIN,
      y: this.y - 15,
      width: 4,
      height: 17,
      color: this.accent,
    });
    this.page.drawText(clean(text), {
      x: MARGIN + 12,
      y: this.y - 13,
      size: 15,
      font: this.bold,
      color: INK,
    });
    this.y -= 26;
  }

  paragraph(text: string, options: ParagraphOptions = {}) {
    const font = options.font === "bold" ? this.bold : this.regular;
    const size = options.size ?? 10.5;
    const indent = options.indent ?? 0;
    const leading = size * 1.4;
    for (const line of wrap(clean(text), font, size, CONTENT_WIDTH - indent)) {
      this.ensure(leading);
      this.page.drawText(line, {
        x: MARGIN + indent,
        y: this.y - size,
        size,
        font,
        color: options.color ?? INK,
      });
      this.y -= leading;
    }
    this.y -= options.gapAfter ?? 6;
  }

  bullet(text: string, indent = 0) {
    const size = 10.5;
    const leading = size * 1.4;
    const lines = wrap(clean(text), this.regular, size, CONTENT_WIDTH - indent - 14);
    lines.forEach((line, index) => {
      this.ensure(leading);
      if (index === 0) {
        this.page.drawCircle({
          x: MARGIN + indent + 3,
          y: this.y - size * 0.65,
          size: 2,
          color: this.accent,
        });
      }
      this.page.drawText(line, {
        x: MARGIN + indent + 14,
        y: this.y - size,
        size,
        font: this.regular,
        color: INK,
      });
      this.y -= leading;
    });
    this.y -= 2;
  }

  bullets(title: string, items: string[] | null | undefined) {
    const list = (items ?? []).filter((item) => item.trim());
    if (list.length === 0) return;
    this.heading(title);
    for (const item of list) this.bullet(item);
  }

  module(number: number, module: CourseModule) {
    this.ensure(50);
    this.y -= 4;
    const label = `Module ${number}`;
    this.page.drawText(label.toUpperCase(), {
      x: MARGIN,
      y: this.y - 9,
      size: 8.5,
      font: this.bold,
      color: this.accent,
    });
    this.y -= 14;
    this.paragraph(module.title, { font: "bold", size: 12, gapAfter: 1 });
    if (module.description.trim()) this.paragraph(module.description, { color: MUTED });
    for (const topic of module.topics.filter((t) => t.trim())) this.bullet(topic, 6);
    this.y -= 4;
  }

  footers() {
    const total = this.pages.length;
    this.pages.forEach((page, index) => {
      page.drawLine({
        start: { x: MARGIN, y: MARGIN + 14 },
        end: { x: PAGE_WIDTH - MARGIN, y: MARGIN + 14 },
        thickness: 0.75,
        color: RULE,
      });
      page.drawText(clean(ACADEMY_CONTACT_LINE), {
        x: MARGIN,
        y: MARGIN,
        size: 8.5,
        font: this.regular,
        color: MUTED,
      });
      const pageLabel = `Page ${index + 1} of ${total}`;
      page.drawText(pageLabel, {
        x: PAGE_WIDTH - MARGIN - this.regular.widthOfTextAtSize(pageLabel, 8.5),
        y: MARGIN,
        size: 8.5,
        font: this.regular,
        color: MUTED,
      });
    });
  }
}

/** Splits text into lines no wider than `width`; words wider than a line are broken. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let current = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = current ? `${current} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        current = candidate;
        continue;
      }
      if (current) lines.push(current);
      current = "";
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      current = rest;
    }
    lines.push(current);
  }
  return lines;
}

// The standard PDF fonts use WinAnsi (Windows-1252) encoding: Latin-1 plus these characters.
const WIN_ANSI_EXTRAS = new Set(
  "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ".split("").map((c) => c.codePointAt(0) as number),
);

const REPLACEMENTS: Record<string, string> = {
  "₦": "NGN ",
  "→": "->",
  "←": "<-",
  "≥": ">=",
  "≤": "<=",
  "≈": "~",
  "×": "x",
  "✓": "-",
  "✔": "-",
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2015": "—",
  "\u2032": "'",
  "\u2033": '"',
  "\u00a0": " ",
  "\u202f": " ",
  "\u2009": " ",
  "\t": " ",
};

function encodable(codePoint: number) {
  return (
    codePoint === 10 ||
    (codePoint >= 0x20 && codePoint <= 0x7e) ||
    (codePoint >= 0xa0 && codePoint <= 0xff) ||
    WIN_ANSI_EXTRAS.has(codePoint)
  );
}

/** Makes text safe for WinAnsi: known symbols are spelled out, anything else is dropped. */
export function clean(text: string): string {
  let out = "";
  for (const char of text.normalize("NFC").replace(/\r\n?/g, "\n")) {
    const replacement = REPLACEMENTS[char];
    if (replacement !== undefined) out += replacement;
    else if (encodable(char.codePointAt(0) ?? 0)) out += char;
    else {
      // Accented letters outside Latin-1 (e.g. Yoruba ẹ, ọ, ṣ) keep their base letter.
      const base = char.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      if (base && [...base].every((c) => encodable(c.codePointAt(0) ?? 0))) out += base;
    }
  }
  return out.replace(/NGN\s+(?=\d)/g, "NGN ");
}

const nairaNumber = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 0 });

/** `NGN 250,000`: the standard fonts cannot draw the Naira sign. */
export function formatNaira(amount: number): string {
  return `NGN ${nairaNumber.format(amount)}`;
}

const longDate = new Intl.DateTimeFormat("en-GB", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

function formatDate(value: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? "" : longDate.format(date);
}

function hexToColor(hex: string | null | undefined): Color | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex?.trim() ?? "");
  if (!match?.[1]) return null;
  const value = Number.parseInt(match[1], 16);
  return rgb(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255);
}
