import { randomBytes } from "node:crypto";

/** A fresh nonce for each HTML response: only scripts carrying it may run on that page. */
export function createScriptNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The Content-Security-Policy of every page. Scripts run only from our own origin or with the
 * page's nonce (React Router's inline bootstrap), so an injected <script> does nothing. Styles
 * allow inline because the stylesheet is inlined into the page and React sets a few style
 * attributes (the star rating's width); styles cannot run code. Everything else loads only from
 * our own origin, and images also from `uploadsUrl` (S3_PUBLIC_URL) when uploads are linked
 * there directly. Forms post only to our own origin; `formRedirects` are the origins a form's
 * answer may redirect to (browsers hold a form's redirects to form-action too): the payment
 * gateway's checkout.
 */
export function contentSecurityPolicy(
  scriptNonce: string,
  uploadsUrl?: string,
  formRedirects: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${scriptNonce}'`,
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

/** The script nonce a policy made by `contentSecurityPolicy` allows. */
export function scriptNonceOf(policy: string): string | undefined {
  return /'nonce-([^']+)'/.exec(policy)?.[1];
}
