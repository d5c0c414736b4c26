import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import type { Intake } from "~/db/schema";
import { admissionModes, intakeModes } from "~/db/schema/values";
import type { ActionReply } from "~/lib/forms/action-reply";
import {
  CheckboxField,
  CheckboxGroupField,
  FormError,
  SelectField,
  TextareaField,
  TextField,
} from "~/ui/form/form-fields";
import { IntentFields } from "~/ui/form/intent-fields";
import { ModalActions } from "~/ui/form/modal-actions";
import { RecordFormModal } from "~/ui/form/record-form-modal";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { type ListModalProps, Modal } from "~/ui/modal";
import {
  admissionModeLabels,
  cancelIntakeSchema,
  intakeFormDefaults,
  intakeFormSchema,
  intakeFormStatuses,
  intakeStatusLabels,
} from "./intake-form-schema";
import { intakeModeLabels } from "./intake-wording";
import { instalmentPlanKinds, paymentPlanLabels } from "./payment-plans";

export type TutorChoice = { id: string; name: string; role: string; isActive: boolean };

const instalmentPlanOptions = instalmentPlanKinds.map((kind) => ({
  value: kind,
  label: paymentPlanLabels[kind],
}));

const admissionOptions = admissionModes.map((mode) => ({
  value: mode,
  label: admissionModeLabels[mode],
}));
const modeOptions = intakeModes.map((mode) => ({ value: mode, label: intakeModeLabels[mode] }));
const statusOptions = intakeFormStatuses.map((status) => ({
  value: status,
  label: intakeStatusLabels[status],
}));

/** The add and edit form of an intake, in a URL-driven modal. */
export function IntakeFormModal({
  intake,
  tutorChoices,
  coursePrice,
  actionReply,
  ...modal
}: ListModalProps & {
  /** The intake to edit; null to add one. */
  intake: (Intake & { tutorIds: string[] }) | null;
  /** The tutors to choose from. */
  tutorChoices: TutorChoice[];
  /** The course's price in kobo: a new intake's price. */
  coursePrice: number;
  actionReply: ActionReply | undefined;
}) {
  const { form, fields } = useSchemaForm(intakeFormSchema, {
    id: `intake-${intake?.id ?? "new"}`,
    reply: actionReply,
    defaultValue: intakeFormDefaults(intake, coursePrice),
  });

  return (
    <RecordFormModal
      form={form}
      recordId={intake?.id ?? null}
      noun="intake"
      description="Dates and times are Lagos time; prices are in Naira."
      className="grid gap-4 sm:grid-cols-2"
      {...modal}
    >
      <TextField
        meta={fields.label}
        label="Label"
        required
        autoComplete="off"
        placeholder="January 2027 · weekday evenings"
        className="sm:col-span-2"
      />
      <TextField meta={fields.startsOn} type="date" label="Starts on" required />
      <TextField meta={fields.endsOn} type="date" label="Ends on" required />
      <TextField
        meta={fields.classTimes}
        label="Class times"
        placeholder="Mon, Wed, Thu 6-9 pm"
        className="sm:col-span-2"
      />
      <SelectField meta={fields.mode} label="Mode" required options={modeOptions} />
      <TextField meta={fields.location} label="Location" />
      <TextField
        meta={fields.seats}
        type="number"
        label="Seats"
        required
        min={1}
        step={1}
        inputMode="numeric"
      />
      <SelectField meta={fields.status} label="Status" required options={statusOptions} />
      <SelectField
        meta={fields.admissionMode}
        label="Admission"
        required
        options={admissionOptions}
        className="sm:col-span-2"
      />
      <TextField
        meta={fields.enrolmentOpensAt}
        type="datetime-local"
        label="Enrolment opens (optional)"
      />
      <TextField
        meta={fields.enrolmentClosesAt}
        type="datetime-local"
        label="Enrolment closes"
        required
      />
      <TextField meta={fields.price} type="number" label="Price (₦)" required min={0} step="any" />
      <TextField
        meta={fields.earlyBirdPrice}
        type="number"
        label="Early-bird price (₦, optional)"
        min={0}
        step="any"
      />
      <TextField meta={fields.earlyBirdEndsOn} type="date" label="Early bird ends on" />
      <CheckboxGroupField
        meta={fields.instalmentPlans}
        legend="Instalments (paying in full is always offered)"
        hint="Instalments split the price; the first is due when the place is accepted."
        options={instalmentPlanOptions}
      />
      <TextField
        meta={fields.payInFullDiscount}
        type="number"
        label="Pay-in-full discount (₦, optional)"
        min={0}
        step="any"
      />
      <fieldset className="grid gap-3 sm:col-span-2">
        <legend className="mb-1 text-sm font-semibold">Certificate</legend>
        <TextField
          meta={fields.certificateMinAttendance}
          type="number"
          label="Attendance needed (%, empty: none)"
          min={1}
          max={100}
          step={1}
          inputMode="numeric"
        />
        <CheckboxField
          meta={fields.certificateRequiresPaid}
          label="The price must be paid in full"
        />
        <CheckboxField
          meta={fields.certificateRequiresProject}
          label="A final project must be marked passed"
        />
      </fieldset>
      {tutorChoices.length ? (
        <CheckboxGroupField
          meta={fields.tutorIds}
          legend="Tutors"
          hint="The course page introduces the tutors of its next intake."
          options={tutorChoices.map((tutor) => ({
            value: tutor.id,
            label: `${tutor.name}, ${tutor.role}${tutor.isActive ? "" : " (inactive)"}`,
          }))}
          className="sm:col-span-2"
        />
      ) : null}
    </RecordFormModal>
  );
}

/** Cancelling an intake, with the reason staff must give. */
export function CancelIntakeModal({
  intake,
  actionReply,
  closeHref,
  onClose,
}: ListModalProps & {
  intake: Pick<Intake, "id" | "label">;
  actionReply: ActionReply | undefined;
}) {
  const navigation = useNavigation();
  const { form, fields } = useSchemaForm(cancelIntakeSchema, {
    id: `cancel-intake-${intake.id}`,
    reply: actionReply,
  });
  return (
    <Modal open onClose={onClose} closeHref={closeHref} size="md" title="Cancel intake">
      <p className="text-slate-700 dark:text-slate-300">
        Cancel <strong>{intake.label}</strong>? A cancelled intake cannot be changed again.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4">
        <IntentFields intent="cancel" id={intake.id} />
        <FormError errors={form.errors} id={form.errorId} />
        <TextareaField meta={fields.reason} label="Reason" required rows={4} />
        <ModalActions
          closeHref={closeHref}
          busy={navigation.state === "submitting"}
          label="Cancel intake"
          busyLabel="Cancelling..."
          variant="danger"
        />
      </Form>
    </Modal>
  );
}
