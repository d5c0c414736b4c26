import { type Database, db, type Transaction } from "~/db/client.server";
import { type Admin, certificateSignatory } from "~/db/schema";
import type { SignatoryInput } from "./certificate-schema";

/** Who signs the certificates, set by a super admin in Settings (one row). */

export async function signatoryOf(reader: Database | Transaction = db()) {
  const [row] = await reader
    .select({ name: certificateSignatory.name, title: certificateSignatory.title })
    .from(certificateSignatory);
  return row ?? null;
}

export async function saveSignatory(actor: Pick<Admin, "id">, input: SignatoryInput) {
  const values = {
    name: input.signatoryName,
    title: input.signatoryTitle,
    updatedBy: actor.id,
    updatedAt: new Date(),
  };
  await db()
    .insert(certificateSignatory)
    .values({ id: true, ...values })
    .onConflictDoUpdate({ target: certificateSignatory.id, set: values });
}
