import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { formatDateTime } from "~/lib/format/dates";
import { formatNaira, nairaFromKobo } from "~/lib/format/money";
import { type ActionReply, keptValueOf } from "~/lib/forms/action-reply";
import { Button } from "~/ui/button";
import { cardClasses } from "~/ui/card";
import { cn } from "~/ui/cn";
import { FormError, TextareaField, TextField } from "~/ui/form/form-fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { LabelledSection } from "~/ui/labelled-section";
import type { TransferForStaff } from "../transfer-accounts/settle-transfers.server";
import {
  STAFF_PAYMENT_NOTE_MAX,
  type StaffPaymentConfirm,
  unplacedTransferSchema,
} from "./staff-payments-schema";

/** One transfer: what came, from whom, when, why it waits, and what is left of it. */
export function TransferFacts({ transfer }: { transfer: TransferForStaff }) {
  return (
    <>
      <p>
        <strong>{formatNaira(transfer.amount)}</strong> received{" "}
        {formatDateTime(transfer.receivedAt)}
        {transfer.sender ? ` from ${transfer.sender}` : ""} ·{" "}
        <span className="font-mono">{transfer.reference}</span>
      </p>
      {transfer.reason ? <p>Why it waits: {transfer.reason}</p> : null}
      <p>
        {transfer.applied ? `${formatNaira(transfer.applied)} applied · ` : ""}
        {transfer.refunded ? `${formatNaira(transfer.refunded)} refunded · ` : ""}
        <strong>
          {transfer.settled ? "Settled" : `${formatNaira(transfer.left)} left to settle`}
        </strong>
      </p>
      {transfer.staffNote ? <p>Staff note: {transfer.staffNote}</p> : null}
    </>
  );
}

/**
 * The transfers into the applicant's own account number that waited for staff, on the
 * application's Payments section: each waiting one with Apply to instalments and Refunded.
 */
export function TransfersToSettle({
  transfers,
  confirmLink,
}: {
  transfers: TransferForStaff[];
  confirmLink: (confirm: StaffPaymentConfirm, target: string, label: string) => ReactNode;
}) {
  if (!transfers.length) return null;
  return (
    <div className="grid gap-2">
      <h4 className="font-semibold">Transfers to the applicant's own account number</h4>
      <ul className="grid gap-2">
        {transfers.map((transfer) => (
          <li
            key={transfer.id}
            className="rounded-lg border border-slate-200 p-3 dark:border-slate-800"
          >
            <TransferFacts transfer={transfer} />
            {transfer.settled ? null : (
              <div className="mt-2 flex flex-wrap gap-1">
                {confirmLink("apply-transfer", transfer.id, "Apply to instalments")}
                {confirmLink("refund-transfer", transfer.id, "Refunded")}
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

type RefundFieldsMeta = {
  amount: Parameters<typeof TextField>[0]["meta"];
  note: Parameters<typeof TextareaField>[0]["meta"];
};

/** How much of a transfer the academy sent back, and staff's note of it. */
function RefundFields({ fields, noteLabel }: { fields: RefundFieldsMeta; noteLabel: string }) {
  return (
    <>
      <TextField
        meta={fields.amount}
        label="Amount sent back (₦)"
        type="number"
        required
        min={0.01}
        step={0.01}
      />
      <TextareaField
        meta={fields.note}
        label={noteLabel}
        rows={3}
        required
        maxLength={STAFF_PAYMENT_NOTE_MAX}
      />
    </>
  );
}

/** The confirmation's words for applying a transfer, or the fields of its refund. */
export function TransferConfirmFields({
  confirm,
  transfer,
  fields,
}: {
  confirm: "apply-transfer" | "refund-transfer";
  transfer: TransferForStaff;
  fields: RefundFieldsMeta;
}) {
  return (
    <>
      <div className="text-sm text-slate-700 dark:text-slate-300">
        <TransferFacts transfer={transfer} />
      </div>
      {confirm === "apply-transfer" ? (
        <p>
          {formatNaira(transfer.left)} goes to the unpaid instalments, oldest first: each one it
          covers is paid with a numbered receipt, a part pays part of the last one, and any rest
          stays here to settle.
        </p>
      ) : (
        <>
          <p>
            Record money the academy sent back by its own bank transfer. At most{" "}
            {formatNaira(transfer.left)}.
          </p>
          <RefundFields fields={fields} noteLabel="Note (sent to the applicant)" />
        </>
      )}
    </>
  );
}

/** A form on the Payments tab about one transfer: its intent and target, its error, its fields. */
function TransferForm({
  form,
  intent,
  target,
  label,
  children,
}: {
  form: ReturnType<typeof useSchemaForm<typeof unplacedTransferSchema>>["form"];
  intent: string;
  target: string;
  label: string;
  children: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="grid gap-2">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="target" value={target} />
      <FormError errors={form.errors} id={form.errorId} />
      {children}
      <div>
        <Button type="submit" variant="secondary" size="sm" disabled={busy}>
          {label}
        </Button>
      </div>
    </Form>
  );
}

/** One transfer with no place: put it on an application by its reference, or record its refund. */
function UnplacedTransfer({
  transfer,
  reply,
}: {
  transfer: TransferForStaff;
  reply: ActionReply | undefined;
}) {
  // The reply is this transfer's form's only when it was posted about this transfer.
  const own = keptValueOf(reply, "target") === transfer.id ? reply : undefined;
  const intent = keptValueOf(own, "intent");
  const place = useSchemaForm(unplacedTransferSchema, {
    id: `place-${transfer.id}`,
    reply: intent === "place-transfer" ? own : undefined,
  });
  const refund = useSchemaForm(unplacedTransferSchema, {
    id: `refund-${transfer.id}`,
    reply: intent === "refund-unplaced-transfer" ? own : undefined,
    defaultValue: { amount: String(nairaFromKobo(transfer.left)) },
  });
  return (
    <li className={cn(cardClasses, "grid gap-3 p-4 text-sm")}>
      <TransferFacts transfer={transfer} />
      <TransferForm
        form={place.form}
        intent="place-transfer"
        target={transfer.id}
        label="Put on this application"
      >
        <TextField
          meta={place.fields.reference}
          label="Application reference (LTA-A-…)"
          required
          autoComplete="off"
        />
      </TransferForm>
      <details open={intent === "refund-unplaced-transfer"}>
        <summary className="cursor-pointer font-semibold">Sent back by the academy</summary>
        <div className="mt-2">
          <TransferForm
            form={refund.form}
            intent="refund-unplaced-transfer"
            target={transfer.id}
            label="Record the refund"
          >
            <RefundFields fields={refund.fields} noteLabel="Note (staff only)" />
          </TransferForm>
        </div>
      </details>
    </li>
  );
}

/**
 * The Payments tab's transfers that no place could be told for (an unknown account number, or
 * someone paying for more than one place): never lost, each waits here for staff.
 */
export function UnplacedTransfers({
  transfers,
  reply,
}: {
  transfers: TransferForStaff[];
  reply: ActionReply | undefined;
}) {
  if (!transfers.length) return null;
  return (
    <LabelledSection
      id="unplaced-transfers-heading"
      title="Transfers with no place"
      level={2}
      className="mb-6 grid gap-3"
      headingClassName="text-lg font-semibold"
    >
      <p className="text-sm">
        Money that came into an applicant's own account number when no single place could be told
        for it. Put each on its application to apply it, or record that it was sent back.
      </p>
      <ul className="grid gap-3">
        {transfers.map((transfer) => (
          <UnplacedTransfer key={transfer.id} transfer={transfer} reply={reply} />
        ))}
      </ul>
    </LabelledSection>
  );
}
