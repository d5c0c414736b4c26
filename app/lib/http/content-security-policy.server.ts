import { createHash, randomBytes } from "node:crypto";

/** A fresh nonce for a portal page: only scripts carrying it may run on that page. */
export function createScriptNonce(): string {
  return randomBytes(16).toString("base64");
}

/** What `script-src` allows besides our own origin: a portal page's nonce, or a public page's script hashes. */
export type InlineScripts = { nonce: string } | { hashes: readonly string[] };

/**
 * The Content-Security-Policy of every page. Scripts run only from our own origin or when they
 * are the page's own inline scripts: on a portal page those carrying its nonce, on a public page
 * those whose SHA-256 the policy lists (the same bytes for every visitor, so any cache may keep
 * the page), so an injected <script> does nothing. Styles allow inline because the stylesheet
 * is inlined into the page and React sets a few style attributes (the star rating's width);
 * styles cannot run code. Everything else loads only from our own origin, and images also from
 * `uploadsUrl` (S3_PUBLIC_URL) when uploads are linked there directly. Forms post only to our
 * own origin; `formRedirects` are the origins a form's answer may redirect to (browsers hold a
 * form's redirects to form-action too): the payment gateway's checkout.
 */
export function contentSecurityPolicy(
  inline: InlineScripts,
  uploadsUrl?: string,
  formRedirects: readonly string[] = [],
): string {
  const scripts =
    "nonce" in inline ? [`'nonce-${inline.nonce}'`] : inline.hashes.map((hash) => `'${hash}'`);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scripts].join(" "),
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data:", uploadsUrl && new URL(uploadsUrl).origin].filter(Boolean).join(" "),
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...formRedirects].join(" "),
    "frame-ancestors 'none'",
  ].join("; ");
}

/** A CSP hash source for an inline script's text: `sha256-` and its digest in base64. */
export function scriptHash(text: string): string {
  return `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
}
