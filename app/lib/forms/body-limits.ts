import { href } from "react-router";
import { PORTAL_PATH } from "../router/portal-path";
import { uploadRules } from "./upload-rules";

/**
 * How large a request body may be, how many form fields it may hold, and how long it may take
 * to arrive once its head has (a connection held open by a trickling body serves no one else).
 */
export type BodyLimit = {
  maxBytes: number;
  maxFields: number;
  label: string;
  receiveWithinMs: number;
};

const KB = 1024;
const MB = 1024 * KB;

/**
 * Public forms and sign-in: a 5,000-character message urlencoded as three-byte characters is
 * 45 KB, so 64 KB leaves room for every honest visitor and nothing for a flood. 64 KB arrive
 * within 15 s even on a 2G link (about 35 kbit/s).
 */
export const publicFormLimit: BodyLimit = {
  maxBytes: 64 * KB,
  maxFields: 30,
  label: "64 KB",
  receiveWithinMs: 15_000,
};

/** Staff forms without uploads (the inbox's bulk actions send one field per selected message). */
const portalFormLimit: BodyLimit = { ...publicFormLimit, maxFields: 200, receiveWithinMs: 30_000 };

/**
 * The course form: an image and a brochure at their limits, plus 1 MB for the other fields;
 * 16 MB take minutes on a slow link, so the course form keeps Node's own 5 minutes.
 */
export const courseFormLimit: BodyLimit = {
  maxBytes: uploadRules.image.maxBytes + uploadRules.brochure.maxBytes + MB,
  maxFields: 100,
  label: "16 MB",
  receiveWithinMs: 5 * 60_000,
};

/** The tutor form: a photo at the image limit, plus 1 MB for the other fields. */
export const tutorFormLimit: BodyLimit = {
  maxBytes: uploadRules.image.maxBytes + MB,
  maxFields: 30,
  label: "6 MB",
  receiveWithinMs: 5 * 60_000,
};

/** A bank transfer's proof from 'My application': one file at its limit, plus 64 KB. */
export const proofFormLimit: BodyLimit = {
  maxBytes: uploadRules.proof.maxBytes + 64 * KB,
  maxFields: 5,
  label: uploadRules.proof.sizeLabel.replace("MB", " MB"),
  receiveWithinMs: 5 * 60_000,
};

/**
 * Meta's WhatsApp webhook: a delivery may batch many messages and statuses, and Meta caps a
 * delivery at 3 MB. It is JSON, read whole and signature-checked before anything parses it.
 */
export const whatsappWebhookLimit: BodyLimit = {
  maxBytes: 3 * MB,
  maxFields: 0,
  label: "3 MB",
  receiveWithinMs: 30_000,
};

/**
 * A session's register: three fields per student (who, the mark, the mark shown) for a class
 * of up to 500 (the cohort feature's REGISTER_MAX_STUDENTS), about 60 bytes each.
 */
export const registerFormLimit: BodyLimit = {
  maxBytes: 128 * KB,
  maxFields: 3 * 500 + 5,
  label: "128 KB",
  receiveWithinMs: 30_000,
};

/** Where a register is posted: the portal's, and a tutor's own page's. */
const registerPath =
  /^(\/admin-portal\/sessions\/[^/]{1,100}\/register|\/tutor\/[^/]{1,100}\/[^/]{1,100}\/sessions\/[^/]{1,100})$/;

/** Where 'My application' posts a proof: `/application/<token>/proof`. */
const proofUploadPath = /^\/application\/[A-Za-z0-9_-]{1,100}\/proof$/;

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
  if (path === href("/admin-portal/tutors")) return tutorFormLimit;
  if (proofUploadPath.test(path)) return proofFormLimit;
  if (registerPath.test(path)) return registerFormLimit;
  if (path === "/webhooks/whatsapp") return whatsappWebhookLimit;
  if (path.startsWith(`${PORTAL_PATH}/`) && !signInForms.has(path)) return portalFormLimit;
  return publicFormLimit;
}
