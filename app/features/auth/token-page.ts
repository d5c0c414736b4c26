/**
 * A page opened from an e-mailed one-time link (a new password, a sign-in link): its meta keeps
 * it out of search engines and never sends the token in its URL to another site.
 */
export const tokenPageMeta = (title: string) => [
  { title },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

/** The loader of such a page: the token its link carries ("" when none). */
export const tokenPageLoader = ({ request }: { request: Request }) => ({
  token: new URL(request.url).searchParams.get("token") ?? "",
});
