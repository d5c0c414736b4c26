import { and, eq, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { payments } from "~/db/schema";
import { applicationIdOfToken } from "~/features/applications/application-token.server";

/**
 * The payment `which` finds among those of the application a private link opens: its id, or
 * null when the link opens none or the payment is not theirs.
 */
export async function applicantPaymentId(token: string, which: SQL) {
  return db().transaction(async (tx) => {
    const applicationId = await applicationIdOfToken(tx, token);
    if (!applicationId) return null;
    const [row] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.applicationId, applicationId), which));
    return row?.id ?? null;
  });
}
