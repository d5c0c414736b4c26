import { formatShortDate } from "~/lib/format/dates";
import type { ActionReply } from "~/lib/forms/action-reply";
import { CheckboxGroupField, SelectField, TextField } from "~/ui/form/form-fields";
import { RecordFormModal } from "~/ui/form/record-form-modal";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import type { ListModalProps } from "~/ui/modal";
import { discountRule } from "../discount-messages";
import { CODE_MAX, discountCodeFormSchema, reductionKindOptions } from "../discount-schema";
import type { CodeIntake } from "./discount-list";

/** The form that adds a discount code, in a URL-driven modal. */
export function DiscountFormModal({
  intakes,
  actionReply,
  ...modal
}: ListModalProps & { intakes: readonly CodeIntake[]; actionReply: ActionReply | undefined }) {
  const { form, fields } = useSchemaForm(discountCodeFormSchema, {
    id: "discount-code-new",
    reply: actionReply,
    defaultValue: { kind: "percent", perPersonLimit: "1" },
  });
  return (
    <RecordFormModal
      form={form}
      recordId={null}
      noun="discount code"
      description={`${discountRule} A code cannot be changed once made; deactivate it and make another.`}
      className="grid gap-4 sm:grid-cols-2"
      {...modal}
    >
      <TextField
        meta={fields.code}
        label="Code (letters, digits and dashes; typed in any case)"
        required
        autoComplete="off"
        maxLength={CODE_MAX}
        className="sm:col-span-2"
      />
      <SelectField meta={fields.kind} label="Off" required options={reductionKindOptions} />
      <TextField
        meta={fields.value}
        type="number"
        label="How much (% or ₦)"
        required
        min={0.01}
        step="any"
      />
      <TextField meta={fields.validFrom} type="date" label="First day (Lagos, optional)" />
      <TextField meta={fields.validUntil} type="date" label="Last day (Lagos, optional)" />
      <TextField
        meta={fields.useLimit}
        type="number"
        label="Uses in all (optional)"
        min={1}
        step={1}
        inputMode="numeric"
      />
      <TextField
        meta={fields.perPersonLimit}
        type="number"
        label="Uses per person"
        required
        min={1}
        step={1}
        inputMode="numeric"
      />
      {intakes.length ? (
        <CheckboxGroupField
          meta={fields.intakeIds}
          legend="For intakes (none chosen: every intake)"
          options={intakes.map((intake) => ({
            value: intake.id,
            label: `${intake.courseTitle}: ${intake.label}, from ${formatShortDate(intake.startsOn)}`,
          }))}
          className="sm:col-span-2"
        />
      ) : null}
    </RecordFormModal>
  );
}
