import { and, asc, count, desc, eq, ilike, ne, or, type SQL, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import { type Admin, admins, authAccount, authSession, authUser } from "~/db/schema";
import { isUniqueViolation, UserFacingError } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { hashPassword } from "~/lib/infra/password-hash.server";
import { containsPattern } from "~/lib/text/sql-text";
import type { AdminListQuery } from "./list-url";
import { isSuperAdmin } from "./roles";
import {
  ADMIN_PAGE_SIZE,
  type AdminCreateInput,
  type AdminEditInput,
  adminMessages,
} from "./schema";

export async function findActiveAdminByUserId(userId: string): Promise<Admin | null> {
  const [admin] = await db()
    .select()
    .from(admins)
    .where(and(eq(admins.userId, userId), eq(admins.isActive, true)))
    .limit(1);
  return admin ?? null;
}

export async function findActiveAdminByEmail(email: string): Promise<Admin | null> {
  const [admin] = await db()
    .select()
    .from(admins)
    .where(and(eq(admins.email, email.toLowerCase()), eq(admins.isActive, true)))
    .limit(1);
  return admin ?? null;
}

export async function findAdminById(id: string): Promise<Admin | null> {
  if (!isUuid(id)) return null;
  const [admin] = await db().select().from(admins).where(eq(admins.id, id)).limit(1);
  return admin ?? null;
}

/** Active admins by name, for assignment pickers. */
export async function listActiveAdminOptions() {
  return db()
    .select({ id: admins.id, name: admins.name, email: admins.email })
    .from(admins)
    .where(eq(admins.isActive, true))
    .orderBy(asc(admins.name));
}

const sortable = {
  name: admins.name,
  email: admins.email,
  phone: admins.phone,
  role: admins.role,
  is_active: admins.isActive,
  created_at: admins.createdAt,
} as const;

/** The admin list. Search (name or e-mail), sort and paging are done by the database. */
export async function listAdmins(query: AdminListQuery) {
  const pattern = containsPattern(query.q);
  const where: SQL | undefined = query.q
    ? or(ilike(admins.name, pattern), ilike(admins.email, pattern))
    : undefined;
  const order = query.dir === "asc" ? asc(sortable[query.sort]) : desc(sortable[query.sort]);
  const [{ total } = { total: 0 }] = await db()
    .select({ total: count() })
    .from(admins)
    .where(where);
  const totalPages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const currentPage = Math.min(query.page, totalPages);
  const data = await db()
    .select()
    .from(admins)
    .where(where)
    .orderBy(order, asc(admins.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((currentPage - 1) * ADMIN_PAGE_SIZE);
  return {
    data,
    count: total,
    totalPages,
    currentPage,
    hasNextPage: currentPage < totalPages,
    hasPrevPage: currentPage > 1,
  };
}

export async function adminStats() {
  const [row] = await db()
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${admins.isActive})`.mapWith(Number),
      superAdmins: sql<number>`count(*) filter (where ${admins.role} = 'super_admin')`.mapWith(
        Number,
      ),
    })
    .from(admins);
  return row ?? { total: 0, active: 0, superAdmins: 0 };
}

async function activeSuperAdminCount(tx: Transaction | ReturnType<typeof db>, exceptId?: string) {
  const [row] = await tx
    .select({ total: count() })
    .from(admins)
    .where(
      and(
        eq(admins.role, "super_admin"),
        eq(admins.isActive, true),
        exceptId ? ne(admins.id, exceptId) : undefined,
      ),
    );
  return row?.total ?? 0;
}

/**
 * Creates the sign-in account and the admins row in one transaction: if either fails, neither
 * remains. Allowed to an active super admin, or to any active admin while no active super
 * admin exists (the bootstrap case). `actor` null is the operator's CLI.
 */
export async function createAdmin(actor: Admin | null, input: AdminCreateInput): Promise<Admin> {
  const passwordHash = await hashPassword(input.password);
  const email = input.email.trim().toLowerCase();
  try {
    return await db().transaction(async (tx) => {
      await lockAdminChanges(tx);
      if (actor) {
        const current = await currentActor(tx, actor, adminMessages.onlySuperAdminsCreate);
        if (!isSuperAdmin(current) && (await activeSuperAdminCount(tx)) > 0) {
          throw new UserFacingError(adminMessages.onlySuperAdminsCreate, 403);
        }
      }
      const [user] = await tx
        .insert(authUser)
        .values({ name: input.name, email, emailVerified: false })
        .returning();
      if (!user) throw new Error("The account was not created");
      await tx.insert(authAccount).values({
        accountId: user.id,
        providerId: "credential",
        userId: user.id,
        password: passwordHash,
      });
      const [admin] = await tx
        .insert(admins)
        .values({
          userId: user.id,
          name: input.name,
          email,
          phone: input.phone,
          role: input.role,
          isActive: input.is_active,
        })
        .returning();
      if (!admin) throw new Error("The admin record was not created");
      return admin;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new UserFacingError(adminMessages.duplicateEmail, 409, "email");
    throw error;
  }
}

function assertSuperAdmin(actor: Admin, message: string) {
  if (!actor.isActive || !isSuperAdmin(actor)) throw new UserFacingError(message, 403);
}

/**
 * Serialises admin-account changes, so the bootstrap and last-super-admin rules hold when
 * two super admins act at once.
 */
async function lockAdminChanges(tx: Transaction) {
  await tx.execute(sql`select pg_advisory_xact_lock(727411002)`);
}

/** The actor as the database has it now, under the lock: they may have lost their rights. */
async function currentActor(tx: Transaction, actor: Admin, refusal: string): Promise<Admin> {
  const [current] = await tx.select().from(admins).where(eq(admins.id, actor.id));
  if (!current?.isActive) throw new UserFacingError(refusal, 403);
  return current;
}

/** Ends every session of the admin's account: a signed-in admin is out on their next request. */
async function endSessions(tx: Transaction, userId: string) {
  await tx.delete(authSession).where(eq(authSession.userId, userId));
}

/** Applies `change` to another admin, keeping at least one active super admin. */
async function changeAdmin(
  actor: Admin,
  id: string,
  change: Partial<Pick<Admin, "name" | "phone" | "role" | "isActive">>,
  refusal: string,
): Promise<Admin> {
  if (id === actor.id) throw new UserFacingError(adminMessages.ownAccount, 403);
  if (!isUuid(id)) throw new UserFacingError(adminMessages.notFound, 404);
  return db().transaction(async (tx) => {
    await lockAdminChanges(tx);
    assertSuperAdmin(await currentActor(tx, actor, refusal), refusal);
    const [target] = await tx.select().from(admins).where(eq(admins.id, id)).for("update");
    if (!target) throw new UserFacingError(adminMessages.notFound, 404);
    const staysSuperAdmin =
      isSuperAdmin({ role: change.role ?? target.role }) && (change.isActive ?? target.isActive);
    if (
      isSuperAdmin(target) &&
      target.isActive &&
      !staysSuperAdmin &&
      (await activeSuperAdminCount(tx, target.id)) === 0
    ) {
      throw new UserFacingError(adminMessages.lastSuperAdmin, 409);
    }
    const [updated] = await tx
      .update(admins)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(admins.id, id))
      .returning();
    if (!updated) throw new UserFacingError(adminMessages.notFound, 404);
    if (change.name)
      await tx.update(authUser).set({ name: change.name }).where(eq(authUser.id, updated.userId));
    if (!updated.isActive) await endSessions(tx, updated.userId);
    return updated;
  });
}

/** Changes an admin's name, phone, role and status. Super admins only. */
export async function updateAdmin(actor: Admin, id: string, input: AdminEditInput) {
  assertSuperAdmin(actor, adminMessages.onlySuperAdminsUpdate);
  return changeAdmin(
    actor,
    id,
    { name: input.name, phone: input.phone, role: input.role, isActive: input.is_active },
    adminMessages.onlySuperAdminsUpdate,
  );
}

/** 'Delete' is a soft delete (the admin becomes inactive), for active super admins only. */
export async function deactivateAdmin(actor: Admin, id: string) {
  assertSuperAdmin(actor, adminMessages.onlySuperAdminsDelete);
  return changeAdmin(actor, id, { isActive: false }, adminMessages.onlySuperAdminsDelete);
}
