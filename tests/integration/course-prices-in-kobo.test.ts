import { describe, expect, it } from "vitest";
import { setupMigratedDatabase } from "../support/migrations";

/**
 * Migration 0014 moves course prices from whole Naira to kobo: a database with courses and
 * course history written before it keeps every amount, a hundred times larger, and the
 * non-negative rule still holds. Runs on PGlite and, in the "postgres" project, on a new
 * database at TEST_DATABASE_URL.
 */

describe("migration 0014: course prices in kobo", () => {
  const query = setupMigratedDatabase("0013_saved_reply_titles_any_case", async (run) => {
    await run(`
      INSERT INTO courses (id, slug, title, description, price, original_price) VALUES
        ('00000000-0000-4000-8000-000000000001', 'paid', 'Paid', 'A paid course', 250000, 300000),
        ('00000000-0000-4000-8000-000000000002', 'free', 'Free', 'A free course', 0, 0),
        ('00000000-0000-4000-8000-000000000003', 'top', 'Top', 'The dearest course', 100000000, 100000000)
    `);
    await run(`
      INSERT INTO course_changes (course_id, course_title, action, changes) VALUES
        ('00000000-0000-4000-8000-000000000001', 'Paid', 'updated',
         '{"price": {"from": 200000, "to": 250000}, "originalPrice": {"from": 0, "to": 300000}, "title": {"from": "Old", "to": "Paid"}}'),
        ('00000000-0000-4000-8000-000000000001', 'Paid', 'created', '{}')
    `);
  });

  it("keeps every price, in kobo, beyond what an integer holds", async () => {
    const { rows } = await query(
      "SELECT slug, price_kobo::text AS price, original_price_kobo::text AS original FROM courses ORDER BY slug",
    );
    expect(rows).toEqual([
      { slug: "free", price: "0", original: "0" },
      { slug: "paid", price: "25000000", original: "30000000" },
      // ₦100,000,000, the form's highest price, is 10,000,000,000 kobo.
      { slug: "top", price: "10000000000", original: "10000000000" },
    ]);
  });

  it("moves the prices the course history recorded to kobo, and nothing else", async () => {
    const { rows } = await query("SELECT action, changes FROM course_changes ORDER BY action DESC");
    expect(rows).toEqual([
      {
        action: "updated",
        changes: {
          price: { from: 20_000_000, to: 25_000_000 },
          originalPrice: { from: 0, to: 30_000_000 },
          title: { from: "Old", to: "Paid" },
        },
      },
      { action: "created", changes: {} },
    ]);
  });

  it("still refuses a negative price", async () => {
    await expect(query("UPDATE courses SET price_kobo = -1 WHERE slug = 'paid'")).rejects.toThrow(
      /courses_price_non_negative/,
    );
  });
});
