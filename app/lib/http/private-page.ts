/**
 * The headers of a page opened from a private link ('My application', the way back from the
 * checkout): never kept by any cache, not indexed, and its address never sent to another site.
 * 'same-origin', not 'no-referrer': under 'no-referrer' the browser posts the page's forms with
 * `Origin: null`, which React Router refuses as a cross-site request (400) without JavaScript.
 */
export const privatePageHeaders = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "same-origin",
  "X-Robots-Tag": "noindex",
});

/** A private page's title, with the robots tag that keeps it out of search results. */
export const privatePageMeta = (title: string) => [
  { title },
  { name: "robots", content: "noindex" },
];
