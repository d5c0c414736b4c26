// `npm run share-image`: renders the academy's link preview, public/share-image.jpg, from the
// brand colours, name and tagline. Run it again when those change, and commit the image.
import path from "node:path";
import sharp from "sharp";
import {
  BRAND_SHARE_IMAGE_PATH,
  SHARE_IMAGE_HEIGHT,
  SHARE_IMAGE_WIDTH,
} from "../app/lib/site/share-image";
import { siteConfig } from "../app/lib/site/site-config";

// app/app.css: brand-950, brand-800, brand-100 and accent-400.
const colours = { dark: "#022c22", base: "#065f46", light: "#d1fae5", accent: "#fbbf24" };

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_IMAGE_WIDTH}"
  height="${SHARE_IMAGE_HEIGHT}" viewBox="0 0 ${SHARE_IMAGE_WIDTH} ${SHARE_IMAGE_HEIGHT}">
<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${colours.dark}"/>
    <stop offset="1" stop-color="${colours.base}"/>
  </linearGradient>
</defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
<circle cx="1060" cy="90" r="260" fill="${colours.accent}" fill-opacity="0.12"/>
<rect x="80" y="210" width="120" height="10" rx="5" fill="${colours.accent}"/>
<text x="80" y="320" font-family="sans-serif" font-weight="700" font-size="84"
  fill="#ffffff">${siteConfig.name}</text>
<text x="80" y="400" font-family="sans-serif" font-size="40"
  fill="${colours.light}">${siteConfig.tagline}</text>
<text x="80" y="540" font-family="sans-serif" font-weight="600" font-size="30"
  fill="${colours.accent}">Design · Marketing · Data Science · Programming</text>
</svg>`;

const target = path.resolve("public", BRAND_SHARE_IMAGE_PATH.slice(1));
await sharp(Buffer.from(svg)).jpeg({ quality: 85, mozjpeg: true }).toFile(target);
console.log(`Wrote ${target}`);
