// The fleet's discount rush (issue 46): a code with 10 uses left (limit 12, 2 redeemed) is
// entered on 200 accepted applications, and all 200 choose to pay in full from 'My application'
// at once, over A and B. Choosing a plan redeems the code under its row lock, so exactly 10
// redeem it, bringing its total to its limit, each with a plan and one instalment at the
// discounted price; the 190 others are answered 409, told the code was used up since they
// entered it, and have neither a plan nor an instalment.

import { discountMessages } from "../../app/features/discounts/discount-messages";
import { formatNaira } from "../../app/lib/format/money";
import type { AppServer } from "../support/app-server";
import { acceptedApplicants, openFleetIntake, query } from "./query";
import type { Row } from "./report";
import { type Answer, postForm, summarise } from "./requests";

const RUSHERS = 200;
const USE_LIMIT = 12;
/** Applications that redeemed the code before the rush. */
const REDEEMED_BEFORE = 2;
const USES_LEFT = USE_LIMIT - REDEEMED_BEFORE;
const PERCENT_OFF = 20;

/** Each applicant's own address (172.21/16). */
const addressOf = (serial: number) => `172.21.${(serial >> 8) & 255}.${serial & 255}`;

/**
 * An open intake, a code of PERCENT_OFF with USES_LEFT uses left, and RUSHERS accepted
 * applications on the intake with the code entered (not redeemed), each with its link.
 */
async function codeWithUsesLeft(databaseUrl: string) {
  const intakeId = await openFleetIntake(databaseUrl, "discount", {
    seats: RUSHERS + REDEEMED_BEFORE,
  });
  const applicants = await acceptedApplicants(databaseUrl, intakeId, RUSHERS + REDEEMED_BEFORE, {
    fullName: "Discounted Applicant",
    emailPrefix: "discount",
  });
  const [code] = await query<{ id: string }>(
    databaseUrl,
    "INSERT INTO discount_codes (code, percent, use_limit) VALUES ($1, $2, $3) RETURNING id",
    [`FLEET${Date.now().toString(36).toUpperCase()}`, PERCENT_OFF, USE_LIMIT],
  );
  if (!code) throw new Error("The discount code was not made");
  const before = applicants.slice(0, REDEEMED_BEFORE).map((applicant) => applicant.id);
  await query(
    databaseUrl,
    `INSERT INTO discount_redemptions (application_id, code_id, email, redeemed_at)
     SELECT a.id, $1, lower(a.email), CASE WHEN a.id = ANY($2::uuid[]) THEN now() END
       FROM applications a WHERE a.intake_id = $3`,
    [code.id, before, intakeId],
  );
  return { intakeId, codeId: code.id, rushers: applicants.slice(REDEEMED_BEFORE) };
}

/** Each rusher's code, plan, instalments and 'plan-chosen' events after the rush, by id. */
async function outcomes(databaseUrl: string, ids: string[]) {
  const rows = await query<{
    id: string;
    redeemed: boolean;
    plan: string | null;
    instalments: string;
    amount: string;
    chosen: string;
  }>(
    databaseUrl,
    `SELECT a.id, d.redeemed_at IS NOT NULL AS redeemed, a.payment_plan AS plan,
            (SELECT count(*) FROM instalments i WHERE i.application_id = a.id) AS instalments,
            (SELECT coalesce(sum(i.amount_kobo), 0) FROM instalments i
              WHERE i.application_id = a.id) AS amount,
            (SELECT count(*) FROM application_events v
              WHERE v.application_id = a.id AND v.kind = 'plan-chosen') AS chosen
       FROM applications a JOIN discount_redemptions d ON d.application_id = a.id
      WHERE a.id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        redeemed: row.redeemed,
        plan: row.plan,
        instalments: Number(row.instalments),
        amount: Number(row.amount),
        chosen: Number(row.chosen),
      },
    ]),
  );
}

/** A redirect as a script's post is answered: 202, its target ('My application') in the body. */
const redirectedHome = (answer: Answer, token: string) =>
  answer.status === 202 && answer.body.includes(`/application/${token}`);

export async function discountRush(
  a: AppServer,
  b: AppServer,
  databaseUrl: string,
): Promise<Row[]> {
  const rows: Row[] = [];
  const { intakeId, codeId, rushers } = await codeWithUsesLeft(databaseUrl);
  const servers = [a, b] as const;
  const begun = Date.now();
  // Posted as the page's script posts it (`.data`): the answer is the action's reply alone, not
  // the page rendered again around it, which the rush does not need (twice as long on 2 cores).
  const answers: Answer[] = await Promise.all(
    rushers.map((rusher, index) =>
      postForm(
        servers[index % 2] as AppServer,
        `/application/${rusher.token}.data`,
        addressOf(index),
        { intent: "choose-plan", plan: "full" },
      ),
    ),
  );
  const seconds = (Date.now() - begun) / 1000;

  const found = await outcomes(
    databaseUrl,
    rushers.map((rusher) => rusher.id),
  );
  const [totals] = await query<{ redeemed: string; price: string }>(
    databaseUrl,
    `SELECT (SELECT count(*) FROM discount_redemptions
              WHERE code_id = $1 AND redeemed_at IS NOT NULL) AS redeemed,
            (SELECT price_kobo FROM intakes WHERE id = $2) AS price`,
    [codeId, intakeId],
  );
  const codeTotal = Number(totals?.redeemed);
  const discounted = (Number(totals?.price) * (100 - PERCENT_OFF)) / 100;
  const all = rushers.map((rusher, index) => ({
    token: rusher.token,
    answer: answers[index] as Answer,
    server: index % 2 ? "B" : "A",
    ...(found.get(rusher.id) ?? {
      redeemed: false,
      plan: null,
      instalments: 0,
      amount: 0,
      chosen: 0,
    }),
  }));
  const redeemed = all.filter((one) => one.redeemed);
  const planned = all.filter((one) => one.plan !== null);
  const refused = all.filter((one) => !one.redeemed);

  rows.push({
    check: `${RUSHERS} applicants with a code of ${USES_LEFT} uses left (limit ${USE_LIMIT}) choose a plan at once over A and B: exactly ${USES_LEFT} redeem it`,
    result: `${redeemed.length} of ${RUSHERS} redeemed; the code's total ${codeTotal} of ${USE_LIMIT}; answered ${summarise(answers)} in ${seconds.toFixed(1)} s`,
    pass: redeemed.length === USES_LEFT && codeTotal === USE_LIMIT,
  });
  const pricedRight = redeemed.filter(
    (one) =>
      one.plan === "full" &&
      one.instalments === 1 &&
      one.amount === discounted &&
      one.chosen === 1 &&
      redirectedHome(one.answer, one.token),
  );
  rows.push({
    check: `the ${USES_LEFT} who redeemed it have the plan and one instalment at ${PERCENT_OFF} % off (${formatNaira(discounted)}), each sent back to 'My application'; no one else has a plan`,
    result: `${planned.length} with a plan; ${pricedRight.length} of ${redeemed.length} redeemed with the plan, one instalment at the price, sent back`,
    pass: planned.length === USES_LEFT && pricedRight.length === USES_LEFT,
  });
  const toldUsedUp = refused.filter(
    (one) =>
      one.answer.status === 409 && one.answer.body.includes(discountMessages.usedUpSinceEntered),
  );
  const nothingWritten = refused.filter(
    (one) => one.plan === null && one.instalments === 0 && one.chosen === 0,
  );
  rows.push({
    check: `the ${RUSHERS - USES_LEFT} others are answered 409 with "${discountMessages.usedUpSinceEntered}" and have no plan, instalment or 'plan-chosen' event`,
    result: `${toldUsedUp.length} of ${refused.length} told so (${summarise(refused.map((one) => one.answer))}); ${nothingWritten.length} with nothing written`,
    pass:
      refused.length === RUSHERS - USES_LEFT &&
      toldUsedUp.length === refused.length &&
      nothingWritten.length === refused.length,
  });
  const servedBy = (name: string) => {
    const answered = all.filter(
      (one) => one.server === name && (one.answer.status === 202 || one.answer.status === 409),
    );
    return {
      answered: answered.length,
      redeemed: answered.filter((one) => one.redeemed).length,
    };
  };
  const onA = servedBy("A");
  const onB = servedBy("B");
  const failed = answers.filter(
    (answer) => answer.status === "network" || answer.status >= 500,
  ).length;
  rows.push({
    check: "no answer of the discount rush is a 5xx or lost, and both processes answer",
    result: `${failed} 5xx or lost; A answered ${onA.answered} (${onA.redeemed} redeemed), B ${onB.answered} (${onB.redeemed} redeemed)`,
    pass: failed === 0 && onA.answered > 0 && onB.answered > 0,
  });
  return rows;
}
