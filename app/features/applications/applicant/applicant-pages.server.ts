import { db } from "~/db/client.server";
import type { Intake } from "~/db/schema";
import { reductionsOf } from "~/features/discounts/discount-codes.server";
import {
  closingText,
  earlyBirdText,
  intakeModeLabels,
  placesLeftText,
} from "~/features/intakes/intake-wording";
import { type PriceReductions, priceBuildUp } from "~/features/intakes/payment-plans";
import { planOffers } from "~/features/intakes/plan-offers";
import { lagosToday } from "~/lib/format/dates";
import { applicationIdOfToken } from "../application-token.server";
import {
  findApplicationByToken,
  findIntakeToApply,
  intakeRefusal,
  type MyApplication,
} from "../applications.server";
import { hasFreePlace } from "../places.server";
import { timeLeftText } from "./next-step";

/*
 * What the applicant's pages show, shaped on the server: only the facts a visitor may read go
 * to the browser (no intake row as it is stored), and the texts that depend on the time are
 * written here, so the server's HTML and the hydrated page agree.
 */

/** The apply page: the intake, whether it takes applications (else why not); null: not found. */
export async function loadApplyPage(intakeId: string, now = new Date()) {
  const found = await findIntakeToApply(intakeId);
  if (!found) return null;
  const { intake, course } = found;
  const full = !hasFreePlace(intake);
  const earlyBird = earlyBirdText(intake, now);
  return {
    intakeId: intake.id,
    course,
    intake: intakeFacts(intake),
    places: [
      { term: "Places", value: placesLeftText(intake.seats, intake.placesTaken) },
      { term: "Enrolment", value: closingText(intake.enrolmentClosesAt, now) },
      ...(earlyBird ? [{ term: "Early bird", value: earlyBird }] : []),
    ],
    full,
    firstCome: intake.admissionMode === "first-come",
    refusal: intakeRefusal(intake, now),
  };
}

export type ApplyPage = NonNullable<Awaited<ReturnType<typeof loadApplyPage>>>;

/** What both applicant pages say about an intake. */
const intakeFacts = (
  intake: Pick<
    Intake,
    "label" | "startsOn" | "endsOn" | "classTimes" | "mode" | "location" | "price"
  >,
) => ({
  label: intake.label,
  startsOn: intake.startsOn,
  endsOn: intake.endsOn,
  classTimes: intake.classTimes,
  modeLabel: intakeModeLabels[intake.mode],
  location: intake.mode === "online" ? null : intake.location,
  price: intake.price,
});

/** 'My application' as its private link opens it; null for a link that opens none. */
export async function loadMyApplication(token: string, now = new Date()) {
  const found = await findApplicationByToken(token, now);
  if (!found) return null;
  const { intake } = found;
  // An offer's terms are priced with the code and scholarship already on the application.
  const reductions = found.offerOpen
    ? await db().transaction(async (tx) => {
        const id = await applicationIdOfToken(tx, token);
        return id ? reductionsOf(tx, id) : {};
      })
    : {};
  return {
    ...found,
    timeLeft:
      found.offerOpen && found.offerExpiresAt ? timeLeftText(found.offerExpiresAt, now) : null,
    offerTerms: found.offerOpen ? offerTerms(intake, now, reductions) : null,
    intake: intakeFacts(intake),
  };
}

/**
 * What accepting the offer today costs (the early bird while it lasts, less the application's
 * code and scholarship) and the ways to pay it.
 */
function offerTerms(intake: MyApplication["intake"], now: Date, reductions: PriceReductions) {
  const today = lagosToday(now);
  return {
    price: priceBuildUp(null, intake, today, reductions).total,
    earlyBird: earlyBirdText(intake, now),
    plans: planOffers(intake, today, reductions),
  };
}

export type OfferTerms = ReturnType<typeof offerTerms>;
