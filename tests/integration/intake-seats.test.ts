import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Admin, courses, intakes } from "~/db/schema";
import { applyForIntake } from "~/features/applications/applications.server";
import { intakeFormSchema, intakeMessages } from "~/features/intakes/intake-form-schema";
import { createIntake, findIntakeById, updateIntake } from "~/features/intakes/intakes.server";
import { makeAdmin } from "../support/admin-session";
import { applicantInput, origin } from "../support/application-fixtures";
import { toFormData } from "../support/form-data";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();
const db = () => database().db;
// Before the intake's enrolment closes (25 Feb 2027).
const now = new Date("2027-01-10T09:00:00Z");
let staff: Admin;
let courseId: string;

beforeAll(async () => {
  staff = await makeAdmin({ role: "admin", name: "Ade Admin" });
  const [course] = await db()
    .insert(courses)
    .values({ slug: "seats-course", title: "Seats course", description: "A course" })
    .returning();
  if (!course) throw new Error("no course");
  courseId = course.id;
});

function valuesWithSeats(seats: string) {
  const submission = parseWithZod(
    toFormData({
      label: "March 2027",
      startsOn: "2027-03-01",
      endsOn: "2027-04-30",
      mode: "online",
      seats,
      enrolmentClosesAt: "2027-02-25T17:00",
      price: "100000",
    }),
    { schema: intakeFormSchema },
  );
  if (submission.status !== "success") throw new Error("invalid intake");
  return submission.value;
}

describe("seats and the places taken", () => {
  it("refuses fewer seats than the places taken, on the seats field", async () => {
    const intake = await createIntake(staff, courseId, valuesWithSeats("20"));
    // Twelve places taken: first-come applications are offered one each.
    await db()
      .update(intakes)
      .set({ status: "open", admissionMode: "first-come" })
      .where(eq(intakes.id, intake.id));
    for (let n = 0; n < 12; n++) await applyForIntake(intake.id, applicantInput(), origin, now);
    const refused = await updateIntake(staff, courseId, intake.id, valuesWithSeats("11")).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({
      message: intakeMessages.seatsBelowTaken(12),
      status: 409,
      field: "seats",
    });
    expect(await findIntakeById(intake.id)).toMatchObject({ seats: 20 });
    await updateIntake(staff, courseId, intake.id, {
      ...valuesWithSeats("12"),
      status: "open",
      admissionMode: "first-come",
    });
    expect(await findIntakeById(intake.id)).toMatchObject({ seats: 12 });
  });
});
