import type { MetaDescriptor } from "react-router";
import {
  BRAND_SHARE_IMAGE_ALT,
  BRAND_SHARE_IMAGE_PATH,
  SHARE_IMAGE_HEIGHT,
  SHARE_IMAGE_WIDTH,
} from "./share-image";
import { siteConfig } from "./site-config";

/** A 1200x630 JPEG link preview: its absolute URL and what it shows. */
export type ShareImage = { url: string; alt: string };

type PageSeo = {
  title: string;
  description: string;
  /** Absolute URL of the page; also the canonical URL. */
  url: string;
  /** The page's own preview; by default the academy's. */
  image?: ShareImage;
  type?: "website" | "article";
};

/** Title, description, canonical link and Open Graph / Twitter tags for one page. */
export function seo({
  title,
  description,
  url,
  image = {
    url: new URL(BRAND_SHARE_IMAGE_PATH, url).href,
    alt: BRAND_SHARE_IMAGE_ALT,
  },
  type = "website",
}: PageSeo): MetaDescriptor[] {
  const fullTitle = title.includes(siteConfig.name) ? title : `${title} | ${siteConfig.name}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:site_name", content: siteConfig.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:locale", content: "en_NG" },
    { property: "og:url", content: url },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:image", content: image.url },
    { property: "og:image:type", content: "image/jpeg" },
    { property: "og:image:width", content: String(SHARE_IMAGE_WIDTH) },
    { property: "og:image:height", content: String(SHARE_IMAGE_HEIGHT) },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: image.url },
    { name: "twitter:image:alt", content: image.alt },
  ];
}

/** The site's public origin, from the root loader's data. */
export function publicUrlFrom(matches: readonly unknown[]): string {
  for (const match of matches) {
    const data = match as { id?: string; data?: { publicUrl?: string } } | undefined;
    if (data?.id === "root" && data.data?.publicUrl) return data.data.publicUrl;
  }
  return "";
}
