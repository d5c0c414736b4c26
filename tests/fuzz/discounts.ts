// The fuzz suite's money-off targets (issue 46): the portal's Discounts page (create,
// deactivate), a scholarship granted on the Students page, a code entered on and removed from
// 'My application', the apply form's optional code (a seat code too), and sponsored seats (the
// staff's pages and the sponsor's private page). The set-up makes, through the app's own
// forms, a first-come intake with two instalments, two codes on the Discounts page (one for that
// intake alone, one for every intake, which the deactivate target deactivates) and an applicant
// who applied with the first code, accepted the place and chose a plan. Random field names,
// values and paths must never give a 5xx; the codes and scholarships stored are checked against
// their forms' schemas (stored-rows.ts).

import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import { addDays, lagosToday } from "~/lib/format/dates";
import type { AppServer } from "../support/app-server";
import { type Field, fuzzFields, fuzzText } from "./payloads";
import type { FuzzContext, Target } from "./targets";

/** What the money-off targets start from. */
export type DiscountsContext = {
  /** The set-up's intake: first come, full or two instalments, ₦250,000. */
  intakeId: string;
  /** 10 % off the set-up's intake alone; never deactivated. */
  code: string;
  /** ₦5,000 off every intake: the one the deactivate target deactivates. */
  spare: { code: string; id: string };
  /** Applied with `code`, accepted, two instalments chosen, nothing paid. */
  applicant: { id: string; token: string };
  /** Three seats a sponsor bought in the intake: the sponsor's page, the seats and their codes. */
  sponsorship: { id: string; token: string; seatIds: string[]; codes: string[] };
};

const text = (name: string, value: string): Field => ({ name, value });
const stranger = "5b1e4c3a-0000-4000-8000-00000000abcd";
const unknownToken = "A".repeat(43);
let serial = 0;
/** A new code for each valid create, so that they do not all collide on one. */
const newCode = () => {
  serial += 1;
  return `F46-${Date.now().toString(36)}-${serial}`.toUpperCase();
};

/**
 * The case's own fields as the page would send them, a third of the time, so that its edge
 * values reach the action; else with fields dropped, replaced, repeated and added (fuzzFields).
 */
const sent = (fields: Field[]) =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constant(fields) },
    { weight: 2, arbitrary: fuzzFields(fields) },
  );

function discountsOf({ discounts }: FuzzContext) {
  if (!discounts) throw new Error("The money-off targets run with the discounts' context");
  return discounts;
}

/**
 * One of `valid` five times in six, else one of `edges`: each field of a case is mostly what its
 * form takes, so that a fair share of the cases gets through and changes something.
 */
const mostly = <T>(valid: T[], edges: T[]) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...valid) },
    { weight: 1, arbitrary: fc.constantFrom(...edges) },
  );

/**
 * A kind of money off and how much: 1 to 100 %, a kobo to the ₦100,000,000 limit; or 0, 101,
 * a fraction of a percent or of a kobo, past the limit, a number no column holds, no number, and
 * kinds the forms do not offer. `wholePrice`: also as much as the set-up's place costs, or more.
 */
const reductions = (wholePrice: boolean) =>
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc.tuple(
        fc.constant("percent"),
        mostly(
          ["1", "10", "25", "99", ...(wholePrice ? ["100"] : [])],
          ["0", "101", "-1", "50.5", "1e2", ""],
        ),
      ),
    },
    {
      weight: 5,
      arbitrary: fc.tuple(
        fc.constant("amount"),
        mostly(
          ["0.01", "5000", "20000.5", ...(wholePrice ? ["249999", "100000000"] : ["200000"])],
          [
            "0",
            // Under half a kobo: rounds to nothing (a 500 once; now refused in words).
            "0.004",
            "-5",
            "100000001",
            "9007199254740993",
            "1e309",
            "Infinity",
            "ten",
            "",
          ],
        ),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom("PERCENT", "naira", ""), fc.constantFrom("10", "5000")),
    },
  );

/** First and last days: none, in order, the same day, far off; out of order, no day at all. */
const dateRanges = (today: string) =>
  mostly<[string, string]>(
    [
      ["", ""],
      [today, addDays(today, 30)],
      [today, today],
      ["", addDays(today, 60)],
      [addDays(today, -1), ""],
      ["2026-01-01", "9999-12-31"],
    ],
    [
      [addDays(today, 30), today],
      ["9999-12-31", "2026-01-01"],
      ["2027-02-29", "2027-13-01"],
      ["2027-01-01T00:00", "01/02/2027"],
      ["0000-01-01", ""],
      ["", "0000-12-31"],
    ],
  );

const limits = mostly(["", "1", "3", "100000"], ["100001", "0", "-1", "1.5", "1e3"]);

/** How a code is typed: as made, else in lower case, spaced, cut, lengthened, with odd dashes. */
const retyped = fc.oneof(
  { weight: 4, arbitrary: fc.constant((code: string) => code) },
  {
    weight: 3,
    arbitrary: fc.constantFrom<(code: string) => string>(
      (code) => code.toLowerCase(),
      (code) => ` ${code}\t`,
      (code) => code.slice(0, -1),
      (code) => `${code}X`,
      (code) => code.replaceAll("-", " "),
      (code) => code.replaceAll("-", "\u2013"),
      (code) => code.padEnd(33, "9"),
    ),
  },
);

/** One of `codes` as staff or applicants type it, a code of the right shape, or any text. */
const typedCode = (codes: string[]) =>
  fc.oneof(
    {
      weight: 7,
      arbitrary: fc.tuple(fc.constantFrom(...codes), retyped).map(([code, retype]) => retype(code)),
    },
    { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9-]{1,32}$/) },
    { weight: 2, arbitrary: fuzzText },
  );

/** The private link's token: the applicant's mostly, else an unknown or a mangled one. */
const tokens = (token: string) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constant(token) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(unknownToken, token.slice(1), `${token}A`, "%", "%00", ".."),
    },
  );

/** The apply form's fields, as the cases and the set-up's applicant send them. */
const applyForm = (email: string) => [
  text("fullName", "Folake Adebayo"),
  text("email", email),
  text("phone", "0803 555 0146"),
  text("experienceLevel", "Some self-study"),
  text("goals", "Move from accounts into data analysis."),
  text("heardFrom", "Instagram"),
  text("consent", "on"),
  text("website", ""),
];

const myApplication = (
  name: string,
  valid: (discounts: DiscountsContext) => fc.Arbitrary<Field[]>,
): Target => ({
  name: `my application ${name}`,
  method: "POST",
  path: (context) => `/application/${discountsOf(context).applicant.token}`,
  paths: (context) =>
    tokens(discountsOf(context).applicant.token).map((token) => `/application/${token}`),
  signedIn: false,
  fields: (context) => valid(discountsOf(context)),
});

export const discountTargets: Target[] = [
  {
    name: "discounts create",
    method: "POST",
    path: () => "/admin-portal/discounts",
    signedIn: true,
    fields: (context) => {
      const discounts = discountsOf(context);
      const intakeIds = mostly<string[]>(
        [
          [],
          [discounts.intakeId],
          [discounts.intakeId, context.intakeId],
          [discounts.intakeId, discounts.intakeId],
        ],
        [
          [discounts.intakeId, "x"],
          Array(51).fill(discounts.intakeId),
          [stranger],
          [discounts.intakeId, stranger],
        ],
      );
      return fc
        .record({
          code: fc.oneof(
            { weight: 3, arbitrary: fc.constant(null) },
            { weight: 1, arbitrary: typedCode([discounts.code, discounts.spare.code]) },
          ),
          reduction: reductions(true),
          intakeIds,
          dates: dateRanges(lagosToday()),
          useLimit: limits,
          perPersonLimit: limits,
        })
        .chain(({ code, reduction: [kind, value], intakeIds, dates, useLimit, perPersonLimit }) =>
          sent([
            text("intent", "create"),
            text("code", code ?? newCode()),
            text("kind", kind),
            text("value", value),
            ...intakeIds.map((id) => text("intakeIds", id)),
            text("validFrom", dates[0]),
            text("validUntil", dates[1]),
            text("useLimit", useLimit),
            text("perPersonLimit", perPersonLimit),
          ]),
        );
    },
  },
  {
    name: "discounts deactivate",
    method: "POST",
    path: () => "/admin-portal/discounts",
    signedIn: true,
    fields: (context) =>
      fc
        .constantFrom(discountsOf(context).spare.id, stranger, "x", "")
        .chain((id) => sent([text("intent", "deactivate"), text("id", id)])),
  },
  // The first valid grant stores a scholarship; later ones replace it, each pricing the
  // unpaid instalments again.
  {
    name: "students grant-scholarship",
    method: "POST",
    path: () => "/admin-portal/students",
    signedIn: true,
    fields: (context) => {
      const { applicant } = discountsOf(context);
      return fc
        .record({
          id: fc.constantFrom(applicant.id, applicant.id, applicant.id, stranger),
          target: fc.constantFrom(applicant.id, applicant.id, stranger),
          // As much as the place costs, or more: a free place after its plan was chosen.
          reduction: reductions(true),
          reason: mostly(
            [
              "Lost her job in March; the family pays the rest.",
              "Top of the entrance test.\nAgreed with the director.",
              "x".repeat(1_000),
            ],
            ["x".repeat(1_001), "   ", ""],
          ),
        })
        .chain(({ id, target, reduction: [kind, value], reason }) =>
          sent([
            text("intent", "grant-scholarship"),
            text("id", id),
            text("target", target),
            text("kind", kind),
            text("value", value),
            text("reason", reason),
          ]),
        );
    },
  },
  // Now and then the code is taken off first, so that a valid code is entered more than once.
  myApplication("enter-code", ({ code, spare }) =>
    fc
      .tuple(
        fc.constantFrom("enter-code", "enter-code", "enter-code", "remove-code"),
        typedCode([code, spare.code, "NO-SUCH-CODE"]),
      )
      .chain(([intent, typed]) => sent([text("intent", intent), text("code", typed)])),
  ),
  myApplication("remove-code", () => sent([text("intent", "remove-code")])),
  {
    name: "apply with code",
    method: "POST",
    path: (context) => `/apply/${discountsOf(context).intakeId}`,
    // The demo intake too, which the set-up's code is not for.
    paths: (context) =>
      fc
        .constantFrom(
          discountsOf(context).intakeId,
          discountsOf(context).intakeId,
          context.intakeId,
        )
        .map((intakeId) => `/apply/${intakeId}`),
    signedIn: false,
    fields: (context) => {
      const { code, spare, sponsorship } = discountsOf(context);
      return typedCode([code, spare.code, "NO-SUCH-CODE", ...sponsorship.codes]).chain((typed) =>
        sent([
          ...applyForm(`folake.${newCode().toLowerCase()}@example.ng`),
          text("discountCode", typed),
        ]),
      );
    },
  },
  {
    name: "sponsors create",
    method: "POST",
    path: () => "/admin-portal/sponsors",
    signedIn: true,
    fields: (context) =>
      fc
        .record({
          intakeId: mostly([discountsOf(context).intakeId, context.intakeId], [stranger, "x", ""]),
          seats: mostly(["1", "2"], ["0", "501", "-1", "1.5", "1e3", "9007199254740993", ""]),
          seatPrice: mostly(["", "150000", "0.01"], ["0", "-5", "100000001", "ten"]),
          email: mostly(["hr@employer.example"], ["not-an-address", "", "x".repeat(300)]),
          phone: mostly(["", "0803 123 4567"], ["12", "x".repeat(31)]),
        })
        .chain(({ intakeId, seats, seatPrice, email, phone }) =>
          sent([
            text("intent", "create"),
            text("sponsorName", "Zenith Logistics Ltd"),
            text("contactName", "Ngozi Eze"),
            text("contactPhone", phone),
            text("billingEmail", email),
            text("intakeId", intakeId),
            text("seats", seats),
            text("seatPrice", seatPrice),
          ]),
        ),
  },
  sponsorship("assign-seat", ({ seatIds }) =>
    fc
      .record({
        seatId: mostly(seatIds, [stranger, "x", ""]),
        email: mostly(["ada.obi@employer.example"], ["nobody", ""]),
      })
      .chain(({ seatId, email }) =>
        sent([
          text("intent", "assign-seat"),
          text("seatId", seatId),
          text("fullName", "Ada Obi"),
          text("email", email),
        ]),
      ),
  ),
  sponsorship("release-seats", ({ seatIds }) =>
    fc
      .subarray([...seatIds, stranger, "x"], { minLength: 0 })
      .chain((ids) =>
        sent([text("intent", "release-seats"), ...ids.map((id) => text("seatIds", id))]),
      ),
  ),
  sponsorship("record-paid", () =>
    mostly(["Bank transfer, GTBank, 2 Dec"], ["", "x".repeat(201)]).chain((paidBy) =>
      sent([text("intent", "record-paid"), text("paidBy", paidBy)]),
    ),
  ),
  {
    name: "sponsor page pay",
    method: "POST",
    path: (context) => sponsorPagePath(discountsOf(context).sponsorship),
    paths: (context) => {
      const { sponsorship } = discountsOf(context);
      return fc
        .constantFrom(sponsorship.token, sponsorship.token, "A".repeat(32), "%", "..")
        .map((token) => sponsorPagePath({ ...sponsorship, token }));
    },
    signedIn: false,
    fields: () =>
      fc.constantFrom("pay", "pay", "", "refund").chain((intent) => sent([text("intent", intent)])),
  },
];

const sponsorPagePath = ({ id, token }: { id: string; token: string }) => `/sponsor/${id}/${token}`;

/** An action on the set-up's sponsorship page (staff): its intent's own fields. */
function sponsorship(
  intent: string,
  valid: (sponsorship: DiscountsContext["sponsorship"]) => fc.Arbitrary<Field[]>,
): Target {
  return {
    name: `sponsorship ${intent}`,
    method: "POST",
    path: (context) => `/admin-portal/sponsors/${discountsOf(context).sponsorship.id}`,
    signedIn: true,
    fields: (context) => valid(discountsOf(context).sponsorship),
  };
}

// --- Set-up -------------------------------------------------------------------------------------

/**
 * A form posted or a page read as a browser would (a success redirects: 302); anything but
 * `status` stops the run, with the alert the page shows. The answer's text.
 */
async function step(
  server: AppServer,
  what: string,
  url: string,
  { cookie = "", form, status }: { cookie?: string; form?: string[][]; status: number },
) {
  const response = await fetch(`${server.origin}${url}`, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      "x-forwarded-for": "10.0.46.1",
    },
    body: form ? new URLSearchParams(form) : undefined,
  });
  const body = await response.text();
  if (response.status !== status) {
    const alert = body.match(/role="alert"[^>]*>([^<]+)/)?.[1];
    throw new Error(
      `${what} answered ${response.status}, not ${status}: ${alert ?? body.slice(0, 200)}`,
    );
  }
  return body;
}

/** The private link's token in an e-mail to `email`, once the job queue has written it. */
async function linkTokenFor(server: AppServer, email: string) {
  const outbox = path.join(server.dataDir, "outbox");
  const link = /\/application\/([A-Za-z0-9_-]{43})/;
  for (let waited = 0; waited < 15_000; waited += 100) {
    const names = await readdir(outbox).catch(() => [] as string[]);
    const mails = await Promise.all(
      names.map(async (name) =>
        (await readFile(path.join(outbox, name), "utf8")).replace(/=\r?\n/g, ""),
      ),
    );
    const token = mails.find((mail) => mail.includes(email) && link.test(mail))?.match(link)?.[1];
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No e-mail to ${email} with a private link in ${outbox}`);
}

/**
 * The money-off targets' intake, codes and applicant, made as staff and an applicant would: a
 * first-come intake of the course, open a month ahead; two codes on the Discounts page; an
 * application with the first code, which takes a place at once; the applicant accepts it on their
 * private link and chooses two instalments (the code is redeemed then).
 */
export async function discountsContextOf(
  server: AppServer,
  cookie: string,
  { courseId }: Pick<FuzzContext, "courseId">,
): Promise<DiscountsContext> {
  const run = Date.now().toString(36).toUpperCase();
  const label = `Fuzz discounts ${run}`;
  const startsOn = addDays(lagosToday(), 30);
  const intakesPath = `/admin-portal/courses/${courseId}/intakes`;
  await step(server, `Creating the intake ${label}`, intakesPath, {
    cookie,
    status: 302,
    form: [
      ["intent", "create"],
      ["label", label],
      ["startsOn", startsOn],
      ["endsOn", addDays(startsOn, 55)],
      ["mode", "online"],
      ["seats", "10"],
      ["enrolmentClosesAt", `${addDays(startsOn, -1)}T12:00`],
      ["price", "250000"],
      ["status", "open"],
      ["admissionMode", "first-come"],
      ["instalmentPlans", "two-instalments"],
      ["payInFullDiscount", "10000"],
    ],
  });
  const intakes = await step(server, "The intakes page", intakesPath, { cookie, status: 200 });
  const at = intakes.indexOf(`>${label}<`);
  const intakeId = intakes
    .slice(intakes.lastIndexOf("<li", at), at)
    .match(/data-intake-id="([0-9a-f-]{36})"/)?.[1];
  if (at < 0 || !intakeId) throw new Error(`The intakes page does not list ${label}`);

  const code = `FUZZ46-${run}`;
  const spareCode = `FUZZ46-SPARE-${run}`;
  const codes = [
    [code, "percent", "10", intakeId],
    [spareCode, "amount", "5000", ""],
  ];
  for (const [typed = "", kind = "", value = "", only = ""] of codes)
    await step(server, `Creating the code ${typed}`, "/admin-portal/discounts", {
      cookie,
      status: 302,
      form: [
        ["intent", "create"],
        ["code", typed.toLowerCase()],
        ["kind", kind],
        ["value", value],
        ...(only ? [["intakeIds", only]] : []),
        ["perPersonLimit", "100000"],
      ],
    });
  const page = await step(server, "The Discounts page", "/admin-portal/discounts", {
    cookie,
    status: 200,
  });
  const row = page.slice(page.indexOf(`data-discount-code="${spareCode}"`));
  const spareId = row
    .slice(0, row.indexOf("</tr>"))
    .match(/name="id" value="([0-9a-f-]{36})"/)?.[1];
  if (!page.includes(`data-discount-code="${code}"`) || !spareId)
    throw new Error(`The Discounts page does not list ${code} and ${spareCode}`);

  const email = `discounts.${run.toLowerCase()}@example.ng`;
  await step(server, `The application of ${email}`, `/apply/${intakeId}`, {
    status: 200,
    form: [
      ...applyForm(email).map((field) => [field.name, "value" in field ? field.value : ""]),
      ["discountCode", code],
    ],
  });
  const list = await step(
    server,
    "The Students page",
    `/admin-portal/students?q=${encodeURIComponent(email)}`,
    { cookie, status: 200 },
  );
  const id = list.match(/data-application-id="([0-9a-f-]{36})"/)?.[1];
  if (!id) throw new Error(`The Students page does not list ${email}`);
  const token = await linkTokenFor(server, email);
  for (const form of [
    [["intent", "accept"]],
    [
      ["intent", "choose-plan"],
      ["plan", "two-instalments"],
    ],
  ])
    await step(server, `The applicant's ${form[0]?.[1]}`, `/application/${token}`, {
      status: 302,
      form,
    });
  return {
    intakeId,
    code,
    spare: { code: spareCode, id: spareId },
    applicant: { id, token },
    sponsorship: await sponsorshipOf(server, cookie, intakeId, run),
  };
}

/** Three seats sold in the intake on the Sponsored seats page, read back from its pages. */
async function sponsorshipOf(server: AppServer, cookie: string, intakeId: string, run: string) {
  const billingEmail = `hr.${run.toLowerCase()}@employer.example`;
  const response = await fetch(`${server.origin}/admin-portal/sponsors`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams([
      ["intent", "create"],
      ["sponsorName", `Fuzz Employer ${run}`],
      ["contactName", "Ngozi Eze"],
      ["billingEmail", billingEmail],
      ["intakeId", intakeId],
      ["seats", "3"],
    ]),
  });
  const id = response.headers.get("location")?.match(/sponsors\/([0-9a-f-]{36})/)?.[1];
  if (!id) throw new Error(`Selling seats answered ${response.status}, not a sponsorship`);
  const page = await step(server, "The sponsorship page", `/admin-portal/sponsors/${id}`, {
    cookie,
    status: 200,
  });
  const token = page.match(new RegExp(`/sponsor/${id}/([A-Za-z0-9_-]{32})`))?.[1];
  const seatIds = [...page.matchAll(/name="seatIds" value="([0-9a-f-]{36})"/g)].map(
    (match) => match[1] ?? "",
  );
  // Each code is in the table and again in the page's data for the browser.
  const codes = [...new Set([...page.matchAll(/SEAT-[0-9A-Z]{5}-[0-9A-Z]{5}/g)].map(String))];
  if (!token || seatIds.length !== 3 || codes.length !== 3)
    throw new Error("The sponsorship page does not show its link, seats and codes");
  return { id, token, seatIds, codes };
}
