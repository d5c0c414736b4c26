import { createHash } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { rateLimits } from "~/db/schema";

export type RateLimitRule = {
  /** Name of the limited action, e.g. `public-form`. */
  name: string;
  limit: number;
  windowMs: number;
};

export type RateLimitResult =
  | { allowed: true; remaining: number }
  | { allowed: false; retryAfterSeconds: number };

type Counter = { key: string; count: number; windowStartedAt: Date };

/** An e-mail address as a limit's subject: hashed, so the limits table holds no e-mail address. */
export const emailAddressSubject = (email: string) =>
  createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");

const keyOf = (rule: RateLimitRule, subject: string) => `${rule.name}:${subject.toLowerCase()}`;

/**
 * Counts one attempt against `rule` for `subject` (an address, an e-mail) in a fixed window
 * stored in PostgreSQL, so every app process shares the same counters. One atomic statement:
 * concurrent attempts never both slip under the limit.
 */
async function count(rule: RateLimitRule, subject: string, now: Date): Promise<Counter> {
  const key = keyOf(rule, subject);
  const windowStart = new Date(now.getTime() - rule.windowMs);
  const [row] = await db()
    .insert(rateLimits)
    .values({ key, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz
          THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${rateLimits.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz
          THEN ${now.toISOString()}::timestamptz ELSE ${rateLimits.windowStartedAt} END`,
      },
    })
    .returning();

  if (Math.random() < 0.01) void pruneRateLimits(now).catch(() => {});

  if (!row) throw new Error("Rate limit counter was not written");
  return row;
}

function resultOf(rule: RateLimitRule, counter: Counter, now: Date): RateLimitResult {
  if (counter.count <= rule.limit) return { allowed: true, remaining: rule.limit - counter.count };
  const resetAt = counter.windowStartedAt.getTime() + rule.windowMs;
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000)),
  };
}

/** Counts one attempt against `rule` for `subject`: refused once the count passes the limit. */
export async function hitRateLimit(
  rule: RateLimitRule,
  subject: string,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  return resultOf(rule, await count(rule, subject, now), now);
}

export type RateLimitCheck = { rule: RateLimitRule; subject: string };

export type Reservation =
  | { allowed: true; release: () => Promise<void> }
  | { allowed: false; retryAfterSeconds: number; release?: never };

/**
 * Counts one attempt against every check at once, provisionally, for actions where only some
 * outcomes should count (e.g. only failed sign-ins). The attempt holds its place in each
 * counter while it runs, so concurrent attempts cannot slip past a limit (no read-then-write
 * race); `release()` takes it back when the outcome should not count. A refused attempt
 * takes its places back at once: it tested nothing.
 */
export async function reserveRateLimits(
  checks: RateLimitCheck[],
  now: Date = new Date(),
): Promise<Reservation> {
  const counters = await Promise.all(checks.map((check) => count(check.rule, check.subject, now)));
  const release = async () => {
    await Promise.all(counters.map(uncount));
  };
  const refusals = checks.flatMap((check, index) => {
    const result = resultOf(check.rule, counters[index] as Counter, now);
    return result.allowed ? [] : [result.retryAfterSeconds];
  });
  if (refusals.length === 0) return { allowed: true, release };
  await release();
  return { allowed: false, retryAfterSeconds: Math.max(...refusals) };
}

/** Takes back one counted attempt, unless its window has since been restarted or cleared. */
async function uncount(counter: Counter) {
  await db()
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(
      and(
        eq(rateLimits.key, counter.key),
        eq(rateLimits.windowStartedAt, counter.windowStartedAt),
        gt(rateLimits.count, 0),
      ),
    );
}

/** Forgets the attempts of `subject`, e.g. after a successful sign-in. */
export async function resetRateLimit(rule: RateLimitRule, subject: string) {
  await db()
    .delete(rateLimits)
    .where(eq(rateLimits.key, keyOf(rule, subject)));
}

/** Removes counters whose window ended more than a day ago. */
async function pruneRateLimits(now: Date = new Date()) {
  await db()
    .delete(rateLimits)
    .where(lt(rateLimits.windowStartedAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
}
