import { count, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { courses, intakes, intakeTutors, type NewTutor, tutors } from "~/db/schema";
import { storeTutorPhoto } from "~/features/tutors/tutor-photo.server";
import type { ObjectStorage } from "~/lib/infra/storage/storage.server";
import { demoTutors } from "./demo-tutors";
import { renderTutorPortrait } from "./tutor-portrait.server";

/**
 * Demo mode only: gives an empty list of tutors the demo's six, each with a generated portrait
 * stored as an uploaded photo is, and makes them the tutors of the intakes of the courses they
 * teach. A list with any tutor is left alone.
 */
export async function seedDemoTutors(
  db: Database,
  storage: ObjectStorage,
  options: { log?: (line: string) => void } = {},
) {
  const [existing] = await db.select({ total: count() }).from(tutors);
  if ((existing?.total ?? 0) > 0) return 0;
  const storedKeys: string[] = [];
  try {
    const rows: NewTutor[] = [];
    for (const { colour, link, teaches: _, ...tutor } of demoTutors) {
      const buffer = await renderTutorPortrait(tutor.name, colour);
      const photo = await storeTutorPhoto(storage, { buffer, type: "image/png" });
      storedKeys.push(...photo.keys);
      rows.push({
        ...tutor,
        link: link ?? null,
        photo: photo.photo,
        photoVariants: photo.photoVariants,
      });
    }
    await db.transaction(async (tx) => {
      const inserted = await tx.insert(tutors).values(rows).returning({ id: tutors.id });
      const courseIntakes = await tx
        .select({ intakeId: intakes.id, category: courses.category })
        .from(intakes)
        .innerJoin(courses, eq(courses.id, intakes.courseId));
      const links = courseIntakes.flatMap(({ intakeId, category }) =>
        demoTutors
          .flatMap((tutor, index) => (tutor.teaches.includes(category) ? [inserted[index]] : []))
          .flatMap((tutor, position) => (tutor ? [{ intakeId, tutorId: tutor.id, position }] : [])),
      );
      if (links.length) await tx.insert(intakeTutors).values(links);
    });
  } catch (error) {
    await storage.delete(storedKeys);
    throw error;
  }
  options.log?.(`Added ${demoTutors.length} demo tutors.`);
  return demoTutors.length;
}
