import { siteConfig } from "./site-config";

/** Link previews (Open Graph, Twitter) are 1200x630 JPEGs: WhatsApp shows no WebP. */
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

/** The academy's preview for pages without a course image: public/share-image.jpg. */
export const BRAND_SHARE_IMAGE_PATH = "/share-image.jpg";
export const BRAND_SHARE_IMAGE_ALT = `${siteConfig.name}: ${siteConfig.tagline}`;
