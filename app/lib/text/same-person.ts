import { type AnyColumn, or, type SQL, sql } from "drizzle-orm";
import { phoneDigits } from "./phone-format";

/*
 * One person across the tables that hold contact details (messages, applications): the same
 * e-mail address in any case, or the same last ten digits of a phone number. The expressions
 * must stay identical to each table's `*_email_lower_idx` and `*_phone_digits_idx`, or
 * PostgreSQL cannot use them and reads the whole table.
 */

export const emailKey = (email: AnyColumn) => sql`lower(${email})`;
export const phoneKey = (phone: AnyColumn) =>
  sql`right(regexp_replace(${phone}, '[^0-9]', '', 'g'), 10)`;

/** Rows of a table whose address or phone is the person's; false when neither is given. */
export function samePerson(
  columns: { email: AnyColumn; phone: AnyColumn },
  person: { email?: string | null; phone?: string | null },
): SQL {
  const digits = phoneDigits(person.phone);
  return (
    or(
      person.email ? sql`${emailKey(columns.email)} = lower(${person.email})` : undefined,
      digits ? sql`${phoneKey(columns.phone)} = ${digits}` : undefined,
    ) ?? sql`false`
  );
}
