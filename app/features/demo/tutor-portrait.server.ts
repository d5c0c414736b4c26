import sharp from "sharp";
import { initialsOf } from "~/lib/text/person-name";

const SIZE = 480;

/** An SVG portrait placeholder: a head-and-shoulders outline and the initials on a colour. */
function portraitSvg(name: string, colour: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <rect width="${SIZE}" height="${SIZE}" fill="${colour}"/>
  <circle cx="240" cy="200" r="96" fill="#ffffff" fill-opacity="0.18"/>
  <path d="M64 480c0-104 79-172 176-172s176 68 176 172z" fill="#ffffff" fill-opacity="0.18"/>
  <text x="240" y="232" text-anchor="middle" font-family="sans-serif" font-weight="700"
    font-size="96" fill="#ffffff">${initialsOf(name)}</text>
</svg>`;
}

/** A 480x480 PNG placeholder portrait for a demo tutor. */
export function renderTutorPortrait(name: string, colour: string): Promise<Buffer> {
  return sharp(Buffer.from(portraitSvg(name, colour)))
    .png()
    .toBuffer();
}
