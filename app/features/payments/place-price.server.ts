import { eq } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { type Application, applications, intakes, type PricedLines } from "~/db/schema";
import { acceptedOnOf } from "~/features/applications/application-rules";
import { reductionsOf } from "~/features/discounts/discount-codes.server";
import {
  type IntakePricing,
  type PriceReductions,
  placePricing,
  priceBuildUp,
} from "~/features/intakes/payment-plans";

type Reader = Pick<Transaction, "select">;

/**
 * A place's price line by line as it stands: the prices it agreed to (placePricing), its plan,
 * the day it was accepted, and its code and scholarship.
 */
export async function placePrice(
  reader: Reader,
  application: Pick<
    Application,
    "id" | "paymentPlan" | "agreedPricing" | "acceptedAt" | "createdAt"
  >,
  intake: IntakePricing,
  reductions?: PriceReductions,
): Promise<PricedLines> {
  return priceBuildUp(
    application.paymentPlan,
    placePricing(intake, application.agreedPricing),
    acceptedOnOf(application),
    reductions ?? (await reductionsOf(reader, application.id)),
  );
}

/** An application with its intake, read by its id; null when there is none. */
export async function placeOf(reader: Reader, applicationId: string) {
  const [row] = await reader
    .select({ application: applications, intake: intakes })
    .from(applications)
    .innerJoin(intakes, eq(intakes.id, applications.intakeId))
    .where(eq(applications.id, applicationId));
  return row ?? null;
}

/** placePrice of an application read by its id; null when there is none. */
export async function placePriceOf(reader: Reader, applicationId: string) {
  const row = await placeOf(reader, applicationId);
  return row ? placePrice(reader, row.application, row.intake) : null;
}
