import { parseWithZod } from "@conform-to/zod/v4";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { type Admin, courses } from "~/db/schema";
import { intakeFormSchema, intakeMessages } from "~/features/intakes/intake-form-schema";
import { createIntake, findIntakeById, updateIntake } from "~/features/intakes/intakes.server";
import { makeAdmin } from "../support/admin-session";
import { toFormData } from "../support/course-fixtures";
import { setupTestDatabase } from "../support/test-database";

// No places are taken until applications count them: this file stands in for that count.
const taken = vi.hoisted(() => ({ count: 0 }));
vi.mock("~/features/intakes/places-taken.server", () => ({
  placesTaken: async () => taken.count,
}));

const database = setupTestDatabase();
let staff: Admin;
let courseId: string;

beforeAll(async () => {
  staff = await makeAdmin({ role: "admin", name: "Ade Admin" });
  const [course] = await database()
    .db.insert(courses)
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
    taken.count = 12;
    const refused = await updateIntake(staff, courseId, intake.id, valuesWithSeats("11")).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({
      message: intakeMessages.seatsBelowTaken(12),
      status: 409,
      field: "seats",
    });
    expect(await findIntakeById(intake.id)).toMatchObject({ seats: 20 });
    await updateIntake(staff, courseId, intake.id, valuesWithSeats("12"));
    expect(await findIntakeById(intake.id)).toMatchObject({ seats: 12 });
  });
});
