import { randomInt } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { UserFacingError } from "~/lib/errors";
import {
  invalidSubmission,
  noticeReply,
  type Refusal,
  refusalOf,
  refusalReply,
  unavailableRefusal,
} from "~/lib/forms/action-reply.server";
import { HONEYPOT_FIELD } from "~/lib/forms/honeypot";
import { reservePublicForm } from "~/lib/forms/public-form-limit.server";
import { readForm } from "~/lib/forms/request-form.server";
import { requestOrigin } from "~/lib/http/client-address";
import {
  emailAddressSubject,
  hitRateLimit,
  type RateLimitRule,
} from "~/lib/infra/rate-limit.server";
import { applicationMessages } from "../application-messages";
import { formatApplicationReference } from "../application-rules";
import {
  applicantStepSchema,
  applicationSchema,
  findApplicationSchema,
} from "../application-schema";
import {
  type ApplyOutcome,
  applyForIntake,
  sendApplicationLinks,
  takeApplicantStep,
} from "../applications.server";
import { nextStepText } from "./next-step";

/*
 * The actions of the applicant's pages, on the public forms' pipeline (as
 * features/messages/intake/submit.server.ts): read, parse with the shared schema, a filled
 * honeypot answered like a success and nothing stored, the public forms' rate limit once the
 * form is valid, and one action reply.
 */

/**
 * A bot that filled the honeypot is told of an application it did not make, under a reference
 * from the top half of the six digits, which the sequence reaches only after 500,000 applications.
 */
const decoyOutcome = (): ApplyOutcome => ({
  reference: randomInt(500_000, 1_000_000),
  status: "new",
  offerExpiresAt: null,
  waitlistPlace: null,
});

/** The applicant's answer: thanks, the reference, what happens next. */
export const receivedNotice = (outcome: ApplyOutcome) =>
  `${applicationMessages.received} Your reference is ${formatApplicationReference(outcome.reference)}. ${nextStepText(outcome)}`;

const filled = (formData: FormData) => {
  const honeypot = formData.get(HONEYPOT_FIELD);
  return typeof honeypot === "string" && honeypot.trim() !== "";
};

/** The refusal for a visitor over the public forms' limits; null while they are under them. */
async function publicFormLimitRefusal(
  ipAddress: string | null,
  email: string,
): Promise<Refusal | null> {
  const limit = await reservePublicForm(ipAddress, email);
  if (limit.allowed) return null;
  const { retryAfterSeconds } = limit;
  return { status: 429, message: applicationMessages.rateLimited, retryAfterSeconds };
}

/** The apply page's action. */
export async function handleApplicationForm(request: Request, intakeId: string) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: applicationSchema });
  if (submission.status !== "success") return invalidSubmission(submission);
  if (filled(formData)) return noticeReply(submission, receivedNotice(decoyOutcome()));
  try {
    const { ipAddress, userAgent } = requestOrigin(request);
    const overLimit = await publicFormLimitRefusal(ipAddress, submission.value.email);
    if (overLimit) return refusalReply(submission, overLimit);
    const outcome = await applyForIntake(intakeId, submission.value, { ipAddress, userAgent });
    return noticeReply(submission, receivedNotice(outcome));
  } catch (error) {
    if (error instanceof UserFacingError)
      return refusalReply(submission, refusalOf(error, "Applying"));
    const unavailable = unavailableRefusal(
      error,
      "Storing an application",
      applicationMessages.failure,
    );
    return refusalReply(submission, unavailable);
  }
}

/**
 * 'Find my application' e-mails at most three times a day to one address: anyone may type any
 * address, and without this a stranger could flood someone's inbox from many places.
 */
export const applicationLinksRateLimit: RateLimitRule = {
  name: "application-links",
  limit: 3,
  windowMs: 24 * 60 * 60 * 1000,
};

/**
 * The 'Find my application' action. The answer is the same whether or not the address has
 * applications, and whether or not its daily allowance of e-mails is used up (telling would say
 * that it has); only the visitor being over the public forms' limits is refused.
 */
export async function handleFindApplication(request: Request) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: findApplicationSchema });
  if (submission.status !== "success") return invalidSubmission(submission);
  if (filled(formData)) return noticeReply(submission, applicationMessages.linkSent);
  try {
    const { email } = submission.value;
    const overLimit = await publicFormLimitRefusal(requestOrigin(request).ipAddress, email);
    if (overLimit) return refusalReply(submission, overLimit);
    if ((await hitRateLimit(applicationLinksRateLimit, emailAddressSubject(email))).allowed)
      await sendApplicationLinks(email);
    return noticeReply(submission, applicationMessages.linkSent);
  } catch (error) {
    const unavailable = unavailableRefusal(
      error,
      "Sending application links",
      applicationMessages.failure,
    );
    return refusalReply(submission, unavailable);
  }
}

/**
 * 'My application''s action: the step, or the refusal that says why not. Success is the
 * caller's redirect (PRG), so a reload does not post the step again.
 */
export async function handleApplicantStep(formData: FormData, token: string) {
  const submission = parseWithZod(formData, { schema: applicantStepSchema });
  if (submission.status !== "success") return { reply: invalidSubmission(submission) };
  try {
    await takeApplicantStep(token, submission.value.intent);
    return { done: submission.value.intent };
  } catch (error) {
    if (error instanceof UserFacingError)
      return { reply: refusalReply(submission, refusalOf(error, "An applicant's step")) };
    const unavailable = unavailableRefusal(
      error,
      "An applicant's step",
      applicationMessages.failure,
    );
    return { reply: refusalReply(submission, unavailable) };
  }
}
