import { asc, inArray, or, type SQL, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import { accountTransfers, applications, transferAccounts } from "~/db/schema";

/** Transfer accounts and transfers in a person's data export, and what an erasure does to them. */

/** The accounts of the applications' addresses (an account is per address, not per place). */
const accountsOf = (applicationIds: string[]): SQL =>
  inArray(
    transferAccounts.email,
    db()
      .select({ email: sql<string>`lower(${applications.email})` })
      .from(applications)
      .where(inArray(applications.id, applicationIds)),
  );

/** The transfers on the applications, or into their accounts (those no place was told for too). */
const transfersOf = (applicationIds: string[]): SQL =>
  or(
    inArray(accountTransfers.applicationId, applicationIds),
    inArray(
      accountTransfers.accountId,
      db()
        .select({ id: transferAccounts.id })
        .from(transferAccounts)
        .where(accountsOf(applicationIds)),
    ),
  ) as SQL;

export async function transferRecords(applicationIds: string[]) {
  if (applicationIds.length === 0) return { transferAccounts: [], transfers: [] };
  const [accounts, transfers] = await Promise.all([
    db()
      .select({
        email: transferAccounts.email,
        bankName: transferAccounts.bankName,
        accountName: transferAccounts.accountName,
        accountNumber: transferAccounts.accountNumber,
        status: transferAccounts.status,
        createdAt: transferAccounts.createdAt,
      })
      .from(transferAccounts)
      .where(accountsOf(applicationIds)),
    db()
      .select({
        applicationId: accountTransfers.applicationId,
        reference: accountTransfers.gatewayReference,
        amountKobo: accountTransfers.amount,
        senderName: accountTransfers.senderName,
        senderBank: accountTransfers.senderBank,
        receivedAt: accountTransfers.receivedAt,
        state: accountTransfers.state,
        appliedKobo: accountTransfers.appliedAmount,
        refundedKobo: accountTransfers.refundedAmount,
      })
      .from(accountTransfers)
      .where(transfersOf(applicationIds))
      .orderBy(asc(accountTransfers.receivedAt)),
  ]);
  return { transferAccounts: accounts, transfers };
}

/**
 * An erasure: the transfers stay (money on record) without the payer's name, bank or staff's
 * note; the account stays (Paystack holds it) without the address or the name on it, so no
 * later sweep or transfer finds the person by it. Run before the applications lose their
 * addresses, which find the accounts.
 */
export async function eraseTransferPeople(tx: Transaction, applicationIds: string[]) {
  if (applicationIds.length === 0) return;
  await tx
    .update(accountTransfers)
    .set({ senderName: null, senderBank: null, staffNote: null, updatedAt: new Date() })
    .where(transfersOf(applicationIds));
  await tx
    .update(transferAccounts)
    .set({
      email: sql`'erased-' || ${transferAccounts.id}::text || '@erased.invalid'`,
      accountName: null,
      updatedAt: new Date(),
    })
    .where(accountsOf(applicationIds));
}
