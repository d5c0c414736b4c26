import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { type Admin, type SavedReply, savedReplies } from "~/db/schema";
import { isUniqueViolation, UserFacingError } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { type SavedReplyInput, savedReplyMessages } from "./schema";

/**
 * The staff's saved replies: reusable answers to the questions that repeat. Any active admin
 * may read and change every one of them (the route's guard), so there is no check of its own.
 */

export async function listSavedReplies(): Promise<SavedReply[]> {
  return db().select().from(savedReplies).orderBy(asc(savedReplies.title), asc(savedReplies.id));
}

export async function findSavedReplyById(id: string): Promise<SavedReply | null> {
  if (!isUuid(id)) return null;
  const [row] = await db().select().from(savedReplies).where(eq(savedReplies.id, id)).limit(1);
  return row ?? null;
}

const notFound = () => new UserFacingError(savedReplyMessages.notFound, 404);

/** A title taken by another reply is the form's error on the title field. */
async function withUniqueTitle<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new UserFacingError(savedReplyMessages.duplicateTitle, 409, "title");
    }
    throw error;
  }
}

export async function createSavedReply(
  actor: Pick<Admin, "id">,
  input: SavedReplyInput,
): Promise<SavedReply> {
  const [row] = await withUniqueTitle(() =>
    db()
      .insert(savedReplies)
      .values({ title: input.title, body: input.body, createdBy: actor.id })
      .returning(),
  );
  if (!row) throw new Error("The saved reply was not stored");
  return row;
}

export async function updateSavedReply(id: string, input: SavedReplyInput): Promise<SavedReply> {
  if (!isUuid(id)) throw notFound();
  const [row] = await withUniqueTitle(() =>
    db()
      .update(savedReplies)
      .set({ title: input.title, body: input.body })
      .where(eq(savedReplies.id, id))
      .returning(),
  );
  if (!row) throw notFound();
  return row;
}

export async function deleteSavedReply(id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  const deleted = await db()
    .delete(savedReplies)
    .where(eq(savedReplies.id, id))
    .returning({ id: savedReplies.id });
  if (deleted.length === 0) throw notFound();
}
