import * as z from "zod/mini";
import { adminRoles } from "~/db/schema/values";
import { accountEmail, accountPassword } from "~/lib/forms/account-fields";
import { deleteIntent, formIntents } from "~/lib/forms/list-actions";
import { personName, singleLine } from "~/lib/text/outside-text";

/**
 * The add-admin form, and the edit form: the same rules for name, phone, role and status, without
 * e-mail or password.
 */

const name = z
  .string({ error: "Name must be at least 2 characters" })
  .check(
    z.trim(),
    z.minLength(2, { error: "Name must be at least 2 characters", abort: true }),
    singleLine("Name"),
    ...personName("Name"),
    z.maxLength(120, "Name must be at most 120 characters"),
  );
const phone = z
  .string({ error: "Phone number is required" })
  .check(
    z.trim(),
    z.minLength(1, "Phone number is required"),
    singleLine("Phone number"),
    z.maxLength(40, "Phone number must be at most 40 characters"),
  );
const role = z.enum(adminRoles, { error: "Please select a role" });
const isActive = z.pipe(
  z.enum(["true", "false"], { error: "Please select a status" }),
  z.transform((value) => value === "true"),
);

export const adminEditSchema = z.object({ name, phone, role, is_active: isActive });

export const adminCreateSchema = z.object({
  name,
  email: accountEmail(),
  phone,
  password: accountPassword(),
  role,
  is_active: isActive,
});

export type AdminCreateInput = z.output<typeof adminCreateSchema>;
export type AdminEditInput = z.output<typeof adminEditSchema>;

/** The admin list's actions: the two forms, and the delete confirmation. */
export const adminActionSchema = z.discriminatedUnion(
  "intent",
  [...formIntents(adminCreateSchema, adminEditSchema), deleteIntent],
  { error: "Unknown action" },
);

export const adminSortColumns = [
  "name",
  "email",
  "phone",
  "role",
  "is_active",
  "created_at",
] as const;
export type AdminSortColumn = (typeof adminSortColumns)[number];
export const ADMIN_PAGE_SIZE = 10;

export const adminMessages = {
  created: "Admin created successfully!",
  updated: "Admin updated successfully!",
  deleted: "Admin deleted successfully!",
  notAuthenticated: "Not authenticated",
  notAnAdmin: "Current user is not an admin",
  onlySuperAdminsCreate: "Only super admins can create new admin users",
  onlySuperAdminsDelete: "Only super admins can delete admin users",
  onlySuperAdminsUpdate: "Only super admins can edit admin users",
  clientDeleteRefusal: "You don't have permission to delete admin users.",
  duplicateEmail: "An admin with this email address already exists.",
  notFound: "Admin not found.",
  ownAccount: "You cannot change your own account from this list.",
  lastSuperAdmin: "At least one active super admin must remain.",
} as const;
