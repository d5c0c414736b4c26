import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { courses, messages } from "~/db/schema";
import { publicPagesVersion } from "~/features/site/public-pages-version.server";
import { lagosToday } from "~/lib/format/dates";
import { messageRow } from "../support/inbox-fixtures";
import { setupTestDatabase } from "../support/test-database";

/**
 * The version public pages are kept under (server/public-page-cache.server.ts): every
 * statement that changes the courses moves it on (migration 0012's trigger), and so does
 * midnight in Lagos; nothing else does.
 */

const database = setupTestDatabase();

const course = (slug: string) => ({ slug, title: `Course ${slug}`, description: "About it" });

/** The version's first part, moved on by changes of the courses. */
async function contentVersion() {
  const version = await publicPagesVersion();
  const [number, day] = version.split("@");
  expect(day).toBe(lagosToday());
  return Number(number);
}

/** Expects `change` to move the content version on; returns the new one. */
async function expectMoved(change: () => Promise<unknown>) {
  const before = await contentVersion();
  await change();
  const after = await contentVersion();
  expect(after).toBeGreaterThan(before);
  return after;
}

beforeEach(async () => {
  const { db } = database();
  await db.delete(messages);
  await db.delete(courses);
  await db.insert(courses).values([course("ui-ux-design"), course("python-basics")]);
});

describe("the content part of the public pages' version", () => {
  it("moves on when a course is inserted, updated or deleted", async () => {
    const { db } = database();
    await expectMoved(() => db.insert(courses).values(course("data-analysis")));
    await expectMoved(() =>
      db.update(courses).set({ title: "UI/UX Design" }).where(eq(courses.slug, "ui-ux-design")),
    );
    await expectMoved(() =>
      db.update(courses).set({ isActive: false }).where(eq(courses.slug, "python-basics")),
    );
    await expectMoved(() => db.delete(courses).where(eq(courses.slug, "data-analysis")));
  });

  it("moves on when the courses are truncated", async () => {
    await expectMoved(() => database().db.execute(sql`truncate table courses cascade`));
  });

  it("moves on once per statement, however many courses it changes", async () => {
    const before = await contentVersion();
    await database().db.update(courses).set({ rating: 4.5 });
    expect(await contentVersion()).toBe(before + 1);
  });

  it("stays when a change of the courses is rolled back", async () => {
    const before = await contentVersion();
    await expect(
      database().db.transaction(async (tx) => {
        await tx.update(courses).set({ title: "Renamed" });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await contentVersion()).toBe(before);
  });

  it("stays when other tables change: a visitor's message is not on any public page", async () => {
    const { db } = database();
    const before = await contentVersion();
    const [message] = await db.insert(messages).values(messageRow()).returning();
    await db
      .update(messages)
      .set({ status: "read" })
      .where(eq(messages.id, message?.id ?? ""));
    await db.delete(messages);
    expect(await contentVersion()).toBe(before);
  });
});

describe("the date part of the public pages' version", () => {
  it("changes at midnight in Lagos (23:00 UTC), the content part staying", async () => {
    const beforeMidnight = await publicPagesVersion(new Date("2026-11-22T22:59:59Z"));
    const afterMidnight = await publicPagesVersion(new Date("2026-11-22T23:00:00Z"));
    const number = String(await contentVersion());
    expect(beforeMidnight).toBe(`${number}@2026-11-22`);
    expect(afterMidnight).toBe(`${number}@2026-11-23`);
  });
});
