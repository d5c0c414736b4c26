import { and, asc, eq, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { db, type Transaction } from "~/db/client.server";
import { applications, intakes, type TransferAccount, transferAccounts } from "~/db/schema";
import { placePayingStatuses } from "~/features/applications/application-rules";
import { defineJob } from "~/features/jobs/define-job.server";
import { env } from "~/lib/infra/env.server";
import { logger } from "~/lib/infra/logger.server";
import { PaystackRefusedError, paystackGateway } from "../gateway/paystack.server";

/*
 * Each accepted applicant's own account number for bank transfers (Paystack's Dedicated Virtual
 * Accounts, decision 0078), where PAYSTACK_DEDICATED_ACCOUNT_BANK says which bank: one account
 * per e-mail address, as Paystack keeps one customer per address. A sweep each minute asks
 * Paystack for the accounts of accepted places that have none, so accepting a place never waits
 * on Paystack and an account Paystack could not make yet is asked for again.
 */

/** The bank of applicants' own accounts, or null when the academy has none. */
export function dedicatedAccountBank() {
  const { PAYSTACK_DEDICATED_ACCOUNT_BANK: bank, PAYSTACK_SECRET_KEY: secretKey } = env();
  return bank && secretKey ? bank : null;
}

const SWEEP_SIZE = 25;
/** An account asked for this long ago and not made (Paystack did not answer) is asked again. */
const RETRY_AFTER_MS = 60_000;

/** The account of `email`, whatever its state; null when none was asked for. */
export async function transferAccountOf(email: string): Promise<TransferAccount | null> {
  const [account] = await db()
    .select()
    .from(transferAccounts)
    .where(eq(transferAccounts.email, email.trim().toLowerCase()));
  return account ?? null;
}

/** A place being paid for: accepted or enrolled, its intake not cancelled. */
const placeBeingPaid = () =>
  and(inArray(applications.status, [...placePayingStatuses]), ne(intakes.status, "cancelled"));

/** The places `email`'s owner is paying for, oldest first. */
export function placesPaidFor(reader: Pick<Transaction, "select">, email: string) {
  return reader
    .select({ id: applications.id, paymentPlan: applications.paymentPlan })
    .from(applications)
    .innerJoin(intakes, eq(intakes.id, applications.intakeId))
    .where(and(sql`lower(${applications.email}) = ${email.trim().toLowerCase()}`, placeBeingPaid()))
    .orderBy(asc(applications.createdAt));
}

/** Up to SWEEP_SIZE people with an accepted place who have no account, or whose asking stalled. */
async function peopleToAsk(now: Date) {
  const email = sql<string>`lower(${applications.email})`;
  return db()
    .selectDistinctOn([email], {
      email,
      fullName: applications.fullName,
      phone: applications.phone,
    })
    .from(applications)
    .innerJoin(intakes, eq(intakes.id, applications.intakeId))
    .leftJoin(transferAccounts, eq(transferAccounts.email, email))
    .where(
      and(
        placeBeingPaid(),
        or(
          isNull(transferAccounts.id),
          and(
            eq(transferAccounts.status, "requested"),
            lt(transferAccounts.updatedAt, new Date(now.getTime() - RETRY_AFTER_MS)),
          ),
        ),
      ),
    )
    .orderBy(email, asc(applications.createdAt))
    .limit(SWEEP_SIZE);
}

const nameParts = (fullName: string) => {
  const words = fullName.trim().split(/\s+/);
  const last = words.length > 1 ? (words.pop() ?? "") : "";
  return { firstName: words.join(" ") || fullName, lastName: last || "-" };
};

/**
 * Asks Paystack for the accounts the sweep found: the customer of each address (made or found),
 * then the account. A refusal is kept for staff ('failed', with Paystack's words, not asked
 * again); no answer leaves it asked for, tried again by a later sweep.
 */
export async function assignTransferAccounts(now = new Date()) {
  const bank = dedicatedAccountBank();
  if (!bank) return { assigned: 0, failed: 0 };
  const { PAYSTACK_SECRET_KEY: secretKey = "", PAYSTACK_BASE_URL: baseUrl } = env();
  const paystack = paystackGateway({ secretKey, baseUrl });
  let assigned = 0;
  let failed = 0;
  for (const person of await peopleToAsk(now)) {
    await db()
      .insert(transferAccounts)
      .values({ email: person.email })
      .onConflictDoUpdate({ target: transferAccounts.email, set: { updatedAt: now } });
    try {
      const { customerCode, account: held } = await paystack.customer({
        email: person.email,
        ...nameParts(person.fullName),
        phone: person.phone,
      });
      // An account made on an earlier try whose answer was lost is the one they have.
      const account =
        held ?? (await paystack.assignDedicatedAccount({ customerCode, preferredBank: bank }));
      await db()
        .update(transferAccounts)
        .set({ status: "assigned", customerCode, failure: null, ...account })
        .where(eq(transferAccounts.email, person.email));
      assigned += 1;
    } catch (error) {
      if (!(error instanceof PaystackRefusedError)) {
        logger.warn({ err: error }, "Paystack did not make a transfer account; asked again later");
        continue;
      }
      await db()
        .update(transferAccounts)
        .set({ status: "failed", failure: error.paystackMessage })
        .where(eq(transferAccounts.email, person.email));
      failed += 1;
    }
  }
  return { assigned, failed };
}

export const transferAccountSweepJob = defineJob({
  name: "transfer-account-sweep",
  payload: z.object({}),
  retry: { retryLimit: 0, expireInSeconds: 5 * 60 },
  schedule: "* * * * *",
  run: async () => {
    await assignTransferAccounts();
  },
});

/**
 * A sweep now rather than at the next minute, once a place is accepted: the applicant, back on
 * 'My application', sees their account number within seconds. At most one waits at a time.
 */
export async function sweepTransferAccountsSoon() {
  if (!dedicatedAccountBank()) return;
  await db().transaction((tx) =>
    transferAccountSweepJob.enqueue(tx, {}, { singletonKey: "accepted" }),
  );
}

/**
 * The applicant's own account number as 'My application' shows it: `ready` with its details,
 * `setting-up` while Paystack is asked; null where bank transfers go to the academy's account
 * with a proof (the feature off, Paystack refused, or someone paying for more than one place,
 * whose transfers could not be told apart).
 */
export async function ownAccountToShow(email: string) {
  if (!dedicatedAccountBank()) return null;
  const [account, places] = await Promise.all([
    transferAccountOf(email),
    placesPaidFor(db(), email),
  ]);
  if (places.length > 1 || account?.status === "failed") return null;
  if (account?.status === "assigned" && account.accountNumber && account.bankName)
    return {
      state: "ready" as const,
      bankName: account.bankName,
      accountName: account.accountName ?? "",
      accountNumber: account.accountNumber,
    };
  return { state: "setting-up" as const };
}
