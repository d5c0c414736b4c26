import type { Admin } from "~/db/schema";

/** Whether an admin (or a role) may manage admins, the bank account and the e-mail queue. */
export const isSuperAdmin = (admin: Pick<Admin, "role">) => admin.role === "super_admin";

/** A role as staff read it, in the order the admin form offers them. */
export const adminRoleLabels: Record<Admin["role"], string> = {
  admin: "Admin",
  super_admin: "Super Admin",
};
