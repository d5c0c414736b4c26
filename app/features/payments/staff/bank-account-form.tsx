import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import type { ActionReply } from "~/lib/forms/action-reply";
import { Button } from "~/ui/button";
import { FormError, TextField } from "~/ui/form/form-fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { type BankAccountInput, bankAccountSchema } from "../bank-account-schema";

/**
 * The academy's bank account (super admins, in Settings): what applicants who pay by transfer
 * are shown. Until it is saved, bank transfer is not offered.
 */
export function BankAccountForm({
  account,
  reply,
}: {
  account: Omit<BankAccountInput, "intent"> | null;
  reply: ActionReply | undefined;
}) {
  const navigation = useNavigation();
  const { form, fields } = useSchemaForm(bankAccountSchema, {
    id: "bank-account",
    reply,
    defaultValue: account ?? undefined,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-3">
      <input type="hidden" name="intent" value="bank-account" />
      <FormError errors={form.errors} id={form.errorId} />
      <TextField meta={fields.bankName} label="Bank name" required autoComplete="off" />
      <TextField meta={fields.accountName} label="Account name" required autoComplete="off" />
      <TextField
        meta={fields.accountNumber}
        label="Account number"
        required
        inputMode="numeric"
        autoComplete="off"
        maxLength={14}
      />
      <div className="sm:col-span-3">
        <Button type="submit" disabled={navigation.state === "submitting"}>
          Save bank account
        </Button>
      </div>
    </Form>
  );
}
