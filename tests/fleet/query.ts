import { randomBytes } from "node:crypto";
import pg from "pg";
import { hashApplicationToken } from "../../app/features/applications/application-token.server";

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

/**
 * `count` accepted applications on `intakeId`, written straight to the database (addresses
 * `<emailPrefix>-<n>@example.ng`), each with a private link to 'My application' of the check's
 * own: only the tokens' hashes are stored.
 */
export async function acceptedApplicants(
  url: string,
  intakeId: string,
  count: number,
  { fullName, emailPrefix }: { fullName: string; emailPrefix: string },
) {
  const accepted = await query<{ id: string }>(
    url,
    `INSERT INTO applications (intake_id, full_name, email, phone, experience_level, goals,
       heard_from, consent_given, status, accepted_at, answered_at)
     SELECT $1, $3, $4::text || '-' || n || '@example.ng',
       '+23480' || lpad(n::text, 8, '0'), 'Complete beginner', 'I want to build web apps.',
       'WhatsApp', true, 'accepted', now(), now()
       FROM generate_series(1, $2) AS n
     RETURNING id`,
    [intakeId, count, fullName, emailPrefix],
  );
  const tokens = accepted.map(() => randomBytes(32).toString("base64url"));
  await query(
    url,
    `INSERT INTO application_links (token_hash, application_id)
     SELECT * FROM unnest($1::text[], $2::uuid[])`,
    [tokens.map(hashApplicationToken), accepted.map((row) => row.id)],
  );
  return accepted.map((row, index) => ({ id: row.id, token: tokens[index] ?? "" }));
}
