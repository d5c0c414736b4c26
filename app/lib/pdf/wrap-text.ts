import type { PDFFont } from "pdf-lib";

/** Words laid into lines no wider than `width`; a word longer than a line is cut by characters. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = "";
    for (const character of word) {
      if (current && !fits(current + character)) {
        lines.push(current);
        current = "";
      }
      current += character;
    }
  }
  return current ? [...lines, current] : lines;
}
