import { eq, sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { scholarships } from "~/db/schema";
import type { Reduction } from "~/features/intakes/payment-plans";

/**
 * Grants `reduction` on an application, with the reason staff keep; a later grant replaces it.
 * The caller prices the schedule again (repriceSchedule) in the same transaction.
 */
export async function grantScholarship(
  tx: Transaction,
  applicationId: string,
  reduction: Reduction,
  reason: string,
  adminId: string,
) {
  const values = {
    percent: "percent" in reduction ? reduction.percent : null,
    amount: "amountKobo" in reduction ? reduction.amountKobo : null,
    reason,
    grantedBy: adminId,
  };
  await tx
    .insert(scholarships)
    .values({ applicationId, ...values })
    .onConflictDoUpdate({
      target: scholarships.applicationId,
      set: { ...values, updatedAt: sql`now()` },
    });
}

/** An application's scholarship with its reason, for staff; null when none was granted. */
export async function scholarshipOf(tx: Transaction, applicationId: string) {
  const [row] = await tx
    .select()
    .from(scholarships)
    .where(eq(scholarships.applicationId, applicationId));
  return row ?? null;
}
