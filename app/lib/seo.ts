import type { MetaDescriptor } from "react-router";
import { siteConfig } from "./site-config";

type PageSeo = {
  title: string;
  description: string;
  /** Absolute URL of the page; also the canonical URL. */
  url?: string;
  /** Absolute URL of the share image. */
  image?: string | null;
  type?: "website" | "article";
};

/** Title, description, canonical link and Open Graph / Twitter tags for one page. */
export function seo({
  title,
  description,
  url,
  image,
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
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    ...(url
      ? [
          { property: "og:url", content: url },
          { tagName: "link", rel: "canonical", href: url },
        ]
      : []),
    ...(image ? [{ property: "og:image", content: image }] : []),
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
