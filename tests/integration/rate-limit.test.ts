import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { rateLimits } from "~/db/schema";
import {
  hitRateLimit,
  type RateLimitRule,
  reserveRateLimits,
  resetRateLimit,
} from "~/lib/infra/rate-limit.server";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();

beforeEach(async () => {
  await database().db.delete(rateLimits);
});

const rule: RateLimitRule = { name: "test-form", limit: 3, windowMs: 60_000 };
const T0 = new Date("2026-03-01T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

async function hits(count: number, subject: string, now: Date, limitRule = rule) {
  const results = [];
  for (let index = 0; index < count; index += 1) {
    results.push(await hitRateLimit(limitRule, subject, now));
  }
  return results;
}

describe("hitRateLimit", () => {
  it("allows up to the limit in one window, counting down what remains", async () => {
    expect(await hits(3, "10.0.0.1", T0)).toEqual([
      { allowed: true, remaining: 2 },
      { allowed: true, remaining: 1 },
      { allowed: true, remaining: 0 },
    ]);
  });

  it("refuses once the count exceeds the limit, with the seconds left in the window", async () => {
    await hits(3, "10.0.0.1", T0);
    expect(await hitRateLimit(rule, "10.0.0.1", at(1_000))).toEqual({
      allowed: false,
      retryAfterSeconds: 59,
    });
    expect(await hitRateLimit(rule, "10.0.0.1", at(20_500))).toEqual({
      allowed: false,
      retryAfterSeconds: 40, // 39.5 s rounded up
    });
    expect(await hitRateLimit(rule, "10.0.0.1", at(59_999))).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
  });

  it("stores one counter per rule and subject", async () => {
    await hits(4, "10.0.0.1", T0);
    const rows = await database().db.select().from(rateLimits);
    expect(rows).toEqual([{ key: "test-form:10.0.0.1", count: 4, windowStartedAt: T0 }]);
  });

  it("starts a new window once the window has passed", async () => {
    await hits(3, "10.0.0.1", T0);
    expect((await hitRateLimit(rule, "10.0.0.1", at(59_000))).allowed).toBe(false);
    expect(await hitRateLimit(rule, "10.0.0.1", at(60_000))).toEqual({
      allowed: true,
      remaining: 2,
    });
    const [row] = await database()
      .db.select()
      .from(rateLimits)
      .where(eq(rateLimits.key, "test-form:10.0.0.1"));
    expect(row).toMatchObject({ count: 1, windowStartedAt: at(60_000) });
  });

  it("lets the new window start at the first hit after the old one, not on a fixed grid", async () => {
    await hitRateLimit(rule, "10.0.0.1", T0);
    // 90 s later: a new window starting at 90 s, which lasts until 150 s.
    expect(await hits(3, "10.0.0.1", at(90_000))).toEqual([
      { allowed: true, remaining: 2 },
      { allowed: true, remaining: 1 },
      { allowed: true, remaining: 0 },
    ]);
    expect(await hitRateLimit(rule, "10.0.0.1", at(140_000))).toEqual({
      allowed: false,
      retryAfterSeconds: 10,
    });
    expect((await hitRateLimit(rule, "10.0.0.1", at(150_000))).allowed).toBe(true);
  });

  it("keeps subjects apart", async () => {
    await hits(4, "10.0.0.1", T0);
    expect(await hitRateLimit(rule, "10.0.0.2", T0)).toEqual({ allowed: true, remaining: 2 });
    expect((await hitRateLimit(rule, "10.0.0.1", T0)).allowed).toBe(false);
  });

  it("keeps rules apart for the same subject", async () => {
    const other: RateLimitRule = { name: "other-form", limit: 1, windowMs: 60_000 };
    await hits(4, "10.0.0.1", T0);
    expect(await hitRateLimit(other, "10.0.0.1", T0)).toEqual({ allowed: true, remaining: 0 });
    expect(await hitRateLimit(other, "10.0.0.1", T0)).toEqual({
      allowed: false,
      retryAfterSeconds: 60,
    });
  });

  it("treats subjects without regard to case", async () => {
    await hits(3, "Visitor@Example.com", T0);
    expect((await hitRateLimit(rule, "visitor@example.com", T0)).allowed).toBe(false);
  });

  it("counts concurrent hits atomically: 20 at once with limit 5 let exactly 5 through", async () => {
    const five: RateLimitRule = { name: "burst", limit: 5, windowMs: 60_000 };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => hitRateLimit(five, "203.0.113.9", T0)),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
    const remaining = results.flatMap((result) => (result.allowed ? [result.remaining] : []));
    expect(remaining.sort()).toEqual([0, 1, 2, 3, 4]);
    for (const result of results.filter((result) => !result.allowed)) {
      expect(result).toEqual({ allowed: false, retryAfterSeconds: 60 });
    }
    const [row] = await database()
      .db.select()
      .from(rateLimits)
      .where(eq(rateLimits.key, "burst:203.0.113.9"));
    expect(row?.count).toBe(20);
  });
});

describe("resetRateLimit", () => {
  it("forgets the attempts of one subject only", async () => {
    await hits(4, "10.0.0.1", T0);
    await hits(4, "10.0.0.2", T0);
    await resetRateLimit(rule, "10.0.0.1");
    expect(await hitRateLimit(rule, "10.0.0.1", at(1_000))).toEqual({
      allowed: true,
      remaining: 2,
    });
    expect((await hitRateLimit(rule, "10.0.0.2", at(1_000))).allowed).toBe(false);
  });

  it("matches the subject without regard to case", async () => {
    await hits(4, "Someone@Example.com", T0);
    await resetRateLimit(rule, "SOMEONE@example.COM");
    expect(await database().db.select().from(rateLimits)).toEqual([]);
  });
});

describe("reserveRateLimits", () => {
  const five: RateLimitRule = { name: "guesses", limit: 5, windowMs: 60_000 };
  const two: RateLimitRule = { name: "stuffing", limit: 2, windowMs: 60_000 };
  const counts = async () =>
    Object.fromEntries(
      (await database().db.select().from(rateLimits)).map((row) => [row.key, row.count]),
    );

  it("counts a kept attempt in every check; a released one in none", async () => {
    const checks = [
      { rule: five, subject: "ada@academy.test" },
      { rule: two, subject: "10.0.0.1" },
    ];
    const kept = await reserveRateLimits(checks, T0);
    const released = await reserveRateLimits(checks, T0);
    expect(kept.allowed && released.allowed).toBe(true);
    await released.release?.();
    expect(await counts()).toEqual({ "guesses:ada@academy.test": 1, "stuffing:10.0.0.1": 1 });
  });

  it("refuses when any check is over its limit, with the longest wait, and counts nothing", async () => {
    await hits(2, "10.0.0.1", T0, two);
    await hitRateLimit(five, "ada@academy.test", at(30_000));
    const refused = await reserveRateLimits(
      [
        { rule: five, subject: "ada@academy.test" },
        { rule: two, subject: "10.0.0.1" },
      ],
      at(40_000),
    );
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 20 });
    expect(await counts()).toEqual({ "guesses:ada@academy.test": 1, "stuffing:10.0.0.1": 2 });
  });

  it("holds places while attempts run: 20 at once with limit 5 let exactly 5 through", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        reserveRateLimits([{ rule: five, subject: "203.0.113.9" }], T0),
      ),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
    expect(await counts()).toEqual({ "guesses:203.0.113.9": 5 });
    // Taking places back frees them for new attempts.
    const allowed = results.filter((result) => result.allowed);
    await Promise.all(allowed.slice(0, 2).map((result) => result.release()));
    expect(await counts()).toEqual({ "guesses:203.0.113.9": 3 });
    expect((await reserveRateLimits([{ rule: five, subject: "203.0.113.9" }], T0)).allowed).toBe(
      true,
    );
  });

  it("a release after the window restarted leaves the new window's count alone", async () => {
    const early = await reserveRateLimits([{ rule: five, subject: "10.0.0.1" }], T0);
    await hitRateLimit(five, "10.0.0.1", at(60_000));
    await early.release?.();
    expect(await counts()).toEqual({ "guesses:10.0.0.1": 1 });
  });
});
