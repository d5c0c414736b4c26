import { type AnyColumn, and, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import {
  applications,
  type DiscountCode,
  discountCodeIntakes,
  discountCodes,
  discountRedemptions,
  intakes,
  payments,
  placeHoldingStatuses,
  scholarships,
} from "~/db/schema";
import type { PriceReductions, Reduction } from "~/features/intakes/payment-plans";
import { seatSponsorOf } from "~/features/sponsored-seats/seats.server";
import { UserFacingError } from "~/lib/errors";
import { lagosToday } from "~/lib/format/dates";
import { discountMessages as messages } from "./discount-messages";

/** A code's money off, as priceBuildUp takes it. */
export const reductionOf = (row: { percent: number | null; amount: number | null }): Reduction =>
  row.percent !== null ? { percent: row.percent } : { amountKobo: row.amount ?? 0 };

/** The code as entered, as codes are kept and compared: trimmed, upper case. */
export const normaliseCode = (entered: string) => entered.trim().toUpperCase();

type Applicant = { id: string; intakeId: string; email: string };

/**
 * A redemption that uses the code up: redeemed, for a place still held (its intake not
 * cancelled) or one money was paid for. A place given up before any payment (withdrawn, or its
 * intake cancelled) gives its use back, as removing the code does.
 */
const countsAsUse = () =>
  and(
    isNotNull(discountRedemptions.redeemedAt),
    sql`(exists (select 1 from ${applications} join ${intakes} on ${intakes.id} = ${applications.intakeId}
        where ${applications.id} = ${discountRedemptions.applicationId}
          and ${applications.status} in (${sql.join(
            placeHoldingStatuses.map((status) => sql`${status}`),
            sql`, `,
          )})
          and ${intakes.status} <> 'cancelled')
      or exists (select 1 from ${payments} where ${payments.applicationId} = ${discountRedemptions.applicationId}
          and ${payments.status} = 'paid'))`,
  );

/**
 * Why `code` cannot price `applicant`'s place today (Lagos), or null: it is deactivated, out of
 * its dates, not for the intake, or used up in all or by this person. Uses are redeemed ones,
 * not counting the applicant's own.
 */
async function refusalOf(
  tx: Transaction,
  code: DiscountCode,
  applicant: Applicant,
  today: string,
): Promise<string | null> {
  if (code.deactivatedAt) return messages.deactivated;
  if (code.validFrom && today < code.validFrom) return messages.notYet;
  if (code.validUntil && today > code.validUntil) return messages.expired;
  if (!code.allIntakes) {
    const [listed] = await tx
      .select({ codeId: discountCodeIntakes.codeId })
      .from(discountCodeIntakes)
      .where(
        and(
          eq(discountCodeIntakes.codeId, code.id),
          eq(discountCodeIntakes.intakeId, applicant.intakeId),
        ),
      );
    if (!listed) return messages.otherIntake;
  }
  const [uses] = await tx
    .select({
      all: count(),
      byPerson:
        sql<number>`count(*) filter (where ${discountRedemptions.email} = ${applicant.email.toLowerCase()})`.mapWith(
          Number,
        ),
    })
    .from(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.codeId, code.id),
        countsAsUse(),
        sql`${discountRedemptions.applicationId} <> ${applicant.id}`,
      ),
    );
  if (code.useLimit !== null && (uses?.all ?? 0) >= code.useLimit) return messages.usedUp;
  if ((uses?.byPerson ?? 0) >= code.perPersonLimit) return messages.usedByPerson;
  return null;
}

/**
 * Puts `entered` on an application: refused, on the form's `field`, when the application has one
 * already or the code cannot be used by it today. Entered is not yet redeemed: redeemEnteredCode
 * counts the use when the code prices a schedule.
 */
export async function enterCode(
  tx: Transaction,
  applicant: Applicant,
  entered: string,
  now = new Date(),
  field = "code",
) {
  const [code] = await tx
    .select()
    .from(discountCodes)
    .where(eq(sql`upper(${discountCodes.code})`, normaliseCode(entered)));
  if (!code) throw new UserFacingError(messages.unknownCode, 400, field);
  const refusal = await refusalOf(tx, code, applicant, lagosToday(now));
  if (refusal) throw new UserFacingError(refusal, 409, field);
  const [inserted] = await tx
    .insert(discountRedemptions)
    .values({ applicationId: applicant.id, codeId: code.id, email: applicant.email.toLowerCase() })
    .onConflictDoNothing()
    .returning({ codeId: discountRedemptions.codeId });
  if (!inserted) throw new UserFacingError(messages.alreadyApplied, 409, field);
  return code;
}

/** Takes the code off an application (its use, if redeemed, is given back); the code removed. */
export async function removeCode(tx: Transaction, applicationId: string) {
  const [removed] = await tx
    .delete(discountRedemptions)
    .where(eq(discountRedemptions.applicationId, applicationId))
    .returning({ codeId: discountRedemptions.codeId });
  if (!removed) throw new UserFacingError(messages.noCodeApplied, 409);
  const [code] = await tx
    .select({ code: discountCodes.code })
    .from(discountCodes)
    .where(eq(discountCodes.id, removed.codeId));
  return code?.code ?? "";
}

/**
 * Counts the use of the code entered on an application, if not yet counted, as it prices a
 * schedule: the code's row is locked, so that every process redeeming it takes its turn and its
 * limits hold however many redeem at once (the caller holds the application's lock first, the
 * order money-locks.server.ts keeps). Refused when the code can no longer be used: used up by
 * others since it was entered, deactivated or out of its dates.
 */
export async function redeemEnteredCode(tx: Transaction, applicant: Applicant, now = new Date()) {
  const [entered] = await tx
    .select()
    .from(discountRedemptions)
    .where(eq(discountRedemptions.applicationId, applicant.id));
  if (!entered || entered.redeemedAt) return;
  const [code] = await tx
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.id, entered.codeId))
    .for("update");
  if (!code) return;
  const refusal = await refusalOf(tx, code, applicant, lagosToday(now));
  if (refusal)
    throw new UserFacingError(
      refusal === messages.usedUp ? messages.usedUpSinceEntered : refusal,
      409,
    );
  await tx
    .update(discountRedemptions)
    .set({ redeemedAt: now })
    .where(eq(discountRedemptions.applicationId, applicant.id));
}

/**
 * What lowers `applicant`'s price as it would be charged today: reductionsOf, less a code
 * entered but not yet redeemed that can no longer be used (expired, deactivated, used up), which
 * comes back with why, for the page to say so instead of showing a price it would refuse.
 */
export async function chargeableReductionsOf(
  tx: Transaction,
  applicant: Applicant,
  now = new Date(),
): Promise<{ reductions: PriceReductions; refused: { code: string; reason: string } | null }> {
  const { entered, reductions } = await readReductions(tx, applicant.id);
  if (!entered || entered.redeemedAt) return { reductions, refused: null };
  const reason = await refusalOf(tx, entered.code, applicant, lagosToday(now));
  return reason
    ? { reductions: { ...reductions, code: null }, refused: { code: entered.code.code, reason } }
    : { reductions, refused: null };
}

/** What lowers an application's price: its code (entered or redeemed) and its scholarship. */
export async function reductionsOf(
  tx: Pick<Transaction, "select">,
  applicationId: string,
): Promise<PriceReductions> {
  return (await readReductions(tx, applicationId)).reductions;
}

/** The code on an application (with when it was redeemed) and its reductions, read once. */
async function readReductions(tx: Pick<Transaction, "select">, applicationId: string) {
  const [entered] = await tx
    .select({ code: discountCodes, redeemedAt: discountRedemptions.redeemedAt })
    .from(discountRedemptions)
    .innerJoin(discountCodes, eq(discountCodes.id, discountRedemptions.codeId))
    .where(eq(discountRedemptions.applicationId, applicationId));
  const [scholarship] = await tx
    .select()
    .from(scholarships)
    .where(eq(scholarships.applicationId, applicationId));
  const reductions: PriceReductions = {
    sponsor: await seatSponsorOf(tx, applicationId),
    code: entered ? { code: entered.code.code, ...reductionOf(entered.code) } : null,
    scholarship: scholarship ? reductionOf(scholarship) : null,
  };
  return { entered, reductions };
}

/** The codes, newest first, each with its intakes and how many applications redeemed it. */
export async function listCodes() {
  const used = db()
    .select({ codeId: discountRedemptions.codeId, uses: count().as("uses") })
    .from(discountRedemptions)
    .where(countsAsUse())
    .groupBy(discountRedemptions.codeId)
    .as("used");
  const rows = await db()
    .select({ code: discountCodes, uses: sql<number>`coalesce(${used.uses}, 0)`.mapWith(Number) })
    .from(discountCodes)
    .leftJoin(used, eq(used.codeId, discountCodes.id))
    .orderBy(desc(discountCodes.createdAt));
  const ids = rows.map((row) => row.code.id);
  const intakesOf = ids.length
    ? await db().select().from(discountCodeIntakes).where(inArray(discountCodeIntakes.codeId, ids))
    : [];
  return rows.map((row) => ({
    ...row.code,
    uses: row.uses,
    intakeIds: intakesOf.filter((link) => link.codeId === row.code.id).map((link) => link.intakeId),
  }));
}

export type NewDiscountCode = {
  code: string;
  reduction: Reduction;
  intakeIds: string[];
  validFrom: string | null;
  validUntil: string | null;
  useLimit: number | null;
  perPersonLimit: number;
};

/**
 * Creates a code; refused on its field when one of that name exists, in any case, or when an
 * intake chosen is not one (deleted since the form was opened, or a forged id).
 */
export async function createCode(input: NewDiscountCode, adminId: string) {
  return db().transaction(async (tx) => {
    if (input.intakeIds.length) {
      const found = await tx
        .select({ id: intakes.id })
        .from(intakes)
        .where(inArray(intakes.id, input.intakeIds));
      if (found.length !== input.intakeIds.length)
        throw new UserFacingError(messages.intakeGone, 409, "intakeIds");
    }
    const [created] = await tx
      .insert(discountCodes)
      .values({
        code: normaliseCode(input.code),
        percent: "percent" in input.reduction ? input.reduction.percent : null,
        amount: "amountKobo" in input.reduction ? input.reduction.amountKobo : null,
        allIntakes: input.intakeIds.length === 0,
        validFrom: input.validFrom,
        validUntil: input.validUntil,
        useLimit: input.useLimit,
        perPersonLimit: input.perPersonLimit,
        createdBy: adminId,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new UserFacingError(messages.codeTaken, 409, "code");
    if (input.intakeIds.length)
      await tx
        .insert(discountCodeIntakes)
        .values(input.intakeIds.map((intakeId) => ({ codeId: created.id, intakeId })));
    return created;
  });
}

/** Stops a code from being entered or redeemed again; applications that have it keep it. */
export async function deactivateCode(codeId: string) {
  const [done] = await db()
    .update(discountCodes)
    .set({ deactivatedAt: sql`coalesce(${discountCodes.deactivatedAt}, now())` })
    .where(eq(discountCodes.id, codeId))
    .returning({ id: discountCodes.id });
  if (!done) throw new UserFacingError(messages.codeNotFound, 404);
}

/**
 * An application's code and scholarship as columns of a query over applications (the Payments
 * tab and its CSV), for discountSummary to word.
 */
export const applicationDiscountColumns = (applicationId: AnyColumn) => ({
  discountCode: sql<string | null>`(select ${discountCodes.code} from ${discountRedemptions}
    join ${discountCodes} on ${discountCodes.id} = ${discountRedemptions.codeId}
    where ${discountRedemptions.applicationId} = ${applicationId})`,
  scholarshipPercent: sql<number | null>`(select ${scholarships.percent} from ${scholarships}
    where ${scholarships.applicationId} = ${applicationId})`,
  scholarshipAmount: sql<number | null>`(select ${scholarships.amount} from ${scholarships}
    where ${scholarships.applicationId} = ${applicationId})`.mapWith(Number),
});
