import { formatShortDate } from "~/lib/format/dates";
import type { ActionReply } from "~/lib/forms/action-reply";
import { SelectField, TextField } from "~/ui/form/form-fields";
import { RecordFormModal } from "~/ui/form/record-form-modal";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import type { ListModalProps } from "~/ui/modal";
import { sponsorLimits, sponsorshipFormSchema } from "../sponsor-schema";

/** An intake seats can be sold in, with how many places it has free. */
export type SeatIntake = {
  id: string;
  courseTitle: string;
  label: string;
  startsOn: string;
  free: number;
};

/** The form that sells seats to a sponsor, in a URL-driven modal. */
export function SponsorshipFormModal({
  intakes,
  actionReply,
  ...modal
}: ListModalProps & { intakes: readonly SeatIntake[]; actionReply: ActionReply | undefined }) {
  const { form, fields } = useSchemaForm(sponsorshipFormSchema, {
    id: "sponsorship-new",
    reply: actionReply,
  });
  return (
    <RecordFormModal
      form={form}
      recordId={null}
      noun="sponsored seats"
      createLabel="Create seats and send the invoice"
      description="Each seat holds a place in the intake until someone uses its code or you give it back. The invoice goes to the billing address with a link to the sponsor's private page."
      className="grid gap-4 sm:grid-cols-2"
      {...modal}
    >
      <TextField
        meta={fields.sponsorName}
        label="Sponsor (company or organisation)"
        required
        maxLength={sponsorLimits.name}
        className="sm:col-span-2"
      />
      <TextField
        meta={fields.contactName}
        label="Contact person"
        required
        autoComplete="off"
        maxLength={sponsorLimits.contactName}
      />
      <TextField
        meta={fields.contactPhone}
        type="tel"
        label="Contact phone (optional)"
        autoComplete="off"
        maxLength={sponsorLimits.phone}
      />
      <TextField
        meta={fields.billingEmail}
        type="email"
        label="Billing e-mail"
        required
        autoComplete="off"
        maxLength={sponsorLimits.email}
        className="sm:col-span-2"
      />
      <SelectField
        meta={fields.intakeId}
        label="Intake"
        required
        placeholder="Choose an intake"
        options={intakes.map((intake) => ({
          value: intake.id,
          label: `${intake.courseTitle}: ${intake.label}, from ${formatShortDate(intake.startsOn)} (${intake.free} free)`,
        }))}
        className="sm:col-span-2"
      />
      <TextField
        meta={fields.seats}
        type="number"
        label="Seats"
        required
        min={1}
        max={sponsorLimits.seats}
        step={1}
        inputMode="numeric"
      />
      <TextField
        meta={fields.seatPrice}
        type="number"
        label="Price per seat (₦; empty: the intake's price)"
        min={0.01}
        step="any"
      />
    </RecordFormModal>
  );
}
