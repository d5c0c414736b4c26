import pg from "pg";

/** One statement on its own connection, for the checks that read or prepare the database. */
export async function query<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values?: unknown[],
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A course with one open intake of `seats` places at ₦250,000, starting in a month, written
 * straight to the database: admitted as `admissionMode` says, paid by the plans `paymentPlans`.
 */
export async function openFleetIntake(
  url: string,
  name: string,
  {
    seats,
    admissionMode = "reviewed",
    paymentPlans = ["full"],
  }: { seats: number; admissionMode?: "reviewed" | "first-come"; paymentPlans?: string[] },
) {
  const [intake] = await query<{ id: string }>(
    url,
    `WITH course AS (
       INSERT INTO courses (slug, title, description, is_active)
       VALUES ($1, $2, 'A course the fleet check uses.', true)
       RETURNING id)
     INSERT INTO intakes (course_id, label, starts_on, ends_on, seats, enrolment_closes_at,
       price_kobo, status, admission_mode, payment_plans)
     SELECT id, $3, current_date + 31, current_date + 90, $4, now() + interval '30 days',
       25000000, 'open', $5, $6::payment_plan_kind[]
       FROM course
     RETURNING id`,
    [
      `fleet-${name}-${Date.now().toString(36)}`,
      `Fleet ${name} course`,
      `Fleet ${name} intake`,
      seats,
      admissionMode,
      paymentPlans,
    ],
  );
  if (!intake) throw new Error(`The ${name} intake was not made`);
  return intake.id;
}
