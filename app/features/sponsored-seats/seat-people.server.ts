import { eq, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import { sponsoredSeats, sponsors } from "~/db/schema";

// What sponsored seats hold about a person, found by their e-mail address: a seat staff kept
// for them (their name and address), or the sponsor they are the contact of. For the personal
// data page's export and erasure.

const sameAddress = (
  column: typeof sponsoredSeats.assignedEmail | typeof sponsors.billingEmail,
  email: string,
) => sql`lower(${column}) = lower(${email})`;

export async function seatPeopleRecords(email: string | undefined) {
  if (!email) return { seatsKeptFor: [], sponsorContacts: [] };
  const [seatsKeptFor, sponsorContacts] = await Promise.all([
    db()
      .select({
        assignedName: sponsoredSeats.assignedName,
        assignedEmail: sponsoredSeats.assignedEmail,
        status: sponsoredSeats.status,
        usedAt: sponsoredSeats.usedAt,
      })
      .from(sponsoredSeats)
      .where(sameAddress(sponsoredSeats.assignedEmail, email)),
    db()
      .select({
        name: sponsors.name,
        contactName: sponsors.contactName,
        contactPhone: sponsors.contactPhone,
        billingEmail: sponsors.billingEmail,
      })
      .from(sponsors)
      .where(sameAddress(sponsors.billingEmail, email)),
  ]);
  return { seatsKeptFor, sponsorContacts };
}

/**
 * A seat kept for the person is kept for no one (its code still works, for anyone); a sponsor
 * they are the contact of keeps its name and invoices, without their name, phone or address.
 */
export async function eraseSeatPeople(
  tx: Transaction,
  email: string | undefined,
  erased: { name: string; address: (id: string) => string },
) {
  if (!email) return;
  await tx
    .update(sponsoredSeats)
    .set({ assignedName: null, assignedEmail: null })
    .where(sameAddress(sponsoredSeats.assignedEmail, email));
  const contacts = await tx
    .select({ id: sponsors.id })
    .from(sponsors)
    .where(sameAddress(sponsors.billingEmail, email));
  for (const { id } of contacts)
    await tx
      .update(sponsors)
      .set({ contactName: erased.name, contactPhone: null, billingEmail: erased.address(id) })
      .where(eq(sponsors.id, id));
}
