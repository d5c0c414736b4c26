import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { courses, intakes, intakeTutors, publicContentVersion, tutors } from "~/db/schema";
import {
  nextIntakes,
  nextStartByCourse,
  nextStartOf,
} from "~/features/intakes/public-intakes.server";
import { insertIntakes } from "../support/intake-fixtures";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();

// 10:30 in Lagos on Wednesday 11 March 2026.
const NOW = new Date("2026-03-11T09:30:00Z");

async function addCourse(slug: string) {
  const [row] = await database()
    .db.insert(courses)
    .values({ slug, title: slug, description: `About ${slug}` })
    .returning({ id: courses.id });
  if (!row) throw new Error("Course not inserted");
  return row.id;
}

beforeEach(async () => {
  await database().db.delete(courses);
  await database().db.delete(tutors);
});

async function addTutors(...names: [string, boolean][]) {
  return database()
    .db.insert(tutors)
    .values(names.map(([name, isActive]) => ({ name, role: `Role of ${name}`, isActive })))
    .returning();
}

describe("nextIntakes", () => {
  it("lists the next three open intakes, soonest first, never drafts, cancelled or closed ones", async () => {
    const id = await addCourse("python");
    await insertIntakes(id, ["2026-06-01", "2026-04-13", "2026-05-04", "2026-07-06"]);
    await insertIntakes(id, ["2026-03-16"], { status: "draft" });
    await insertIntakes(id, ["2026-03-23"], { status: "cancelled", cancelReason: "Too few" });
    await insertIntakes(id, ["2026-03-30"], { status: "closed" });
    await insertIntakes(id, ["2026-03-02"]); // started last week
    const listed = await nextIntakes(id, NOW);
    expect(listed.map((intake) => intake.startsOn)).toEqual([
      "2026-04-13",
      "2026-05-04",
      "2026-06-01",
    ]);
  });

  it("words each intake for the page: places, closing, mode, early bird", async () => {
    const id = await addCourse("design");
    await insertIntakes(id, ["2026-04-13"], {
      label: "April 2026 · weekday evenings",
      endsOn: "2026-07-03",
      classTimes: "Mon, Wed, Thu 6-9 pm",
      mode: "both",
      location: "Victoria Island, Lagos",
      seats: 3,
      enrolmentClosesAt: new Date("2026-03-15T23:00:00Z"),
      price: 25_000_000,
      earlyBirdPrice: 22_500_000,
      earlyBirdEndsOn: "2026-03-14",
    });
    const [intake] = await nextIntakes(id, NOW);
    expect(intake).toMatchObject({
      label: "April 2026 · weekday evenings",
      startsOn: "2026-04-13",
      endsOn: "2026-07-03",
      classTimes: "Mon, Wed, Thu 6-9 pm",
      modeLabel: "In person or online",
      location: "Victoria Island, Lagos",
      price: 25_000_000,
      full: false,
      placesLeft: "Last 3 places",
      closing: "closes in 4 days",
      earlyBird: "Early bird ₦225,000 until 14 Mar (save ₦25,000)",
    });
  });

  it("counts an intake starting today in Lagos, not one that started yesterday there", async () => {
    const id = await addCourse("data");
    await insertIntakes(id, ["2026-04-05", "2026-04-06"]);
    // 00:30 on 6 April in Lagos is still 5 April in UTC.
    const lagosMorning = new Date("2026-04-05T23:30:00Z");
    expect((await nextIntakes(id, lagosMorning)).map((intake) => intake.startsOn)).toEqual([
      "2026-04-06",
    ]);
    expect(await nextStartOf(id, lagosMorning)).toBe("2026-04-06");
    expect(await nextStartOf(id, new Date("2026-04-05T22:30:00Z"))).toBe("2026-04-05");
  });

  it("introduces each intake's active tutors in their order", async () => {
    const id = await addCourse("tutored");
    const [intake] = await insertIntakes(id, ["2026-04-13"]);
    const [ngozi, kunle, away] = await addTutors(["Ngozi", true], ["Kunle", true], ["Away", false]);
    if (!intake || !ngozi || !kunle || !away) throw new Error("not inserted");
    await database()
      .db.insert(intakeTutors)
      .values([
        { intakeId: intake.id, tutorId: kunle.id, position: 0 },
        { intakeId: intake.id, tutorId: away.id, position: 1 },
        { intakeId: intake.id, tutorId: ngozi.id, position: 2 },
      ]);
    const [listed] = await nextIntakes(id, NOW);
    expect(listed?.tutors.map((tutor) => [tutor.name, tutor.role])).toEqual([
      ["Kunle", "Role of Kunle"],
      ["Ngozi", "Role of Ngozi"],
    ]);
  });
});

describe("nextStartByCourse and nextStartOf", () => {
  it("give each course's next open start, and nothing for a course without one", async () => {
    const a = await addCourse("a");
    const b = await addCourse("b");
    const none = await addCourse("none");
    await insertIntakes(a, ["2026-05-04", "2026-04-06"]);
    await insertIntakes(b, ["2026-04-20"]);
    await insertIntakes(b, ["2026-03-30"], { status: "draft" });
    await insertIntakes(none, ["2026-03-02"]);
    const starts = await nextStartByCourse(NOW);
    expect(Object.fromEntries(starts)).toEqual({ [a]: "2026-04-06", [b]: "2026-04-20" });
    expect(await nextStartOf(none, NOW)).toBeNull();
  });
});

describe("the public pages' version", () => {
  it("moves on with every change to an intake, so kept pages show it", async () => {
    const id = await addCourse("versioned");
    const version = async () =>
      (await database().db.select().from(publicContentVersion))[0]?.version ?? 0;
    const before = await version();
    const [intake] = await insertIntakes(id, ["2026-04-06"]);
    const added = await version();
    expect(added).toBeGreaterThan(before);
    await database()
      .db.update(intakes)
      .set({ seats: 12 })
      .where(eq(intakes.id, intake?.id ?? ""));
    expect(await version()).toBeGreaterThan(added);
    const [tutor] = await addTutors(["Versioned", true]);
    const tutorAdded = await version();
    await database()
      .db.insert(intakeTutors)
      .values({ intakeId: intake?.id ?? "", tutorId: tutor?.id ?? "" });
    expect(await version()).toBeGreaterThan(tutorAdded);
  });
});
