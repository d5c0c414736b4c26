import { href } from "react-router";
import { PORTAL_PATH } from "./portal-path";
import { uploadRules } from "./upload-rules";

/** How large a request body may be, and how many form fields it may hold. */
export type BodyLimit = { maxBytes: number; maxFields: number; label: string };

const KB = 1024;
const MB = 1024 * KB;

/**
 * Public forms and sign-in: a 5,000-character message urlencoded as three-byte characters is
 * 45 KB, so 64 KB leaves room for every honest visitor and nothing for a flood.
 */
export const publicFormLimit: BodyLimit = { maxBytes: 64 * KB, maxFields: 30, label: "64 KB" };

/** Staff forms without uploads (the inbox's bulk actions send one field per selected message). */
const portalFormLimit: BodyLimit = { maxBytes: 64 * KB, maxFields: 200, label: "64 KB" };

/** The course form: an image and a brochure at their limits, plus 1 MB for the other fields. */
export const courseFormLimit: BodyLimit = {
  maxBytes: uploadRules.image.maxBytes + uploadRules.brochure.maxBytes + MB,
  maxFields: 100,
  label: "16 MB",
};

/** Portal pages that strangers may post to: they get the public limit. */
const signInForms = new Set([
  href("/admin-portal/login"),
  href("/admin-portal/forgot-password"),
  href("/admin-portal/reset-password"),
  href("/admin-portal/sign-in-link"),
]);

/**
 * The limit of the route a body is posted to. React Router's own fetches post to the same
 * path with `.data` appended (`/_root.data` for the home page).
 */
export function bodyLimitFor(pathname: string): BodyLimit {
  const path = pathname.replace(/(\/_root)?\.data$/, "").replace(/\/+$/, "") || "/";
  if (path === href("/admin-portal/courses")) return courseFormLimit;
  if (path.startsWith(`${PORTAL_PATH}/`) && !signInForms.has(path)) return portalFormLimit;
  return publicFormLimit;
}
