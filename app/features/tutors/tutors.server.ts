import { asc, count, eq, ilike, or } from "drizzle-orm";
import { db } from "~/db/client.server";
import { type Admin, type Tutor, tutors } from "~/db/schema";
import type { ReceivedFile } from "~/features/uploads/upload-form.server";
import { UserFacingError } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { courseAssets } from "~/lib/infra/storage/index.server";
import { containsPattern } from "~/lib/text/sql-text";
import type { TutorListQuery } from "./list-url";
import { type TutorInput, tutorMessages } from "./schema";
import type { PublicTutor } from "./tutor-cards";
import { storeTutorPhoto, tutorPhotoKeys } from "./tutor-photo.server";

/**
 * The tutors the public pages introduce. Any active admin may manage them (the route's guard),
 * so there is no check of its own.
 */

/** The tutors by name, optionally those whose name or role holds `q`. */
export async function listTutors(query: TutorListQuery): Promise<Tutor[]> {
  const pattern = query.q ? containsPattern(query.q) : null;
  return db()
    .select()
    .from(tutors)
    .where(pattern ? or(ilike(tutors.name, pattern), ilike(tutors.role, pattern)) : undefined)
    .orderBy(asc(tutors.name), asc(tutors.id));
}

/** What the public pages show of a tutor. */
export const publicTutorColumns = {
  id: tutors.id,
  name: tutors.name,
  role: tutors.role,
  bio: tutors.bio,
  photo: tutors.photo,
  photoVariants: tutors.photoVariants,
};

/** The active tutors by name, with what the About page shows of them. */
export async function listActiveTutors(): Promise<PublicTutor[]> {
  return db()
    .select(publicTutorColumns)
    .from(tutors)
    .where(eq(tutors.isActive, true))
    .orderBy(asc(tutors.name), asc(tutors.id));
}

export async function countActiveTutors(): Promise<number> {
  const [row] = await db().select({ total: count() }).from(tutors).where(eq(tutors.isActive, true));
  return row?.total ?? 0;
}

export async function findTutorById(id: string): Promise<Tutor | null> {
  if (!isUuid(id)) return null;
  const [row] = await db().select().from(tutors).where(eq(tutors.id, id)).limit(1);
  return row ?? null;
}

const notFound = () => new UserFacingError(tutorMessages.notFound, 404);

const formColumns = (input: TutorInput) => ({
  name: input.name,
  role: input.role,
  bio: input.bio,
  link: input.link ?? null,
});

/**
 * Runs `write` with the photo stored first (when one was sent); if the write fails, the photo's
 * files are removed again, so that no file is left that no tutor points to.
 */
async function withPhoto<T>(
  photo: ReceivedFile | undefined,
  write: (columns: Partial<Pick<Tutor, "photo" | "photoVariants">>) => Promise<T>,
): Promise<T> {
  if (!photo) return write({});
  const storage = courseAssets();
  const stored = await storeTutorPhoto(storage, photo);
  try {
    return await write({ photo: stored.photo, photoVariants: stored.photoVariants });
  } catch (error) {
    await storage.delete(stored.keys);
    throw error;
  }
}

export async function createTutor(
  actor: Pick<Admin, "userId">,
  input: TutorInput,
  photo?: ReceivedFile,
): Promise<Tutor> {
  const [row] = await withPhoto(photo, (photoColumns) =>
    db()
      .insert(tutors)
      .values({ ...formColumns(input), ...photoColumns, createdBy: actor.userId })
      .returning(),
  );
  if (!row) throw new Error("The tutor was not stored");
  return row;
}

/** Changes a tutor; a new photo replaces the old one, whose files are then removed. */
export async function updateTutor(
  id: string,
  input: TutorInput,
  photo?: ReceivedFile,
): Promise<Tutor> {
  const before = await findTutorById(id);
  if (!before) throw notFound();
  const [row] = await withPhoto(photo, (photoColumns) =>
    db()
      .update(tutors)
      .set({ ...formColumns(input), ...photoColumns })
      .where(eq(tutors.id, id))
      .returning(),
  );
  if (!row) throw notFound();
  if (photo) {
    const storage = courseAssets();
    await storage.delete(tutorPhotoKeys(storage, before));
  }
  return row;
}

/** Sets whether the tutor is shown on the public pages. */
export async function setTutorActive(id: string, isActive: boolean): Promise<Tutor> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db().update(tutors).set({ isActive }).where(eq(tutors.id, id)).returning();
  if (!row) throw notFound();
  return row;
}
