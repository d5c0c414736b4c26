/**
 * A title's slug: lowercase, trimmed, punctuation removed, runs of spaces, underscores or
 * hyphens become one hyphen, leading/trailing hyphens trimmed. Accented letters lose their
 * accents (Café → cafe), so every slug is plain ASCII and safe in any URL.
 */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9\s_-]/g, "")
    .replace(/[\s_-]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** What a slug may look like: lowercase letters and digits in groups joined by single hyphens. */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
