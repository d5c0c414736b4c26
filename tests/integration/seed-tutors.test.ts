import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { courses, intakeTutors, tutors } from "~/db/schema";
import { demoTutors } from "~/features/demo/demo-tutors";
import { seedDemoTutors } from "~/features/demo/seed-tutors.server";
import { tutorFormSchema } from "~/features/tutors/schema";
import { keyOf, readStored, setupTestStorage } from "../support/course-fixtures";
import { insertIntakes } from "../support/intake-fixtures";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();
const files = setupTestStorage();

beforeEach(async () => {
  await database().db.delete(tutors);
  await database().db.delete(courses);
});

describe("demo tutors", () => {
  it("are six, and pass the tutor form's schema", () => {
    expect(demoTutors).toHaveLength(6);
    for (const { colour, ...demo } of demoTutors) {
      expect(colour).toMatch(/^#[0-9a-f]{6}$/);
      expect(tutorFormSchema.safeParse(demo).error?.issues ?? [], demo.name).toEqual([]);
    }
  });

  it("fill an empty list once, each with a generated square portrait in the storage", async () => {
    const log: string[] = [];
    expect(
      await seedDemoTutors(database().db, files.storage, { log: (line) => log.push(line) }),
    ).toBe(6);
    expect(log).toEqual(["Added 6 demo tutors."]);
    const rows = await database().db.select().from(tutors);
    expect(rows.map((row) => row.name).sort()).toEqual(demoTutors.map((demo) => demo.name).sort());
    for (const row of rows) {
      expect(row.isActive).toBe(true);
      expect(keyOf(row.photo)).toMatch(/^images\/tutor-photo-\d{13}\.png$/);
      expect(row.photoVariants.map((variant) => variant.width)).toEqual([160, 320]);
    }
    const first = rows[0];
    if (!first?.photo) throw new Error("No photo stored");
    const stored = await readStored(files, keyOf(first.photo));
    const { width, height, format } = await sharp(stored.bytes).metadata();
    expect({ width, height, format }).toEqual({ width: 480, height: 480, format: "png" });
    expect(await files.keys()).toHaveLength(18);

    expect(await seedDemoTutors(database().db, files.storage)).toBe(0);
    expect(await database().db.$count(tutors)).toBe(6);
  });

  it("teach the intakes of the courses in their categories, the lead tutor first", async () => {
    const [data, design] = await database()
      .db.insert(courses)
      .values([
        { slug: "data", title: "Data", description: "Data", category: "Data Science" },
        { slug: "design", title: "Design", description: "Design", category: "Design" },
      ])
      .returning();
    if (!data || !design) throw new Error("no courses");
    const [dataIntake] = await insertIntakes(data.id, ["2027-01-11"]);
    const [designIntake] = await insertIntakes(design.id, ["2027-02-08"]);
    await seedDemoTutors(database().db, files.storage);
    const tutorsOf = async (intakeId: string | undefined) =>
      (
        await database()
          .db.select({ name: tutors.name })
          .from(intakeTutors)
          .innerJoin(tutors, eq(tutors.id, intakeTutors.tutorId))
          .where(eq(intakeTutors.intakeId, intakeId ?? ""))
          .orderBy(asc(intakeTutors.position))
      ).map((row) => row.name);
    expect(await tutorsOf(dataIntake?.id)).toEqual(["Adaeze Okonkwo", "Segun Alade"]);
    expect(await tutorsOf(designIntake?.id)).toEqual(["Funmilayo Adebayo", "Segun Alade"]);
  });
});
