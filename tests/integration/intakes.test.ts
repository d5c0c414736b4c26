import { parseWithZod } from "@conform-to/zod/v4";
import { asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type Admin,
  type Course,
  courses,
  intakeChanges,
  intakes,
  publicContentVersion,
  type Tutor,
  tutors,
} from "~/db/schema";
import { buildDemoCourses } from "~/features/demo/demo-courses";
import { nextIntakeShiftDays } from "~/features/intakes/intake-dates";
import {
  type IntakeFormValues,
  intakeActionSchema,
  intakeFormDefaults,
  intakeFormSchema,
  intakeMessages,
} from "~/features/intakes/intake-form-schema";
import {
  cancelIntake,
  createIntake,
  duplicateIntake,
  findIntakeById,
  listCourseIntakes,
  listIntakeChanges,
  listTutorChoices,
  updateIntake,
} from "~/features/intakes/intakes.server";
import * as intakesRoute from "~/routes/admin/course-intakes";
import {
  cookieAfterDeactivation,
  getRequest,
  makeAdmin,
  outcomeOf,
  postRequest,
  sessionCount,
  signInCookie,
} from "../support/admin-session";
import { type FormFields, toFormData } from "../support/form-data";
import { refusal } from "../support/rejection";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();
const MISSING_ID = "00000000-0000-4000-8000-000000000000";

let staff: Admin;
let inactive: Admin;
let course: Course;
let otherCourse: Course;
let amaka: Tutor | undefined;
let bode: Tutor | undefined;
let retired: Tutor | undefined;

async function insertCourse(slug: string, price: number) {
  const [row] = await database()
    .db.insert(courses)
    .values({ slug, title: `Course ${slug}`, description: "A course", price })
    .returning();
  if (!row) throw new Error("no course");
  return row;
}

beforeAll(async () => {
  staff = await makeAdmin({ role: "admin", name: "Ade Admin" });
  inactive = await makeAdmin({ role: "admin", name: "Ina Inactive" });
  course = await insertCourse("intake-course", 25_000_000);
  otherCourse = await insertCourse("other-intake-course", 10_000_000);
  [amaka, bode, retired] = await database()
    .db.insert(tutors)
    .values([
      { name: "Amaka Tutor", role: "Lead tutor" },
      { name: "Bode Tutor", role: "Tutor" },
      { name: "Retired Tutor", role: "Tutor", isActive: false },
    ])
    .returning();
});

beforeEach(async () => {
  await database().db.delete(intakes);
  await database().db.delete(intakeChanges);
});

/** A valid intake form, as a browser posts it; overrides replace fields ("" leaves one blank). */
function intakeFields(overrides: FormFields = {}): FormFields {
  return {
    label: "January 2027 · weekday evenings",
    startsOn: "2027-01-11",
    endsOn: "2027-03-26",
    classTimes: "Mon, Wed, Thu 6-9 pm",
    mode: "in-person",
    location: "Victoria Island",
    seats: "20",
    enrolmentOpensAt: "2026-11-01T09:00",
    enrolmentClosesAt: "2027-01-08T17:00",
    price: "250000",
    earlyBirdPrice: "200000",
    earlyBirdEndsOn: "2026-12-15",
    status: "open",
    ...overrides,
  };
}

function parse(overrides: FormFields = {}) {
  return parseWithZod(toFormData(intakeFields(overrides)), { schema: intakeFormSchema });
}

function values(overrides: FormFields = {}): IntakeFormValues {
  const submission = parse(overrides);
  if (submission.status !== "success")
    throw new Error(`Invalid intake: ${JSON.stringify(submission.reply().error)}`);
  return submission.value;
}

/** The field errors a form gets. */
function errorsOf(overrides: FormFields) {
  const submission = parse(overrides);
  expect(submission.status).toBe("error");
  return submission.reply().error ?? {};
}

/** The number the public pages are kept under (migration 0012). */
async function publicVersion() {
  const [row] = await database().db.select().from(publicContentVersion);
  return row?.version ?? 0;
}

describe("intake form rules", () => {
  it("reads Naira as kobo and datetime-local as Lagos time", () => {
    expect(values()).toMatchObject({
      price: 25_000_000,
      earlyBirdPrice: 20_000_000,
      seats: 20,
      enrolmentClosesAt: new Date("2027-01-08T16:00:00Z"),
      enrolmentOpensAt: new Date("2026-11-01T08:00:00Z"),
      status: "open",
    });
    expect(values({ enrolmentOpensAt: "", earlyBirdPrice: "", earlyBirdEndsOn: "" })).toMatchObject(
      { enrolmentOpensAt: undefined, earlyBirdPrice: undefined, earlyBirdEndsOn: undefined },
    );
  });

  it("offers paying in full always, instalment plans as chosen, and a discount below the price", () => {
    expect(values().instalmentPlans).toEqual([]);
    expect(
      values({ instalmentPlans: ["two-instalments", "monthly"], payInFullDiscount: "15000" }),
    ).toMatchObject({
      instalmentPlans: ["two-instalments", "monthly"],
      payInFullDiscount: 1_500_000,
    });
    expect(errorsOf({ instalmentPlans: ["weekly"] })["instalmentPlans[0]"]).toEqual([
      intakeMessages.unknownPlan,
    ]);
    // Below the early-bird price (₦200,000) too, since it comes off whichever price applies.
    expect(errorsOf({ payInFullDiscount: "200000" }).payInFullDiscount).toEqual([
      intakeMessages.discountNotBelowPrice,
    ]);
  });

  it("requires a label within its bound, with no control characters", () => {
    expect(errorsOf({ label: "  " }).label).toEqual([intakeMessages.labelRequired]);
    expect(errorsOf({ label: "x".repeat(121) }).label).toEqual([
      "Label must be at most 120 characters",
    ]);
    expect(errorsOf({ label: "Bad\u0007label" }).label).toHaveLength(1);
  });

  it("needs the end on or after the start", () => {
    expect(errorsOf({ endsOn: "2027-01-10" }).endsOn).toEqual([intakeMessages.endBeforeStart]);
    expect(parse({ endsOn: "2027-01-11" }).status).toBe("success");
  });

  it("needs enrolment to close before the start day begins in Lagos", () => {
    // 23:59 Lagos on the eve of the start is allowed; midnight Lagos on the start day is not.
    expect(parse({ enrolmentClosesAt: "2027-01-10T23:59" }).status).toBe("success");
    expect(errorsOf({ enrolmentClosesAt: "2027-01-11T00:00" }).enrolmentClosesAt).toEqual([
      intakeMessages.closesAfterStart,
    ]);
    expect(errorsOf({ enrolmentClosesAt: "" }).enrolmentClosesAt).toHaveLength(1);
  });

  it("saves every demo intake again as its edit form shows it, unchanged", () => {
    const demoIntakes = buildDemoCourses(new Date()).flatMap((demo) => demo.intakes);
    expect(demoIntakes.length).toBeGreaterThan(0);
    for (const demo of demoIntakes) {
      // As the row reads back: what the demo leaves out is null.
      const stored = {
        id: MISSING_ID,
        courseId: MISSING_ID,
        classTimes: null,
        mode: "both" as const,
        location: null,
        enrolmentOpensAt: null,
        earlyBirdPrice: null,
        earlyBirdEndsOn: null,
        status: "draft" as const,
        cancelReason: null,
        createdAt: new Date(),
        updatedAt: new Date(),
        createdBy: null,
        admissionMode: "reviewed" as const,
        placesTaken: 0,
        paymentPlans: ["full" as const],
        payInFullDiscount: null,
        ...demo,
        certificateMinAttendance: demo.certificateMinAttendance ?? 80,
        certificateRequiresPaid: demo.certificateRequiresPaid ?? true,
        certificateRequiresProject: demo.certificateRequiresProject ?? false,
        tutorIds: [],
      };
      const shown = intakeFormDefaults(stored, demo.price);
      const submission = parseWithZod(toFormData(shown), { schema: intakeFormSchema });
      expect(submission.reply().error ?? {}, demo.label).toEqual({});
    }
  });

  it("needs enrolment to open before it closes", () => {
    expect(errorsOf({ enrolmentOpensAt: "2027-01-08T17:00" }).enrolmentOpensAt).toEqual([
      intakeMessages.opensAfterCloses,
    ]);
  });

  it("takes an early bird with both its price and its end, below the price, ending by the close", () => {
    expect(errorsOf({ earlyBirdEndsOn: "" }).earlyBirdEndsOn).toEqual([
      intakeMessages.earlyBirdIncomplete,
    ]);
    expect(errorsOf({ earlyBirdPrice: "" }).earlyBirdPrice).toEqual([
      intakeMessages.earlyBirdIncomplete,
    ]);
    expect(errorsOf({ earlyBirdPrice: "250000" }).earlyBirdPrice).toEqual([
      intakeMessages.earlyBirdNotBelowPrice,
    ]);
    expect(parse({ earlyBirdEndsOn: "2027-01-08" }).status).toBe("success");
    expect(errorsOf({ earlyBirdEndsOn: "2027-01-09" }).earlyBirdEndsOn).toEqual([
      intakeMessages.earlyBirdAfterClose,
    ]);
  });

  it("takes seats as a whole number above 0, and a known mode and status", () => {
    expect(errorsOf({ seats: "0" }).seats).toEqual(["Seats must be at least 1"]);
    expect(errorsOf({ seats: "2.5" }).seats).toEqual(["Seats must be a whole number"]);
    expect(errorsOf({ seats: "" }).seats).toHaveLength(1);
    expect(errorsOf({ mode: "hybrid" }).mode).toEqual(["Please choose a mode"]);
    expect(errorsOf({ status: "cancelled" }).status).toEqual(["Please choose a status"]);
  });

  it("takes up to six tutors by id, none by default", () => {
    expect(values().tutorIds).toEqual([]);
    expect(values({ tutorIds: MISSING_ID }).tutorIds).toEqual([MISSING_ID]);
    expect(errorsOf({ tutorIds: ["not-a-uuid"] })).toHaveProperty("tutorIds[0]");
    const seven = Array.from({ length: 7 }, (_, index) => MISSING_ID.replace(/0$/, String(index)));
    expect(errorsOf({ tutorIds: seven })).toEqual({ tutorIds: [intakeMessages.tooManyTutors] });
  });

  it("needs a reason to cancel, within its bound", () => {
    const cancel = (reason: string) =>
      parseWithZod(toFormData({ intent: "cancel", id: MISSING_ID, reason }), {
        schema: intakeActionSchema,
      });
    expect(cancel("  ").reply().error?.reason).toEqual([intakeMessages.reasonRequired]);
    expect(cancel("x".repeat(501)).reply().error?.reason).toEqual([
      "Reason must be at most 500 characters",
    ]);
    expect(cancel("Too few applicants").status).toBe("success");
  });
});

describe("intake services", () => {
  it("lists a course's intakes newest start first, each with its tutors", async () => {
    await createIntake(staff, course.id, values({ label: "Earlier" }));
    await createIntake(
      staff,
      course.id,
      values({
        label: "Later",
        startsOn: "2027-04-05",
        endsOn: "2027-06-25",
        enrolmentClosesAt: "2027-04-01T17:00",
      }),
    );
    await createIntake(staff, otherCourse.id, values({ label: "Elsewhere" }));
    const listed = await listCourseIntakes(course.id);
    expect(listed.map((intake) => intake.label)).toEqual(["Later", "Earlier"]);
    expect(listed[0]).toMatchObject({ price: 25_000_000, tutors: [] });
  });

  it("keeps an intake's tutors in the order chosen, in its history and in its copies", async () => {
    if (!amaka || !bode || !retired) throw new Error("no tutors");
    const created = await createIntake(staff, course.id, values({ tutorIds: [bode.id, amaka.id] }));
    expect((await findIntakeById(created.id))?.tutorIds).toEqual([bode.id, amaka.id]);
    const [listed] = await listCourseIntakes(course.id);
    expect(listed?.tutors.map((tutor) => tutor.name)).toEqual(["Bode Tutor", "Amaka Tutor"]);

    await updateIntake(staff, course.id, created.id, values({ tutorIds: [amaka.id] }));
    const [change] = await listIntakeChanges(course.id, 1);
    expect(change?.changes).toEqual({ tutorIds: { from: [bode.id, amaka.id], to: [amaka.id] } });

    const copy = await duplicateIntake(staff, course.id, created.id);
    expect((await findIntakeById(copy.id))?.tutorIds).toEqual([amaka.id]);

    // The form offers the active tutors, and an inactive one only where already chosen.
    expect((await listTutorChoices()).map((tutor) => tutor.name)).toEqual([
      "Amaka Tutor",
      "Bode Tutor",
    ]);
    expect((await listTutorChoices([retired.id])).map((tutor) => tutor.name)).toContain(
      "Retired Tutor",
    );
  });

  it("leaves an intake's tutors unwritten when a save keeps them, moving the public pages' version once", async () => {
    if (!amaka || !bode) throw new Error("no tutors");
    const tutorIds = [bode.id, amaka.id];
    const created = await createIntake(staff, course.id, values({ tutorIds }));
    const before = await publicVersion();
    await updateIntake(staff, course.id, created.id, values({ seats: "25", tutorIds }));
    // The statement that saves the intake's own row moves it on; its tutors' rows are not written.
    expect(await publicVersion()).toBe(before + 1);
    expect((await findIntakeById(created.id))?.tutorIds).toEqual(tutorIds);
  });

  it("refuses a tutor deleted since the form was shown, on the tutors field, changing nothing", async () => {
    if (!amaka) throw new Error("no tutors");
    const created = await createIntake(staff, course.id, values({ tutorIds: [amaka.id] }));
    const [gone] = await database()
      .db.insert(tutors)
      .values({ name: "Gone Tutor", role: "Tutor" })
      .returning();
    await database()
      .db.delete(tutors)
      .where(eq(tutors.id, gone?.id ?? ""));
    const refused = await refusal(
      updateIntake(
        staff,
        course.id,
        created.id,
        values({ seats: "30", tutorIds: [gone?.id ?? ""] }),
      ),
    );
    expect(refused).toMatchObject({ message: intakeMessages.tutorGone, field: "tutorIds" });
    expect(await findIntakeById(created.id)).toMatchObject({ seats: 20, tutorIds: [amaka.id] });
    expect(
      await refusal(createIntake(staff, course.id, values({ tutorIds: [MISSING_ID] }))),
    ).toMatchObject({
      field: "tutorIds",
    });
  });

  it("records who created and changed an intake, with what changed", async () => {
    const created = await createIntake(staff, course.id, values());
    expect(created).toMatchObject({ createdBy: staff.userId, status: "open" });
    await updateIntake(staff, course.id, created.id, values({ seats: "25" }));
    // Saving the same values again records nothing.
    await updateIntake(staff, course.id, created.id, values({ seats: "25" }));
    const history = await database()
      .db.select()
      .from(intakeChanges)
      .orderBy(asc(intakeChanges.createdAt));
    expect(history).toMatchObject([
      { intakeId: created.id, courseId: course.id, action: "created", actorId: staff.id },
      {
        action: "updated",
        actorName: "Ade Admin",
        changes: { seats: { from: 20, to: 25 } },
      },
    ]);
    expect(Object.keys(history[1]?.changes ?? {})).toEqual(["seats"]);
  });

  it("says in its history what changed, field by field: seats, price in Naira, dates and tutors", async () => {
    if (!amaka || !bode) throw new Error("no tutors");
    const created = await createIntake(staff, course.id, values({ tutorIds: [amaka.id] }));
    await updateIntake(
      staff,
      course.id,
      created.id,
      values({
        seats: "25",
        price: "280000",
        startsOn: "2027-01-12",
        classTimes: "",
        tutorIds: [amaka.id, bode.id],
      }),
    );
    const [change] = await listIntakeChanges(course.id, 1);
    expect(change?.lines).toEqual(
      expect.arrayContaining([
        "Seats 20 → 25",
        "Price ₦250,000 → ₦280,000",
        "Starts on 11 Jan 2027 → 12 Jan 2027",
        "Class times Mon, Wed, Thu 6-9 pm → none",
        "Tutors Amaka Tutor → Amaka Tutor, Bode Tutor",
      ]),
    );
    expect(change?.lines).toHaveLength(5);
  });

  it("writes nothing for a save that changes nothing: no history, the row and public pages untouched", async () => {
    if (!amaka) throw new Error("no tutors");
    const created = await createIntake(staff, course.id, values({ tutorIds: [amaka.id] }));
    const version = await publicVersion();
    const saved = await updateIntake(
      staff,
      course.id,
      created.id,
      values({ tutorIds: [amaka.id] }),
    );
    expect(saved.updatedAt).toEqual(created.updatedAt);
    expect((await findIntakeById(created.id))?.updatedAt).toEqual(created.updatedAt);
    expect(await publicVersion()).toBe(version);
    expect((await listIntakeChanges(course.id)).map((change) => change.action)).toEqual([
      "created",
    ]);
  });

  it("duplicates as a draft whose dates move on by the length in whole weeks", async () => {
    const source = await createIntake(staff, course.id, values());
    // 11 Jan to 26 Mar 2027 is 75 days, first and last included: 11 weeks (77 days).
    expect(nextIntakeShiftDays("2027-01-11", "2027-03-26")).toBe(77);
    expect(nextIntakeShiftDays("2027-01-11", "2027-01-17")).toBe(7);
    expect(nextIntakeShiftDays("2027-01-11", "2027-01-18")).toBe(14);
    const copy = await duplicateIntake(staff, course.id, source.id);
    expect(copy).toMatchObject({
      label: "January 2027 · weekday evenings (copy)",
      status: "draft",
      startsOn: "2027-03-29",
      endsOn: "2027-06-11",
      earlyBirdEndsOn: "2027-03-02",
      seats: 20,
      price: 25_000_000,
      earlyBirdPrice: 20_000_000,
      enrolmentClosesAt: new Date("2027-03-26T16:00:00Z"),
      enrolmentOpensAt: new Date("2027-01-17T08:00:00Z"),
    });
    const [change] = await listIntakeChanges(course.id, 1);
    expect(change).toMatchObject({
      intakeId: copy.id,
      action: "created",
      changes: { duplicatedFrom: { from: source.id, to: copy.id } },
    });
  });

  /** This file is about the intake alone; telling its applicants is intake-cancellation.test.ts's. */
  const tellNobody = async () => {};

  it("cancels with a reason, recorded, after which the intake cannot change", async () => {
    const created = await createIntake(staff, course.id, values());
    const cancelled = await cancelIntake(
      staff,
      course.id,
      created.id,
      "Too few applicants",
      tellNobody,
    );
    expect(cancelled).toMatchObject({ status: "cancelled", cancelReason: "Too few applicants" });
    const [change] = await listIntakeChanges(course.id, 1);
    expect(change).toMatchObject({
      action: "cancelled",
      actorId: staff.id,
      changes: {
        status: { from: "open", to: "cancelled" },
        cancelReason: { from: null, to: "Too few applicants" },
      },
    });
    expect(await refusal(updateIntake(staff, course.id, created.id, values()))).toMatchObject({
      message: intakeMessages.cancelledIsFinal,
      status: 409,
    });
    expect(
      await refusal(cancelIntake(staff, course.id, created.id, "Again", tellNobody)),
    ).toMatchObject({
      status: 409,
    });
  });

  it("answers 404 for an intake that is missing or belongs to another course", async () => {
    const elsewhere = await createIntake(staff, otherCourse.id, values());
    for (const id of [MISSING_ID, "not-a-uuid", elsewhere.id]) {
      expect(await refusal(updateIntake(staff, course.id, id, values()))).toMatchObject({
        status: 404,
      });
      expect(await refusal(duplicateIntake(staff, course.id, id))).toMatchObject({
        status: 404,
      });
      expect(await refusal(cancelIntake(staff, course.id, id, "Reason", tellNobody))).toMatchObject(
        {
          status: 404,
        },
      );
    }
    expect(await refusal(createIntake(staff, MISSING_ID, values()))).toMatchObject({
      status: 404,
    });
    expect(await findIntakeById(elsewhere.id)).toMatchObject({ status: "open" });
  });
});

describe("intakes route", () => {
  const page = () => `/admin-portal/courses/${course.id}/intakes`;
  const params = () => ({ courseId: course.id });
  const loader = (path: string, cookie?: string) =>
    outcomeOf(() => intakesRoute.loader(routeArgs(getRequest(path, { cookie }), params())));
  const action = (fields: FormFields, cookie?: string) =>
    outcomeOf(() =>
      intakesRoute.action(
        routeArgs(postRequest(page(), fields as Record<string, string>, { cookie }), params()),
      ),
    );

  it("sends signed-out visitors to the login page and refuses inactive admins", async () => {
    expect(await loader(page())).toMatchObject({ kind: "redirect" });
    expect(await action({ intent: "create", ...intakeFields() })).toMatchObject({
      kind: "redirect",
      location: "/admin-portal/login",
    });
    expect(
      await action(
        { intent: "create", ...intakeFields() },
        await cookieAfterDeactivation(inactive),
      ),
    ).toMatchObject({ kind: "redirect", location: "/admin-portal/login?reason=inactive" });
    expect(await sessionCount(inactive.userId)).toBe(0);
    expect(await listCourseIntakes(course.id)).toEqual([]);
  });

  it("lets an active admin add, edit, duplicate and cancel, each with a flash", async () => {
    const cookie = await signInCookie(staff.email);
    expect(await action({ intent: "create", ...intakeFields() }, cookie)).toMatchObject({
      kind: "redirect",
      location: page(),
    });
    const [created] = await listCourseIntakes(course.id);
    if (!created) throw new Error("no intake");
    expect(await loader(`${page()}?modal=edit&id=${created.id}`, cookie)).toMatchObject({
      kind: "value",
      data: { course: { id: course.id }, modal: "edit", target: { id: created.id } },
    });
    expect(
      await action({ intent: "update", id: created.id, ...intakeFields({ seats: "30" }) }, cookie),
    ).toMatchObject({ kind: "redirect", location: page() });
    expect(await findIntakeById(created.id)).toMatchObject({ seats: 30 });
    expect(await action({ intent: "duplicate", id: created.id }, cookie)).toMatchObject({
      kind: "redirect",
    });
    expect(
      await action({ intent: "cancel", id: created.id, reason: "Venue lost" }, cookie),
    ).toMatchObject({ kind: "redirect", location: page() });
    expect(await findIntakeById(created.id)).toMatchObject({ status: "cancelled" });
    // A cancelled intake opens no edit or cancel modal.
    expect(await loader(`${page()}?modal=cancel&id=${created.id}`, cookie)).toMatchObject({
      kind: "value",
      data: { modal: null, target: null },
    });
    expect((await listIntakeChanges(course.id)).map((change) => change.action)).toEqual([
      "cancelled",
      "created",
      "updated",
      "created",
    ]);
  });

  it("answers a refused form with its field errors and 404 for an unknown course", async () => {
    const cookie = await signInCookie(staff.email);
    const outcome = await action(
      { intent: "create", ...intakeFields({ endsOn: "2027-01-01" }) },
      cookie,
    );
    expect(outcome).toMatchObject({
      kind: "data",
      status: 400,
      data: { result: { error: { endsOn: [intakeMessages.endBeforeStart] } } },
    });
    expect(
      await outcomeOf(() =>
        intakesRoute.loader(
          routeArgs(getRequest(`/admin-portal/courses/${MISSING_ID}/intakes`, { cookie }), {
            courseId: MISSING_ID,
          }),
        ),
      ),
    ).toMatchObject({ status: 404 });
  });
});
