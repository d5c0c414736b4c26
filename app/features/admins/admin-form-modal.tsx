import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import type { Admin } from "~/db/schema";
import type { ActionReply } from "~/lib/action-reply";
import { Button, buttonClasses } from "~/ui/button";
import { ConfirmModal } from "~/ui/confirm-modal";
import { FormError, SelectField, TextField } from "~/ui/form-fields";
import { Modal } from "~/ui/modal";
import { useActionReply } from "~/ui/use-action-reply";
import {
  type AdminCreateInput,
  type AdminEditInput,
  type AdminFormFields,
  adminCreateSchema,
  adminEditSchema,
} from "./schema";

const roleOptions = ["admin", "super_admin"] as const;
const statusOptions = ["true", "false"] as const;
const roleLabels: Record<string, string> = { admin: "Admin", super_admin: "Super Admin" };
const statusLabels: Record<string, string> = { true: "Active", false: "Inactive" };

/** The add and edit forms of SPEC.md section 5 in a modal; new admins default to admin, active. */
export function AdminFormModal({
  mode,
  admin,
  actionReply,
  closeHref,
  onClose,
}: {
  mode: "create" | "edit";
  admin: Pick<Admin, "id" | "name" | "email" | "phone" | "role" | "isActive"> | null;
  actionReply: ActionReply | undefined;
  closeHref: string;
  onClose: () => void;
}) {
  const navigation = useNavigation();
  const schema = mode === "create" ? adminCreateSchema : adminEditSchema;
  const { lastResult } = useActionReply(actionReply);
  // The edit form's fields are a part of the create form's, so one type serves both.
  const [form, fields] = useForm<AdminFormFields, AdminCreateInput | AdminEditInput>({
    id: `admin-${mode}-${admin?.id ?? "new"}`,
    lastResult,
    defaultValue:
      mode === "edit" && admin
        ? {
            name: admin.name,
            phone: admin.phone,
            role: admin.role,
            is_active: String(admin.isActive),
          }
        : { role: "admin", is_active: "true" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const submitting = navigation.state === "submitting";

  return (
    <Modal
      open
      onClose={onClose}
      closeHref={closeHref}
      size="md"
      title={mode === "create" ? "Add Admin" : "Edit Admin"}
      description={mode === "create" ? "Create a sign-in for a new staff member." : admin?.email}
    >
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="intent" value={mode === "create" ? "create" : "update"} />
        {admin ? <input type="hidden" name="id" value={admin.id} /> : null}
        <FormError errors={form.errors} id={form.errorId} />
        <TextField meta={fields.name} label="Name" required autoComplete="off" />
        {mode === "create" ? (
          <TextField meta={fields.email} label="Email" type="email" required autoComplete="off" />
        ) : null}
        <TextField meta={fields.phone} label="Phone" type="tel" required autoComplete="off" />
        {mode === "create" ? (
          <TextField
            meta={fields.password}
            label="Password"
            type="password"
            required
            autoComplete="new-password"
          />
        ) : null}
        <SelectField
          meta={fields.role}
          label="Role"
          required
          placeholder="Select a role"
          options={roleOptions}
          labels={roleLabels}
        />
        <SelectField
          meta={fields.is_active}
          label="Status"
          required
          placeholder="Select a status"
          options={statusOptions}
          labels={statusLabels}
        />
        <div className="mt-2 flex justify-end gap-3">
          <Link to={closeHref} replace preventScrollReset className={buttonClasses("outline")}>
            Cancel
          </Link>
          <Button type="submit" disabled={submitting}>
            {submitting ? "Saving..." : mode === "create" ? "Create Admin" : "Save Changes"}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}

export function DeleteAdminModal({
  admin,
  closeHref,
  onClose,
}: {
  admin: Pick<Admin, "id" | "name" | "email">;
  closeHref: string;
  onClose: () => void;
}) {
  return (
    <ConfirmModal
      title="Delete Admin User"
      fields={{ intent: "delete", id: admin.id }}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      closeHref={closeHref}
      onClose={onClose}
    >
      <p>
        Are you sure you want to delete <strong>{admin.name}</strong> ({admin.email})? This
        permanently removes their access to the admin portal and cannot be undone.
      </p>
    </ConfirmModal>
  );
}
