import { icons } from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from "~/lib/site/share-image";

const COURSE_IMAGE_WIDTH = 1200;
const COURSE_IMAGE_HEIGHT = 800;
/** The link preview (1200x630) is cut from the middle: this much goes at the top and bottom. */
const SHARE_CROP =
  (COURSE_IMAGE_HEIGHT - (SHARE_IMAGE_HEIGHT * COURSE_IMAGE_WIDTH) / SHARE_IMAGE_WIDTH) / 2;
/** The top of the label and icon: below what the preview cuts, with room to spare. */
const TOP = SHARE_CROP + 40;

export type CourseImageInput = {
  title: string;
  category: string;
  /** Hex colour such as `#7c3aed`. */
  accent: string;
  /** A lucide icon name such as `Palette`; unknown names are left out. */
  icon?: string;
};

/** A 1200×800 JPEG cover for a course: gradient, shapes, category label and title. */
export async function renderCourseImage(course: CourseImageInput): Promise<Buffer> {
  return sharp(Buffer.from(courseImageSvg(course)))
    .flatten({ background: "#000000" })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}

/** The SVG behind the cover; exported for tests and for other renderers. */
function courseImageSvg(course: CourseImageInput): string {
  const W = COURSE_IMAGE_WIDTH;
  const H = COURSE_IMAGE_HEIGHT;
  const accent = parseHex(course.accent) ?? [37, 99, 235];
  const light = toHex(mix(accent, [255, 255, 255], 0.25));
  const base = toHex(accent);
  const dark = toHex(mix(accent, [8, 10, 24], 0.7));
  const glow = toHex(mix(accent, [255, 255, 255], 0.6));

  const title = layoutTitle(course.title);
  const lineHeight = Math.round(title.fontSize * 1.12);
  const titleBottom = H - 150;
  const titleTop = titleBottom - lineHeight * (title.lines.length - 1);
  const titleText = title.lines
    .map((line, index) => {
      const y = titleTop + index * lineHeight;
      return `<text x="80" y="${y}" class="title">${escapeXml(line)}</text>`;
    })
    .join("");

  const category = course.category.toUpperCase();
  const labelWidth = Math.round(category.length * 20.5 + 52);
  const icon = iconMarkup(course.icon);
  // Shapes shift with a hash of the title so covers of one category do not look identical.
  const seed = hash(course.title);
  const shift = (seed % 120) - 60;
  const turn = seed % 45;

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"
  viewBox="0 0 ${W} ${H}">
<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${light}"/>
    <stop offset="0.45" stop-color="${base}"/>
    <stop offset="1" stop-color="${dark}"/>
  </linearGradient>
  <radialGradient id="glow" cx="0.82" cy="0.18" r="0.6">
    <stop offset="0" stop-color="${glow}" stop-opacity="0.55"/>
    <stop offset="1" stop-color="${glow}" stop-opacity="0"/>
  </radialGradient>
  <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0.35" stop-color="#000000" stop-opacity="0"/>
    <stop offset="1" stop-color="#000000" stop-opacity="0.45"/>
  </linearGradient>
  <pattern id="dots" width="28" height="28" patternUnits="userSpaceOnUse">
    <circle cx="3" cy="3" r="2.2" fill="#ffffff" fill-opacity="0.22"/>
  </pattern>
  <style>
    .title { font-family: sans-serif; font-weight: 700; font-size: ${title.fontSize}px;
      fill: #ffffff; letter-spacing: -1px; }
    .label { font-family: sans-serif; font-weight: 700; font-size: 24px; fill: #ffffff;
      letter-spacing: 3px; }
    .brand { font-family: sans-serif; font-weight: 600; font-size: 26px; fill: #ffffff;
      fill-opacity: 0.85; }
  </style>
</defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<rect width="${W}" height="${H}" fill="url(#glow)"/>
<circle cx="${980 + shift}" cy="${170 - shift / 2}" r="260" fill="#ffffff" fill-opacity="0.08"/>
<circle cx="${980 + shift}" cy="${170 - shift / 2}" r="180" fill="none" stroke="#ffffff"
  stroke-opacity="0.25" stroke-width="3"/>
<circle cx="${1120 - shift}" cy="620" r="120" fill="${dark}" fill-opacity="0.35"/>
<rect x="${720 + shift}" y="${380 + shift / 3}" width="220" height="220" rx="36" fill="#ffffff"
  fill-opacity="0.1" transform="rotate(${18 + turn} ${830 + shift} ${490 + shift / 3})"/>
<polygon points="${-40},${260 + shift} 260,${-60} 420,${-60} ${-40},${420 + shift}"
  fill="#ffffff" fill-opacity="0.07"/>
<rect x="${860 - shift}" y="470" width="280" height="196" fill="url(#dots)"/>
<path d="M${600 + shift} 0 L${1200} ${560 + shift}" stroke="#ffffff" stroke-opacity="0.14"
  stroke-width="2"/>
<path d="M${660 + shift} 0 L${1200} ${500 + shift}" stroke="#ffffff" stroke-opacity="0.1"
  stroke-width="2"/>
${icon ? `<g transform="translate(${W - 200} ${TOP})" opacity="0.95">${icon}</g>` : ""}
<rect width="${W}" height="${H}" fill="url(#shade)"/>
<rect x="80" y="${TOP}" width="${labelWidth}" height="52" rx="26" fill="#ffffff" fill-opacity="0.18"
  stroke="#ffffff" stroke-opacity="0.45" stroke-width="2"/>
<text x="${80 + 28}" y="${TOP + 35}" class="label">${escapeXml(category)}</text>
${titleText}
<rect x="80" y="${H - 110}" width="64" height="6" rx="3" fill="#ffffff" fill-opacity="0.9"/>
<text x="160" y="${H - 98}" class="brand">Lagos Tech Academy</text>
</svg>`;
}

/** Wraps the title over at most 3 lines, shrinking the type before it cuts with an ellipsis. */
function layoutTitle(title: string): { fontSize: number; lines: string[] } {
  const words = title.trim().split(/\s+/).filter(Boolean);
  const maxWidth = 1040;
  for (const fontSize of [84, 76, 68, 60]) {
    // Bold sans-serif glyphs (DejaVu Sans Bold is the widest common fallback) average ~0.64em.
    const maxChars = Math.floor(maxWidth / (fontSize * 0.64));
    const lines = wrapWords(words, maxChars);
    if (lines.length <= 3 && lines.every((line) => line.length <= maxChars)) {
      return { fontSize, lines: balance(words, lines.length, maxChars) };
    }
  }
  const fontSize = 60;
  const maxChars = Math.floor(maxWidth / (fontSize * 0.64));
  const lines = wrapWords(words, maxChars).map((line) =>
    line.length > maxChars ? `${line.slice(0, maxChars - 1)}…` : line,
  );
  if (lines.length > 3) {
    const third = lines[2] ?? "";
    lines.length = 3;
    lines[2] = `${third.slice(0, maxChars - 1).trimEnd()}…`;
  }
  return { fontSize, lines };
}

/** The narrowest greedy wrap with the same number of lines, so no word is left alone. */
function balance(words: string[], lineCount: number, maxChars: number): string[] {
  let best = wrapWords(words, maxChars);
  const longestWord = Math.max(...words.map((word) => word.length));
  for (let width = maxChars - 1; width >= longestWord; width--) {
    const lines = wrapWords(words, width);
    if (lines.length > lineCount) break;
    best = lines;
  }
  return best;
}

function wrapWords(words: string[], maxChars: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= maxChars || !current) current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** The inner markup of a lucide icon drawn in white, or null when the name is unknown. */
function iconMarkup(name: string | undefined): string | null {
  if (!name || !Object.hasOwn(icons, name)) return null;
  const Icon = icons[name as keyof typeof icons];
  try {
    return renderToStaticMarkup(
      createElement(Icon, { size: 120, color: "#ffffff", strokeWidth: 1.6 }),
    );
  } catch {
    return null;
  }
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const digits =
    match[1].length === 3
      ? match[1]
          .split("")
          .map((d) => d + d)
          .join("")
      : match[1];
  const value = Number.parseInt(digits, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function mix(a: Rgb, b: Rgb, amount: number): Rgb {
  const channel = (from: number, to: number) => Math.round(from + (to - from) * amount);
  return [channel(a[0], b[0]), channel(a[1], b[1]), channel(a[2], b[2])];
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

function hash(text: string): number {
  let value = 2166136261;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 16777619);
  }
  return value >>> 0;
}
