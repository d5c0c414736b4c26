import type { Admin } from "~/db/schema";
import type { ActionReply } from "~/lib/forms/action-reply";
import { DeleteModal } from "~/ui/form/confirm-modal";
import { SelectField, TextField } from "~/ui/form/form-fields";
import { RecordFormModal } from "~/ui/form/record-form-modal";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import type { ListModalProps } from "~/ui/modal";
import { adminRoleLabels } from "./roles";
import { adminCreateSchema, adminEditSchema } from "./schema";

const roleOptions = Object.entries(adminRoleLabels).map(([value, label]) => ({ value, label }));
const statusOptions = [
  { value: "true", label: "Active" },
  { value: "false", label: "Inactive" },
];

/** The add and edit forms in a modal; new admins default to role admin, status active. */
export function AdminFormModal({
  mode,
  admin,
  actionReply,
  ...modal
}: ListModalProps & {
  mode: "create" | "edit";
  admin: Pick<Admin, "id" | "name" | "email" | "phone" | "role" | "isActive"> | null;
  actionReply: ActionReply | undefined;
}) {
  const schema = mode === "create" ? adminCreateSchema : adminEditSchema;
  // The edit form's fields are a part of the create form's, so one type serves both.
  const { form, fields } = useSchemaForm(schema as typeof adminCreateSchema, {
    id: `admin-${mode}-${admin?.id ?? "new"}`,
    reply: actionReply,
    defaultValue:
      mode === "edit" && admin
        ? {
            name: admin.name,
            phone: admin.phone,
            role: admin.role,
            is_active: String(admin.isActive),
          }
        : { role: "admin", is_active: "true" },
  });

  return (
    <RecordFormModal
      form={form}
      recordId={admin?.id ?? null}
      noun="Admin"
      createLabel="Create Admin"
      description={mode === "create" ? "Create a sign-in for a new staff member." : admin?.email}
      size="md"
      {...modal}
    >
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
      />
      <SelectField
        meta={fields.is_active}
        label="Status"
        required
        placeholder="Select a status"
        options={statusOptions}
      />
    </RecordFormModal>
  );
}

export function DeleteAdminModal({
  admin,
  ...modal
}: ListModalProps & { admin: Pick<Admin, "id" | "name" | "email"> }) {
  return (
    <DeleteModal title="Delete Admin User" id={admin.id} {...modal}>
      <p>
        Are you sure you want to delete <strong>{admin.name}</strong> ({admin.email})? This
        permanently removes their access to the admin portal and cannot be undone.
      </p>
    </DeleteModal>
  );
}
