import { describe, expect, it } from "vitest";
import { setupMigratedDatabase } from "../support/migrations";

/**
 * Migration 0016: every start date a course listed becomes an intake, so nothing a visitor saw
 * disappears; the course's own facts fill in the rest, and the bare dates go. Runs on PGlite
 * and, in the "postgres" project, on a new database at TEST_DATABASE_URL.
 */

describe("migration 0016: start dates become intakes", () => {
  const query = setupMigratedDatabase("0014_course_prices_in_kobo", async (run) => {
    await run(`
      INSERT INTO courses (id, slug, title, description, price_kobo, duration, schedule, format,
        location, class_size, start_dates) VALUES
        ('00000000-0000-4000-8000-000000000001', 'web', 'Web', 'Web development', 25000000,
         '12 weeks', 'Mon, Wed 6-9 pm', 'In-person only', 'Yaba, Lagos', '5-10 students',
         ARRAY['2099-01-11', '2000-01-10']::date[]),
        ('00000000-0000-4000-8000-000000000002', 'data', 'Data', 'Data science', 0,
         'Self-paced', NULL, 'Online only', NULL, NULL, ARRAY['2099-03-01']::date[]),
        ('00000000-0000-4000-8000-000000000003', 'none', 'None', 'No dates yet', 0,
         NULL, NULL, NULL, NULL, NULL, '{}')
    `);
  });

  it("makes one intake per start date, open ahead and closed behind, from the course's facts", async () => {
    const { rows } = await query(`
      SELECT c.slug, i.label, i.starts_on::text AS starts, i.ends_on::text AS ends, i.class_times,
        i.mode::text AS mode, i.location, i.seats, i.price_kobo::text AS price, i.status::text AS status,
        i.enrolment_closes_at = (i.starts_on::timestamp AT TIME ZONE 'Africa/Lagos') - interval '1 minute' AS closes_on_the_eve
      FROM intakes i JOIN courses c ON c.id = i.course_id ORDER BY c.slug, i.starts_on`);
    expect(rows).toEqual([
      {
        slug: "data",
        label: "March 2099",
        starts: "2099-03-01",
        ends: "2099-03-01",
        class_times: null,
        mode: "online",
        location: null,
        seats: 20,
        price: "0",
        status: "open",
        closes_on_the_eve: true,
      },
      {
        slug: "web",
        label: "January 2000",
        starts: "2000-01-10",
        ends: "2000-04-02",
        class_times: "Mon, Wed 6-9 pm",
        mode: "in-person",
        location: "Yaba, Lagos",
        seats: 10,
        price: "25000000",
        status: "closed",
        closes_on_the_eve: true,
      },
      {
        slug: "web",
        label: "January 2099",
        starts: "2099-01-11",
        ends: "2099-04-04",
        class_times: "Mon, Wed 6-9 pm",
        mode: "in-person",
        location: "Yaba, Lagos",
        seats: 10,
        price: "25000000",
        status: "open",
        closes_on_the_eve: true,
      },
    ]);
  });

  it("drops the bare dates from the courses", async () => {
    const { rows } = await query(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'courses' AND column_name = 'start_dates'",
    );
    expect(rows).toEqual([]);
  });
});
