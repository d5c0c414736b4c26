import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { hitRateLimit, type RateLimitRule, resetRateLimit } from "~/lib/rate-limit.server";
import { createTestDatabase } from "../support/test-database";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

beforeEach(async () => {
  await handle.db.delete(rateLimits);
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
    const rows = await handle.db.select().from(rateLimits);
    expect(rows).toEqual([{ key: "test-form:10.0.0.1", count: 4, windowStartedAt: T0 }]);
  });

  it("starts a new window once the window has passed", async () => {
    await hits(3, "10.0.0.1", T0);
    expect((await hitRateLimit(rule, "10.0.0.1", at(59_000))).allowed).toBe(false);
    expect(await hitRateLimit(rule, "10.0.0.1", at(60_000))).toEqual({
      allowed: true,
      remaining: 2,
    });
    const [row] = await handle.db
      .select()
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
    const [row] = await handle.db
      .select()
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
    expect(await handle.db.select().from(rateLimits)).toEqual([]);
  });
});
