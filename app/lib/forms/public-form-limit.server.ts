import {
  emailAddressSubject,
  type RateLimitRule,
  reserveRateLimits,
} from "~/lib/infra/rate-limit.server";

const TEN_MINUTES = 10 * 60 * 1000;

/**
 * The public forms' budgets (decision 0060). A network address is shared by many people behind
 * a mobile carrier's NAT, so it gets a flood's ceiling, not one person's budget; one person is an
 * e-mail address from one network address, so a stranger elsewhere typing someone's e-mail
 * address uses up nothing of theirs.
 */
export const publicFormAddressLimit: RateLimitRule = {
  name: "public-form",
  limit: 100,
  windowMs: TEN_MINUTES,
};
export const publicFormVisitorLimit: RateLimitRule = {
  name: "public-form-visitor",
  limit: 5,
  windowMs: TEN_MINUTES,
};

/** Counts one public form against both budgets; a refused one counts against neither. */
export function reservePublicForm(ipAddress: string | null, email: string) {
  const address = ipAddress ?? "unknown";
  return reserveRateLimits([
    { rule: publicFormAddressLimit, subject: address },
    { rule: publicFormVisitorLimit, subject: `${emailAddressSubject(email)}:${address}` },
  ]);
}
