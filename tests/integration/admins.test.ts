import { randomBytes, randomUUID } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  type Admin,
  admins,
  authAccount,
  authUser,
  courses,
  messages,
  rateLimits,
} from "~/db/schema";
import {
  adminStats,
  createAdmin,
  deactivateAdmin,
  listAdmins,
  updateAdmin,
} from "~/features/admins/admins.server";
import { type AdminListQuery, parseAdminListQuery } from "~/features/admins/list-url";
import { adminMessages, adminSortColumns } from "~/features/admins/schema";
import { readAdminSession } from "~/features/auth/session.server";
import { ensureDemoAdmin } from "~/features/demo/demo-admin.server";
import { dashboardStats, recentActivity } from "~/features/portal/dashboard.server";
import { errorMessage, UNEXPECTED_ERROR, UserFacingError } from "~/lib/errors";
import { loadEnv, setEnvForTesting } from "~/lib/infra/env.server";
import { takeFlash } from "~/lib/router/flash.server";
import * as adminsRoute from "~/routes/admin/admins";
import {
  findAdmin,
  getRequest,
  makeAdmin,
  outcomeOf,
  postRequest,
  sessionCount,
  setCookiesOf,
  signedInAdmin,
  signInCookie,
  uniqueEmail,
} from "../support/admin-session";
import { refusal, rejection } from "../support/rejection";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();

beforeEach(async () => {
  await database().db.delete(messages);
  await database().db.delete(courses);
  await database().db.delete(admins);
  await database().db.delete(authUser);
  await database().db.delete(rateLimits);
});

const superAdmin = (seed: Parameters<typeof makeAdmin>[0] = {}) =>
  makeAdmin({ role: "super_admin", ...seed });

async function tableCounts() {
  const [users] = await database().db.select({ n: count() }).from(authUser);
  const [accounts] = await database().db.select({ n: count() }).from(authAccount);
  const [rows] = await database().db.select({ n: count() }).from(admins);
  return { users: users?.n, accounts: accounts?.n, admins: rows?.n };
}

const newAdminInput = (overrides: Partial<Parameters<typeof createAdmin>[1]> = {}) => ({
  name: "Ngozi Okafor",
  email: uniqueEmail("new"),
  phone: "+234 803 555 0101",
  password: "new-admin-secret",
  role: "admin" as const,
  is_active: true,
  ...overrides,
});

describe("createAdmin", () => {
  it("creates the auth user, a credential account and the admins row; the new admin can sign in", async () => {
    const actor = await superAdmin();
    const input = newAdminInput();
    const created = await createAdmin(actor, input);
    expect(created).toMatchObject({
      name: input.name,
      email: input.email,
      phone: input.phone,
      role: "admin",
      isActive: true,
    });
    const [user] = await database()
      .db.select()
      .from(authUser)
      .where(eq(authUser.id, created.userId));
    expect(user).toMatchObject({ email: input.email, name: input.name, emailVerified: false });
    const accounts = await database()
      .db.select()
      .from(authAccount)
      .where(eq(authAccount.userId, created.userId));
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ providerId: "credential", accountId: created.userId });
    expect(accounts[0]?.password).toBeTruthy();
    expect(accounts[0]?.password).not.toContain(input.password);

    const cookie = await signInCookie(input.email, input.password);
    expect(await readAdminSession(getRequest("/admin-portal", { cookie }))).toMatchObject({
      status: "active",
      admin: { id: created.id },
    });
  });

  it("refuses a duplicate e-mail in any letter case on the email field, creating nothing", async () => {
    const actor = await superAdmin();
    const existing = await makeAdmin({ email: "dup.admin@academy.test" });
    const before = await tableCounts();
    for (const email of [existing.email, "DUP.Admin@Academy.TEST"]) {
      const error = await refusal(createAdmin(actor, newAdminInput({ email })));
      expect(error.message).toBe("An admin with this email address already exists.");
      expect(error.field).toBe("email");
      expect(error.status).toBe(409);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it("removes the new auth account when the admins row cannot be inserted", async () => {
    const actor = await superAdmin();
    // An admins row whose e-mail has no auth user: the auth_user insert succeeds, the admins
    // insert then breaks the unique index on lower(email).
    const other = await makeAdmin();
    await database()
      .db.update(admins)
      .set({ email: "Taken.Row@academy.test" })
      .where(eq(admins.id, other.id));
    const before = await tableCounts();
    const error = await refusal(
      createAdmin(actor, newAdminInput({ email: "taken.row@academy.test" })),
    );
    expect(error.message).toBe(adminMessages.duplicateEmail);
    expect(await tableCounts()).toEqual(before);
    expect(
      await database()
        .db.select()
        .from(authUser)
        .where(eq(authUser.email, "taken.row@academy.test")),
    ).toEqual([]);
  });

  it("removes the new auth account when the admins insert fails for any other reason", async () => {
    const actor = await superAdmin();
    const before = await tableCounts();
    const email = uniqueEmail("broken");
    await expect(
      createAdmin(actor, newAdminInput({ email, role: "owner" as never })),
    ).rejects.toThrow();
    expect(await tableCounts()).toEqual(before);
    expect(await database().db.select().from(authUser).where(eq(authUser.email, email))).toEqual(
      [],
    );
  });

  it("lets an admin create only while no active super admin exists (bootstrap)", async () => {
    const admin = await makeAdmin();
    const first = await createAdmin(admin, newAdminInput({ role: "super_admin" }));
    expect(first.role).toBe("super_admin");

    const before = await tableCounts();
    const error = await refusal(createAdmin(admin, newAdminInput()));
    expect(error.message).toBe("Only super admins can create new admin users");
    expect(error.status).toBe(403);
    expect(await tableCounts()).toEqual(before);

    // With the only super admin inactive, the bootstrap case applies again.
    await database().db.update(admins).set({ isActive: false }).where(eq(admins.id, first.id));
    await expect(createAdmin(admin, newAdminInput())).resolves.toMatchObject({ role: "admin" });
  });

  it("lets an active super admin create super admins and inactive admins", async () => {
    const actor = await superAdmin();
    await expect(createAdmin(actor, newAdminInput({ role: "super_admin" }))).resolves.toMatchObject(
      { role: "super_admin", isActive: true },
    );
    await expect(createAdmin(actor, newAdminInput({ is_active: false }))).resolves.toMatchObject({
      role: "admin",
      isActive: false,
    });
  });

  it("refuses an inactive super admin while another super admin is active", async () => {
    await superAdmin();
    const deactivated = await superAdmin({ isActive: false });
    const before = await tableCounts();
    const error = await refusal(createAdmin(deactivated, newAdminInput()));
    expect(error.message).toBe(adminMessages.onlySuperAdminsCreate);
    expect(await tableCounts()).toEqual(before);
  });
});

// --- listAdmins ---------------------------------------------------------------------------

const T0 = new Date("2026-01-05T09:00:00.000Z");

/** An admins row (with its auth user, no password) written directly, for list tests. */
async function insertAdminRow(row: {
  name: string;
  email: string;
  phone?: string;
  role?: Admin["role"];
  isActive?: boolean;
  createdAt?: Date;
}) {
  const [user] = await database()
    .db.insert(authUser)
    .values({ name: row.name, email: row.email.toLowerCase() })
    .returning();
  if (!user) throw new Error("no user");
  const [admin] = await database()
    .db.insert(admins)
    .values({
      userId: user.id,
      name: row.name,
      email: row.email,
      phone: row.phone ?? "+234 800 000 0000",
      role: row.role ?? "admin",
      isActive: row.isActive ?? true,
      createdAt: row.createdAt ?? T0,
      updatedAt: row.createdAt ?? T0,
    })
    .returning();
  if (!admin) throw new Error("no admin");
  return admin;
}

const query = (overrides: Partial<AdminListQuery> = {}): AdminListQuery => ({
  q: "",
  sort: "created_at",
  dir: "desc",
  page: 1,
  ...overrides,
});

/** Twelve admins whose names, e-mails and phones differ in their first differing character. */
async function seedTwelve() {
  const names = ["Amaka", "Bola", "Chidi", "Dayo", "Emeka", "Funke", "Gbenga", "Halima"];
  const more = ["Ifeoma", "Jide", "Kemi", "Lanre"];
  const rows = [];
  for (const [index, name] of [...names, ...more].entries()) {
    rows.push(
      await insertAdminRow({
        name: `${name} Staff`,
        // E-mails in the reverse order of names, phones in another order again.
        email: `${String.fromCharCode(122 - index)}mail@academy.test`,
        phone: `+234 8${String((index * 7) % 12).padStart(2, "0")} 000 0000`,
        role: index % 3 === 0 ? "super_admin" : "admin",
        isActive: index % 4 !== 1,
        createdAt: new Date(T0.getTime() + ((index * 5) % 12) * 3_600_000),
      }),
    );
  }
  return rows;
}

function compareBy(column: AdminListQuery["sort"]) {
  return (a: Admin, b: Admin) => {
    const value = (admin: Admin): string | number => {
      switch (column) {
        case "name":
          return admin.name;
        case "email":
          return admin.email;
        case "phone":
          return admin.phone.replace(/\D/g, "");
        case "role":
          return admin.role === "admin" ? 0 : 1; // enum order
        case "is_active":
          return admin.isActive ? 1 : 0;
        case "created_at":
          return admin.createdAt.getTime();
      }
    };
    const [left, right] = [value(a), value(b)];
    return left < right ? -1 : left > right ? 1 : 0;
  };
}

describe("listAdmins", () => {
  it("searches name or e-mail, case-insensitively", async () => {
    await insertAdminRow({ name: "Adaeze Nwosu", email: "adaeze@academy.test" });
    await insertAdminRow({ name: "Tunde Bakare", email: "TUNDE.B@Academy.test" });
    await insertAdminRow({ name: "Yemi Alade", email: "contact@yemi.ng" });
    const names = async (q: string) =>
      (await listAdmins(query({ q, sort: "name", dir: "asc" }))).data.map((a) => a.name);
    expect(await names("ADAEZE")).toEqual(["Adaeze Nwosu"]);
    expect(await names("tunde.b@academy")).toEqual(["Tunde Bakare"]);
    expect(await names("yemi")).toEqual(["Yemi Alade"]);
    expect(await names("academy.test")).toEqual(["Adaeze Nwosu", "Tunde Bakare"]);
    expect(await names("bakare")).toEqual(["Tunde Bakare"]);
    expect(await names("nobody-matches")).toEqual([]);
    expect(await names("")).toHaveLength(3);
  });

  it("treats % and _ (and backslash) in the search literally", async () => {
    await insertAdminRow({ name: "Hundred % Admin", email: "percent@academy.test" });
    await insertAdminRow({ name: "Plain Admin", email: "under_score@academy.test" });
    await insertAdminRow({ name: "Back\\slash Admin", email: "back@academy.test" });
    await insertAdminRow({ name: "Other Admin", email: "underxscore@academy.test" });
    const names = async (q: string) =>
      (await listAdmins(query({ q, sort: "name", dir: "asc" }))).data.map((a) => a.name);
    expect(await names("%")).toEqual(["Hundred % Admin"]);
    expect(await names("_")).toEqual(["Plain Admin"]);
    expect(await names("under_score")).toEqual(["Plain Admin"]);
    expect(await names("\\")).toEqual(["Back\\slash Admin"]);
    expect(await names("%admin")).toEqual([]);
  });

  it.each(
    adminSortColumns.flatMap((column) => [
      [column, "asc"],
      [column, "desc"],
    ]) as [AdminListQuery["sort"], "asc" | "desc"][],
  )("sorts by %s %s across pages", async (column, dir) => {
    const rows = await seedTwelve();
    const expected = [...rows].sort((a, b) => {
      const byColumn = compareBy(column)(a, b) * (dir === "asc" ? 1 : -1);
      return byColumn || (a.id < b.id ? -1 : 1);
    });
    const first = await listAdmins(query({ sort: column, dir, page: 1 }));
    const second = await listAdmins(query({ sort: column, dir, page: 2 }));
    expect(first.data).toHaveLength(10);
    expect(second.data).toHaveLength(2);
    expect([...first.data, ...second.data].map((a) => a.id)).toEqual(expected.map((a) => a.id));
  });

  it("pages by 10 with count, totalPages, currentPage and the next/previous flags", async () => {
    for (let index = 0; index < 23; index += 1) {
      await insertAdminRow({
        name: `Staff ${String(index).padStart(2, "0")}`,
        email: `staff${index}@academy.test`,
        createdAt: new Date(T0.getTime() + index * 60_000),
      });
    }
    const page1 = await listAdmins(query({ page: 1 }));
    expect(page1).toMatchObject({
      count: 23,
      totalPages: 3,
      currentPage: 1,
      hasNextPage: true,
      hasPrevPage: false,
    });
    expect(page1.data.map((a) => a.name)[0]).toBe("Staff 22"); // newest first by default
    expect(page1.data).toHaveLength(10);

    const page2 = await listAdmins(query({ page: 2 }));
    expect(page2).toMatchObject({ currentPage: 2, hasNextPage: true, hasPrevPage: true });
    expect(page2.data.map((a) => a.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Staff ${String(12 - i).padStart(2, "0")}`),
    );

    const page3 = await listAdmins(query({ page: 3 }));
    expect(page3).toMatchObject({ currentPage: 3, hasNextPage: false, hasPrevPage: true });
    expect(page3.data.map((a) => a.name)).toEqual(["Staff 02", "Staff 01", "Staff 00"]);

    const beyond = await listAdmins(query({ page: 99 }));
    expect(beyond).toMatchObject({ count: 23, totalPages: 3, currentPage: 3, hasNextPage: false });
    expect(beyond.data.map((a) => a.id)).toEqual(page3.data.map((a) => a.id));

    const searched = await listAdmins(query({ q: "staff1", page: 5 }));
    expect(searched).toMatchObject({
      count: 11, // staff1 and staff10..staff19
      totalPages: 2,
      currentPage: 2,
      hasNextPage: false,
      hasPrevPage: true,
    });
    expect(searched.data).toHaveLength(1);
  });

  it("gives one empty page when nothing matches", async () => {
    expect(await listAdmins(query({ q: "nobody", page: 4 }))).toEqual({
      data: [],
      count: 0,
      totalPages: 1,
      currentPage: 1,
      hasNextPage: false,
      hasPrevPage: false,
    });
  });

  it("reads search, sort and page from the URL, falling back on bad values", () => {
    expect(
      parseAdminListQuery(new URLSearchParams("q=%20ada%20&sort=email&dir=asc&page=3")),
    ).toEqual({ q: "ada", sort: "email", dir: "asc", page: 3 });
    expect(parseAdminListQuery(new URLSearchParams("sort=password&dir=sideways&page=-2"))).toEqual({
      q: "",
      sort: "created_at",
      dir: "desc",
      page: 1,
    });
    expect(parseAdminListQuery(new URLSearchParams("page=2.5")).page).toBe(1);
  });
});

describe("adminStats", () => {
  it("counts all admins, the active ones and the super admins", async () => {
    expect(await adminStats()).toEqual({ total: 0, active: 0, superAdmins: 0 });
    await insertAdminRow({ name: "A", email: "a@academy.test", role: "super_admin" });
    await insertAdminRow({
      name: "B",
      email: "b@academy.test",
      role: "super_admin",
      isActive: false,
    });
    await insertAdminRow({ name: "C", email: "c@academy.test" });
    await insertAdminRow({ name: "D", email: "d@academy.test", isActive: false });
    expect(await adminStats()).toEqual({ total: 4, active: 2, superAdmins: 2 });
  });
});

// --- updateAdmin and deactivateAdmin ----------------------------------------------------------

const editInput = (target: Admin, overrides: Partial<Parameters<typeof updateAdmin>[2]> = {}) => ({
  name: target.name,
  phone: target.phone,
  role: target.role,
  is_active: target.isActive,
  ...overrides,
});

describe("updateAdmin", () => {
  it("changes name, phone, role and status, and bumps updated_at", async () => {
    const actor = await superAdmin();
    const target = await makeAdmin({ name: "Old Name" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const updated = await updateAdmin(
      actor,
      target.id,
      editInput(target, { name: "New Name", phone: "+234 700 111 2222", role: "super_admin" }),
    );
    expect(updated).toMatchObject({
      name: "New Name",
      phone: "+234 700 111 2222",
      role: "super_admin",
      isActive: true,
      email: target.email,
    });
    expect(updated.updatedAt.getTime()).toBeGreaterThan(target.updatedAt.getTime());
    expect(await findAdmin(target.id)).toMatchObject({ name: "New Name", role: "super_admin" });
    const [user] = await database()
      .db.select()
      .from(authUser)
      .where(eq(authUser.id, target.userId));
    expect(user?.name).toBe("New Name");
  });

  it("is for super admins only", async () => {
    const actor = await makeAdmin();
    await superAdmin();
    const target = await makeAdmin({ name: "Untouched" });
    const error = await refusal(
      updateAdmin(actor, target.id, editInput(target, { name: "Changed" })),
    );
    expect(error.message).toMatch(/^Only super admins can /);
    expect(error.status).toBe(403);
    expect((await findAdmin(target.id))?.name).toBe("Untouched");

    const inactiveSuper = await superAdmin({ isActive: false });
    await refusal(updateAdmin(inactiveSuper, target.id, editInput(target, { name: "Changed" })));
    expect((await findAdmin(target.id))?.name).toBe("Untouched");
  });

  it("refuses the actor's own row", async () => {
    const actor = await superAdmin();
    await superAdmin();
    const error = await refusal(updateAdmin(actor, actor.id, editInput(actor, { name: "Me" })));
    expect(error.message).toBe(adminMessages.ownAccount);
    expect((await findAdmin(actor.id))?.name).toBe(actor.name);
  });

  it("answers 'Admin not found.' for an unknown id", async () => {
    const actor = await superAdmin();
    const target = await makeAdmin();
    const error = await refusal(updateAdmin(actor, randomUUID(), editInput(target)));
    expect(error).toMatchObject({ message: adminMessages.notFound, status: 404 });
  });

  it("may demote another super admin while another active one remains", async () => {
    const actor = await superAdmin();
    const target = await superAdmin();
    await expect(
      updateAdmin(actor, target.id, editInput(target, { role: "admin" })),
    ).resolves.toMatchObject({ role: "admin" });
  });

  it("never demotes or deactivates the last active super admin", async () => {
    const first = await superAdmin();
    const second = await superAdmin();
    // The actor cannot be the target and counts as an active super admin, so the rule is
    // reached only when the actor went inactive after their request was authorised: `first`
    // acts with a stale record, and `second` is the last active super admin.
    await database().db.update(admins).set({ isActive: false }).where(eq(admins.id, first.id));
    for (const change of [{ role: "admin" as const }, { is_active: false }]) {
      const error = await refusal(updateAdmin(first, second.id, editInput(second, change)));
      // The actor is re-read under the lock: no longer active, so refused before the rule.
      expect(error.message).toBe(adminMessages.onlySuperAdminsUpdate);
    }
    const error = await refusal(deactivateAdmin(first, second.id));
    expect(error.message).toBe(adminMessages.onlySuperAdminsDelete);
    expect(await findAdmin(second.id)).toMatchObject({ role: "super_admin", isActive: true });
  });

  it("deactivating through the edit form ends the target's sessions", async () => {
    const actor = await superAdmin();
    const { admin: target, cookie } = await signedInAdmin();
    await updateAdmin(actor, target.id, editInput(target, { is_active: false }));
    expect(await sessionCount(target.userId)).toBe(0);
    expect(await readAdminSession(getRequest("/admin-portal", { cookie }))).toEqual({
      status: "anonymous",
    });
  });

  it("an edit that keeps the admin active leaves their sessions alone", async () => {
    const actor = await superAdmin();
    const { admin: target, cookie } = await signedInAdmin();
    await updateAdmin(actor, target.id, editInput(target, { phone: "+234 1" }));
    expect((await readAdminSession(getRequest("/admin-portal", { cookie }))).status).toBe("active");
  });
});

describe("deactivateAdmin", () => {
  it("is refused to an admin and to an inactive super admin", async () => {
    await superAdmin();
    const target = await makeAdmin();
    for (const actor of [await makeAdmin(), await superAdmin({ isActive: false })]) {
      const error = await refusal(deactivateAdmin(actor, target.id));
      expect(error.message).toBe("Only super admins can delete admin users");
      expect(error.status).toBe(403);
    }
    expect((await findAdmin(target.id))?.isActive).toBe(true);
  });

  it("is a soft delete: the row stays, inactive, with updated_at bumped", async () => {
    const actor = await superAdmin();
    const target = await makeAdmin();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await deactivateAdmin(actor, target.id);
    const row = await findAdmin(target.id);
    expect(row).toMatchObject({ id: target.id, isActive: false, role: target.role });
    expect(row?.updatedAt.getTime()).toBeGreaterThan(target.updatedAt.getTime());
    const [user] = await database()
      .db.select()
      .from(authUser)
      .where(eq(authUser.id, target.userId));
    expect(user).toBeDefined();
  });

  it("ends the target's sessions at once: their next request is anonymous", async () => {
    const actor = await superAdmin();
    const { admin: target, cookie: first } = await signedInAdmin();
    const second = await signInCookie(target.email);
    const actorCookie = await signInCookie(actor.email);
    await deactivateAdmin(actor, target.id);
    for (const cookie of [first, second]) {
      expect(await readAdminSession(getRequest("/admin-portal/dashboard", { cookie }))).toEqual({
        status: "anonymous",
      });
    }
    expect(
      (await readAdminSession(getRequest("/admin-portal/dashboard", { cookie: actorCookie })))
        .status,
    ).toBe("active");
    // Signing in again is refused.
    await expect(signInCookie(target.email)).rejects.toThrow(/not found or inactive/);
  });

  it("refuses the actor's own row", async () => {
    const actor = await superAdmin();
    await superAdmin();
    const error = await refusal(deactivateAdmin(actor, actor.id));
    expect(error.message).toBe(adminMessages.ownAccount);
    expect((await findAdmin(actor.id))?.isActive).toBe(true);
  });

  it("answers 'Admin not found.' for an unknown or malformed id", async () => {
    const actor = await superAdmin();
    for (const id of [randomUUID(), "not-a-uuid", ""]) {
      const error = await refusal(deactivateAdmin(actor, id));
      expect(error).toMatchObject({ message: adminMessages.notFound, status: 404 });
    }
  });
});

describe("concurrent admin changes", () => {
  it("two super admins deactivating each other at once: exactly one succeeds", async () => {
    for (let round = 0; round < 3; round += 1) {
      await database().db.delete(admins);
      const a = await superAdmin();
      const b = await superAdmin();
      const results = await Promise.allSettled([
        deactivateAdmin(a, b.id),
        deactivateAdmin(b, a.id),
      ]);
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      const rejected = results.find((result) => result.status === "rejected");
      expect(rejected?.status === "rejected" && rejected.reason).toBeInstanceOf(UserFacingError);
      expect((await adminStats()).active).toBe(1);
      const [remaining] = await database()
        .db.select({ n: count() })
        .from(admins)
        .where(sql`${admins.role} = 'super_admin' and ${admins.isActive}`);
      expect(remaining?.n).toBe(1);
    }
  });

  it("an actor deactivated a moment earlier can no longer act (re-checked under the lock)", async () => {
    // A third super admin keeps the last-super-admin rule out of the way.
    await superAdmin();
    const a = await superAdmin();
    const b = await superAdmin();
    const results = await Promise.allSettled([deactivateAdmin(a, b.id), deactivateAdmin(b, a.id)]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const [active] = await database()
      .db.select({ n: count() })
      .from(admins)
      .where(sql`${admins.id} in (${a.id}, ${b.id}) and ${admins.isActive}`);
    expect(active?.n).toBe(1);
  });

  it("two admins bootstrapping at once create only one super admin", async () => {
    const a = await makeAdmin();
    const b = await makeAdmin();
    const results = await Promise.allSettled([
      createAdmin(a, newAdminInput({ role: "super_admin" })),
      createAdmin(b, newAdminInput({ role: "super_admin" })),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect((await adminStats()).superAdmins).toBe(1);
  });

  it("the same e-mail created twice at once: one admin, one duplicate message", async () => {
    const actor = await superAdmin();
    const email = uniqueEmail("twice");
    const results = await Promise.allSettled([
      createAdmin(actor, newAdminInput({ email })),
      createAdmin(actor, newAdminInput({ email: email.toUpperCase() })),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((result) => result.status === "rejected");
    expect(rejected?.status === "rejected" && errorMessage(rejected.reason)).toBe(
      adminMessages.duplicateEmail,
    );
    const rows = await database()
      .db.select()
      .from(admins)
      .where(sql`lower(${admins.email}) = ${email}`);
    expect(rows).toHaveLength(1);
    const users = await database()
      .db.select()
      .from(authUser)
      .where(sql`lower(${authUser.email}) = ${email}`);
    expect(users).toHaveLength(1);
  });
});

describe("ensureDemoAdmin", () => {
  it("creates the demo super admin once", async () => {
    const lines: string[] = [];
    await ensureDemoAdmin((line) => lines.push(line));
    await ensureDemoAdmin((line) => lines.push(line));
    const rows = await database().db.select().from(admins);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: "admin@academy.test",
      role: "super_admin",
      isActive: true,
    });
    expect(lines).toHaveLength(1);
    expect(await database().db.select().from(authUser)).toHaveLength(1);
    await expect(signInCookie("admin@academy.test", "demo-admin-2026")).resolves.toContain(
      "better-auth.session_token=",
    );
  });

  it("recognises the existing demo admin whatever the letter case of DEMO_ADMIN_EMAIL", async () => {
    await ensureDemoAdmin(() => {});
    setEnvForTesting(
      loadEnv({ ...process.env, DATABASE_URL: "", DEMO_ADMIN_EMAIL: "Admin@Academy.TEST" }),
    );
    try {
      await ensureDemoAdmin(() => {});
    } finally {
      setEnvForTesting(loadEnv({ ...process.env, DATABASE_URL: "" }));
    }
    expect(await database().db.select().from(admins)).toHaveLength(1);
  });
});

// --- Dashboard -------------------------------------------------------------------------------

async function insertCourse(title: string, isActive: boolean, createdAt: Date, updatedAt?: Date) {
  const [course] = await database()
    .db.insert(courses)
    .values({
      slug: `${title.toLowerCase().replace(/\W+/g, "-")}-${randomBytes(3).toString("hex")}`,
      title,
      description: "A course",
      isActive,
      createdAt,
      updatedAt: updatedAt ?? createdAt,
    })
    .returning();
  if (!course) throw new Error("no course");
  return course;
}

async function insertMessage(
  fullName: string,
  createdAt: Date,
  extra: Partial<typeof messages.$inferInsert> = {},
) {
  const [message] = await database()
    .db.insert(messages)
    .values({
      formType: "contact",
      fullName,
      email: "visitor@example.ng",
      subject: `Subject from ${fullName}`,
      message: "Hello there, a question.",
      createdAt,
      updatedAt: createdAt,
      ...extra,
    })
    .returning();
  if (!message) throw new Error("no message");
  return message;
}

describe("dashboardStats", () => {
  it("counts courses, unread messages, today's messages in Lagos, and admins", async () => {
    await insertCourse("Data One", true, T0);
    await insertCourse("Data Two", true, T0);
    await insertCourse("Hidden", false, T0);
    await superAdmin();
    await makeAdmin({ isActive: false });

    // Lagos is UTC+1: Lagos' 2 March begins at 2026-03-01T23:00Z.
    await insertMessage("Just after Lagos midnight", new Date("2026-03-01T23:20:00Z"));
    await insertMessage("Exactly Lagos midnight", new Date("2026-03-01T23:00:00Z"), {
      status: "read",
    });
    await insertMessage("Late on 1 March in Lagos", new Date("2026-03-01T22:59:59Z"));
    await insertMessage("Midday 1 March", new Date("2026-03-01T12:00:00Z"), {
      status: "replied",
    });
    await insertMessage("Last week", new Date("2026-02-22T12:00:00Z"), { status: "archived" });

    // 00:30 in Lagos on 2 March is still 1 March in UTC.
    const stats = await dashboardStats(new Date("2026-03-01T23:30:00Z"));
    expect(stats).toEqual({
      // Students have their own count test (students.test.ts); this file adds none.
      students: { enrolled: 0 },
      courses: { total: 3, active: 2 },
      messages: { unread: 2, today: 2 },
      admins: { total: 2, active: 1 },
      // Tutors have their own count test (tutors.test.ts); this file adds none.
      tutors: { total: 0, active: 0 },
    });
    // 23:30 in Lagos on 2 March (22:30Z): the same Lagos day.
    expect((await dashboardStats(new Date("2026-03-02T22:30:00Z"))).messages.today).toBe(2);
    // 00:30 in Lagos on 3 March: a new day.
    expect((await dashboardStats(new Date("2026-03-02T23:30:00Z"))).messages.today).toBe(0);
  });

  it("is all zeros on an empty database", async () => {
    expect(await dashboardStats(new Date("2026-03-01T12:00:00Z"))).toEqual({
      students: { enrolled: 0 },
      courses: { total: 0, active: 0 },
      messages: { unread: 0, today: 0 },
      admins: { total: 0, active: 0 },
      tutors: { total: 0, active: 0 },
    });
  });
});

describe("recentActivity", () => {
  it("lists the latest messages and course changes, newest first", async () => {
    const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
    await insertMessage("Old Contact", at(0));
    await insertCourse("UI Design", true, at(5));
    await insertMessage("Inquirer", at(10), {
      formType: "inquiry",
      subject: null,
      courseInterest: "Data Science",
      inquiryType: "General questions",
    });
    await insertCourse("Python", true, at(1), at(20));
    await insertMessage("Newest Contact", at(30));

    const events = await recentActivity();
    expect(events.map(({ kind, title, detail }) => ({ kind, title, detail }))).toEqual([
      {
        kind: "message",
        title: "New message from Newest Contact",
        detail: "Subject from Newest Contact",
      },
      { kind: "course-updated", title: "Course updated: Python", detail: "" },
      { kind: "message", title: "New inquiry from Inquirer", detail: "Data Science" },
      { kind: "course-created", title: "Course added: UI Design", detail: "" },
      {
        kind: "message",
        title: "New message from Old Contact",
        detail: "Subject from Old Contact",
      },
    ]);
    expect(events.map((event) => event.at.getTime())).toEqual(
      [30, 20, 10, 5, 0].map((minutes) => at(minutes).getTime()),
    );
  });

  it("keeps only the newest `limit` events across both sources", async () => {
    const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
    for (let index = 0; index < 5; index += 1) {
      await insertMessage(`Visitor ${index}`, at(index * 2));
      await insertCourse(`Course ${index}`, true, at(index * 2 + 1));
    }
    const events = await recentActivity(3);
    expect(events.map((event) => event.title)).toEqual([
      "Course added: Course 4",
      "New message from Visitor 4",
      "Course added: Course 3",
    ]);
    expect(await recentActivity()).toHaveLength(8);
  });
});

// --- Database error codes as the texts staff see ---------------------------------------------

describe("errorMessage", () => {
  it("maps real database errors by code", async () => {
    await insertCourse("Unique Course", true, T0);
    const [existing] = await database().db.select().from(courses);
    const duplicate = await rejection(
      database()
        .db.insert(courses)
        .values({
          slug: existing?.slug ?? "",
          title: "Copy",
          description: "Copy",
        }),
    );
    expect(errorMessage(duplicate)).toBe("This record already exists.");

    const related = await rejection(
      database().db.insert(messages).values({
        formType: "contact",
        fullName: "X",
        email: "x@example.ng",
        assignedTo: randomUUID(),
      }),
    );
    expect(errorMessage(related)).toBe("Cannot complete operation due to related records.");

    const schema = await rejection(database().db.execute(sql`select no_such_column from admins`));
    expect(errorMessage(schema)).toBe("Database schema error. Please contact support.");

    const role = `academy_test_${randomBytes(5).toString("hex")}`;
    const denied = await rejection(
      database().db.transaction(async (tx) => {
        await tx.execute(sql.raw(`create role ${role}`));
        await tx.execute(sql.raw(`set local role ${role}`));
        await tx.execute(sql`select * from admins`);
      }),
    );
    expect(errorMessage(denied)).toBe("Permission denied. Please check your access rights.");

    const other = await rejection(
      database().db.select().from(admins).where(eq(admins.id, "not-a-uuid")),
    );
    expect(errorMessage(other)).toBe(
      'Database error (22P02): invalid input syntax for type uuid: "not-a-uuid"',
    );
  });

  it("passes user-facing messages through and hides anything else", () => {
    expect(errorMessage(new UserFacingError("Shown as is", 409))).toBe("Shown as is");
    expect(errorMessage(new Error("secret internals"))).toBe(UNEXPECTED_ERROR);
    expect(UNEXPECTED_ERROR).toBe("An unexpected error occurred");
  });
});

// --- The admins route action, as a super admin ------------------------------------------------

describe("admins route action", () => {
  async function asSuperAdmin() {
    const { admin: actor, cookie } = await signedInAdmin({ role: "super_admin" });
    return { actor, cookie };
  }

  const post = (cookie: string, fields: Record<string, string>, search = "") =>
    outcomeOf(() =>
      adminsRoute.action(
        routeArgs(postRequest(`/admin-portal/admins${search}`, fields, { cookie })),
      ),
    );

  const createFields = (overrides: Record<string, string> = {}) => ({
    intent: "create",
    name: "Route Created",
    email: uniqueEmail("route"),
    phone: "+234 805 000 0000",
    password: "route-secret",
    role: "admin",
    is_active: "true",
    ...overrides,
  });

  function formErrors(outcome: Awaited<ReturnType<typeof post>>) {
    if (outcome.kind !== "data") throw new Error(`Expected data, got ${outcome.kind}`);
    return (outcome.data as { result: { error?: Record<string, string[]> } }).result.error;
  }

  it("creates an admin and returns to the list it came from with a success flash", async () => {
    const { cookie } = await asSuperAdmin();
    const fields = createFields({ email: " New.Route@Academy.TEST " });
    const outcome = await post(cookie, fields, "?q=route&sort=name&dir=asc&page=2&modal=create");
    expect(outcome).toMatchObject({
      kind: "redirect",
      location: "/admin-portal/admins?q=route&sort=name&dir=asc&page=2",
    });
    const flashCookie = setCookiesOf(outcome)[0]?.split(";")[0] ?? "";
    const { flash } = await takeFlash(getRequest("/", { cookie: flashCookie }));
    expect(flash).toEqual({ kind: "success", message: "Admin created successfully!" });
    const [row] = await database()
      .db.select()
      .from(admins)
      .where(eq(admins.email, "new.route@academy.test"));
    expect(row).toMatchObject({ name: "Route Created", role: "admin", isActive: true });
    await expect(signInCookie("new.route@academy.test", "route-secret")).resolves.toBeTruthy();
  });

  it.each([
    [{ name: "A" }, "name", "Name must be at least 2 characters"],
    [{ email: "not-an-email" }, "email", "Invalid email address"],
    [{ phone: "" }, "phone", "Phone number is required"],
    [{ password: "12345" }, "password", "Password must be at least 6 characters"],
    [{ role: "owner" }, "role", "Please select a role"],
    [{ is_active: "maybe" }, "is_active", "Please select a status"],
  ])("validates the create form: %j", async (overrides, field, message) => {
    const { cookie } = await asSuperAdmin();
    const before = await tableCounts();
    const outcome = await post(cookie, createFields(overrides));
    expect(outcome.status).toBe(400);
    expect(formErrors(outcome)?.[field]?.[0]).toBe(message);
    expect(await tableCounts()).toEqual(before);
  });

  it("shows a duplicate e-mail on the email field with 409", async () => {
    const { actor, cookie } = await asSuperAdmin();
    const outcome = await post(cookie, createFields({ email: actor.email.toUpperCase() }));
    expect(outcome.status).toBe(409);
    expect(formErrors(outcome)).toEqual({ email: [adminMessages.duplicateEmail] });
    expect(JSON.stringify(outcome)).not.toContain("route-secret");
  });

  it("updates and deletes with their flashes", async () => {
    const { cookie } = await asSuperAdmin();
    const target = await makeAdmin();
    const updated = await post(cookie, {
      intent: "update",
      id: target.id,
      name: "Renamed Admin",
      phone: "+234 1",
      role: "admin",
      is_active: "true",
    });
    expect(updated).toMatchObject({ kind: "redirect", location: "/admin-portal/admins" });
    expect((await findAdmin(target.id))?.name).toBe("Renamed Admin");

    const deleted = await post(cookie, { intent: "delete", id: target.id });
    expect(deleted).toMatchObject({ kind: "redirect", location: "/admin-portal/admins" });
    const flashCookie = setCookiesOf(deleted)[0]?.split(";")[0] ?? "";
    expect((await takeFlash(getRequest("/", { cookie: flashCookie }))).flash).toEqual({
      kind: "success",
      message: "Admin deleted successfully!",
    });
    expect((await findAdmin(target.id))?.isActive).toBe(false);
  });

  it("answers a delete of a missing or malformed id with 404 'Admin not found.'", async () => {
    const { cookie } = await asSuperAdmin();
    for (const id of [randomUUID(), "", "x'; drop table admins; --"]) {
      const outcome = await post(cookie, { intent: "delete", id });
      expect({ id, status: outcome.status, errors: formErrors(outcome) }).toEqual({
        id,
        status: 404,
        errors: { "": [adminMessages.notFound] },
      });
    }
  });

  it("refuses an unknown intent", async () => {
    const { cookie } = await asSuperAdmin();
    const outcome = await post(cookie, { intent: "promote" });
    expect(outcome.status).toBe(400);
    expect(formErrors(outcome)).toEqual({ "": ["Unknown action"] });
  });

  it("the loader lists with the URL's query and clamps the page", async () => {
    const { cookie } = await asSuperAdmin();
    const outcome = await outcomeOf(() =>
      adminsRoute.loader(
        routeArgs(getRequest("/admin-portal/admins?sort=email&dir=asc&page=7", { cookie })),
      ),
    );
    expect(outcome).toMatchObject({
      kind: "value",
      data: {
        query: { q: "", sort: "email", dir: "asc", page: 1 },
        list: { count: 1, currentPage: 1 },
        stats: { total: 1, active: 1, superAdmins: 1 },
        modal: null,
      },
    });
  });

  it("the loader opens the edit modal for another admin but never for one's own row", async () => {
    const { actor, cookie } = await asSuperAdmin();
    const other = await makeAdmin();
    const load = (search: string) =>
      outcomeOf(() =>
        adminsRoute.loader(routeArgs(getRequest(`/admin-portal/admins${search}`, { cookie }))),
      );
    expect(await load(`?modal=edit&id=${other.id}`)).toMatchObject({
      data: { modal: "edit", target: { id: other.id } },
    });
    expect(await load(`?modal=delete&id=${actor.id}`)).toMatchObject({ data: { modal: null } });
    expect(await load("?modal=edit&id=nonsense")).toMatchObject({
      data: { modal: null, target: null },
    });
  });
});
