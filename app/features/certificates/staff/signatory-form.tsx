import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import type { ActionReply } from "~/lib/forms/action-reply";
import { Button } from "~/ui/button";
import { FormError, TextField } from "~/ui/form/form-fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { signatorySchema } from "../certificate-schema";

/**
 * Who signs the certificates (super admins, in Settings). Each certificate keeps the name and
 * title it was issued with; until one is saved, none can be issued.
 */
export function SignatoryForm({
  signatory,
  reply,
}: {
  signatory: { name: string; title: string } | null;
  reply: ActionReply | undefined;
}) {
  const navigation = useNavigation();
  const { form, fields } = useSchemaForm(signatorySchema, {
    id: "signatory",
    reply,
    defaultValue: signatory
      ? { signatoryName: signatory.name, signatoryTitle: signatory.title }
      : undefined,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-2">
      <input type="hidden" name="intent" value="signatory" />
      <FormError errors={form.errors} id={form.errorId} />
      <TextField meta={fields.signatoryName} label="Name" required autoComplete="off" />
      <TextField
        meta={fields.signatoryTitle}
        label="Title"
        required
        autoComplete="off"
        placeholder="Director of Studies"
      />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={navigation.state === "submitting"}>
          Save signatory
        </Button>
      </div>
    </Form>
  );
}
