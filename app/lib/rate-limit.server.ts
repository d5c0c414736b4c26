import { lt, sql } from "drizzle-orm";
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

/**
 * Counts one attempt against `rule` for `subject` (an address, an e-mail) in a fixed window
 * stored in PostgreSQL, so every app process shares the same counters. One atomic statement:
 * concurrent attempts never both slip under the limit.
 */
export async function hitRateLimit(
  rule: RateLimitRule,
  subject: string,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const key = `${rule.name}:${subject.toLowerCase()}`;
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
    .returning({ count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt });

  if (Math.random() < 0.01) void pruneRateLimits(now).catch(() => {});

  if (!row) throw new Error("Rate limit counter was not written");
  if (row.count <= rule.limit) return { allowed: true, remaining: rule.limit - row.count };
  const resetAt = row.windowStartedAt.getTime() + rule.windowMs;
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000)),
  };
}

/** Forgets the attempts of `subject`, e.g. after a successful sign-in. */
export async function resetRateLimit(rule: RateLimitRule, subject: string) {
  await db()
    .delete(rateLimits)
    .where(sql`${rateLimits.key} = ${`${rule.name}:${subject.toLowerCase()}`}`);
}

/** Removes counters whose window ended more than a day ago. */
export async function pruneRateLimits(now: Date = new Date()) {
  await db()
    .delete(rateLimits)
    .where(lt(rateLimits.windowStartedAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
}
