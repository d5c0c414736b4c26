import type { ReactNode } from "react";
import { Link } from "react-router";
import { reductionKindOptions } from "~/features/discounts/discount-schema";
import { formatDateTime, formatFullDate, lagosToday } from "~/lib/format/dates";
import { formatNaira, nairaFromKobo } from "~/lib/format/money";
import type { ActionReply } from "~/lib/forms/action-reply";
import { buttonClasses } from "~/ui/button";
import { cn } from "~/ui/cn";
import { DecisionForm } from "~/ui/form/confirm-modal";
import { SelectField, TextareaField, TextField } from "~/ui/form/form-fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { LabelledSection } from "~/ui/labelled-section";
import { type ListModalProps, Modal } from "~/ui/modal";
import { instalmentStatusLabels, isRefundable } from "../instalment-status";
import { InstalmentStatusBadge } from "../instalment-status-badge";
import type { ApplicationPayments } from "./staff-payments.server";
import {
  STAFF_PAYMENT_NOTE_MAX,
  type StaffPaymentConfirm,
  staffPaymentActionSchema,
} from "./staff-payments-schema";
import { TransferConfirmFields, TransfersToSettle } from "./transfers-to-settle";

type PaymentRow = ApplicationPayments["payments"][number];
type InstalmentRow = ApplicationPayments["instalments"][number];

const methodLabels: Record<PaymentRow["method"], string> = {
  paystack: "Card (Paystack)",
  "bank-transfer": "Bank transfer",
  manual: "Recorded by staff",
  "transfer-account": "Transfer to own account number",
};
const paymentStatusLabels: Record<PaymentRow["status"], string> = {
  started: "Started",
  paid: "Paid",
  failed: "Failed",
  abandoned: "Abandoned",
  flagged: "Flagged",
  "proof-sent": "Proof to check",
  rejected: "Proof rejected",
};

/** Where a bank transfer's proof is served, to signed-in staff only. */
export const proofHref = (paymentId: string) => `/admin-portal/payments/${paymentId}/proof`;

const link = "text-brand-800 underline dark:text-brand-300";
const action = buttonClasses("outline", "sm");

/** A link that opens the confirmation of one staff action (red for the ones that undo). */
function ConfirmLink({
  to,
  danger = false,
  children,
}: {
  to: string;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      preventScrollReset
      className={cn(action, danger && "text-red-700 dark:text-red-400")}
    >
      {children}
    </Link>
  );
}

/** An application's schedule and payments in the portal, with staff's actions on them. */
export function PaymentSection({
  payments,
  confirmHref,
}: {
  payments: ApplicationPayments;
  confirmHref: (confirm: StaffPaymentConfirm, target: string) => string;
}) {
  const hasSchedule =
    payments.instalments.length > 0 ||
    payments.payments.length > 0 ||
    payments.transfers.length > 0;
  if (!hasSchedule && !payments.scholarshipOpen) return null;
  return (
    <LabelledSection
      id="payments-heading"
      title="Payments"
      level={3}
      className="grid gap-3 text-sm"
      headingClassName="text-base font-semibold"
    >
      <PriceBuildUp
        payments={payments}
        grantHref={
          payments.scholarshipOpen ? confirmHref("grant-scholarship", payments.applicationId) : null
        }
      />
      {hasSchedule ? <ScheduleAndPayments payments={payments} confirmHref={confirmHref} /> : null}
      <TransfersToSettle
        transfers={payments.transfers}
        confirmLink={(confirm, target, label) => (
          <ConfirmLink to={confirmHref(confirm, target)} danger={confirm === "refund-transfer"}>
            {label}
          </ConfirmLink>
        )}
      />
    </LabelledSection>
  );
}

/**
 * The price line by line (the plan's, or before a plan without the pay-in-full discount), the
 * scholarship's reason for staff, and the link that grants one.
 */
function PriceBuildUp({
  payments,
  grantHref,
}: {
  payments: ApplicationPayments;
  grantHref: string | null;
}) {
  const { price } = payments;
  if (!price) return null;
  return (
    <div className="grid gap-2">
      <table className="w-full max-w-md text-left">
        <caption className="text-left font-semibold">Price</caption>
        <tbody>
          {price.lines.map((line) => (
            <tr key={line.label}>
              <th scope="row" className="py-0.5 font-normal">
                {line.label}
              </th>
              <td className="text-right tabular-nums">
                {line.amount < 0 ? `− ${formatNaira(-line.amount)}` : formatNaira(line.amount)}
              </td>
            </tr>
          ))}
          <tr className="border-t border-slate-200 font-semibold dark:border-slate-700">
            <th scope="row" className="py-0.5">
              To pay
            </th>
            <td className="text-right tabular-nums">{formatNaira(price.total)}</td>
          </tr>
        </tbody>
      </table>
      {price.scholarshipReason ? (
        <p>Scholarship reason (staff only): {price.scholarshipReason}</p>
      ) : null}
      {grantHref ? (
        <p>
          <ConfirmLink to={grantHref}>Grant scholarship</ConfirmLink>
        </p>
      ) : null}
    </div>
  );
}

function ScheduleAndPayments({
  payments,
  confirmHref,
}: {
  payments: ApplicationPayments;
  confirmHref: (confirm: StaffPaymentConfirm, target: string) => string;
}) {
  return (
    <>
      <table className="w-full text-left">
        <caption className="sr-only">Schedule</caption>
        <thead className="text-slate-600 dark:text-slate-400">
          <tr>
            <th scope="col">No.</th>
            <th scope="col">Amount</th>
            <th scope="col">Due</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {payments.instalments.map((part) => (
            <tr key={part.id} className="border-t border-slate-100 dark:border-slate-800">
              <td className="py-1.5">{part.number}</td>
              <td>{formatNaira(part.amount)}</td>
              <td>{formatFullDate(part.dueOn)}</td>
              <td>
                <InstalmentStatusBadge status={part.state} />
                {part.paidBy
                  ? ` · ${methodLabels[part.paidBy.method]}, ${part.paidBy.reference}`
                  : ""}
                {partLeft(part)}
              </td>
              <td className="flex flex-wrap justify-end gap-1 py-1">
                {part.paidAt ? null : (
                  <>
                    <ConfirmLink to={confirmHref("move-due-date", part.id)}>
                      Move due date
                    </ConfirmLink>
                    <ConfirmLink to={confirmHref("record-payment", part.id)}>
                      Record payment
                    </ConfirmLink>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {payments.payments.length ? (
        <ul className="grid gap-2">
          {payments.payments.map((payment) => (
            <PaymentItem key={payment.id} payment={payment} confirmHref={confirmHref} />
          ))}
        </ul>
      ) : null}
    </>
  );
}

function PaymentItem({
  payment,
  confirmHref,
}: {
  payment: PaymentRow;
  confirmHref: (confirm: StaffPaymentConfirm, target: string) => string;
}) {
  const refundable = isRefundable(payment);
  return (
    <li className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <p>
        <span className="font-mono">{payment.reference}</span> ·{" "}
        {payment.instalmentNumber ? `instalment ${payment.instalmentNumber} · ` : ""}
        {methodLabels[payment.method]} · {formatNaira(payment.amount)} ·{" "}
        <strong>{paymentStatusLabels[payment.status]}</strong>
        {payment.receipt ? ` · receipt ${payment.receipt}` : ""}
      </p>
      <p className="text-slate-600 dark:text-slate-400">
        {payment.paidAt
          ? `Paid ${formatDateTime(payment.paidAt)}`
          : `Started ${formatDateTime(payment.createdAt)}`}
        {payment.refundedAmount ? ` · refunded ${formatNaira(payment.refundedAmount)}` : ""}
      </p>
      {payment.flagReason ? <p>Flagged: {payment.flagReason}</p> : null}
      {payment.staffNote ? <p>Staff note: {payment.staffNote}</p> : null}
      {payment.hasProof ? (
        <p>
          <a href={proofHref(payment.id)} target="_blank" rel="noreferrer" className={link}>
            Open the proof{payment.proofName ? ` (${payment.proofName})` : ""}
          </a>
        </p>
      ) : null}
      {payment.refunds.length ? (
        <ul className="mt-1 list-disc pl-5">
          {payment.refunds.map((refund) => (
            <li key={refund.id}>
              Refund of {formatNaira(refund.amount)} ({refund.status}) on{" "}
              {formatDateTime(refund.createdAt)}: {refund.reason}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-1">
        {payment.status === "proof-sent" ? (
          <>
            <ConfirmLink to={confirmHref("confirm-proof", payment.id)}>
              Confirm transfer
            </ConfirmLink>
            <ConfirmLink to={confirmHref("reject-proof", payment.id)} danger>
              Reject proof
            </ConfirmLink>
          </>
        ) : null}
        {refundable ? (
          <ConfirmLink to={confirmHref("refund", payment.id)} danger>
            Refund
          </ConfirmLink>
        ) : null}
      </div>
    </li>
  );
}

const titles: Record<StaffPaymentConfirm, string> = {
  "confirm-proof": "Confirm the bank transfer",
  "reject-proof": "Reject the proof",
  "move-due-date": "Move the due date",
  "record-payment": "Record a payment",
  refund: "Refund",
  "grant-scholarship": "Grant scholarship",
  "apply-transfer": "Apply the transfer to instalments",
  "refund-transfer": "Record the transfer's refund",
};

/** The confirmation of one action on a payment or instalment (URL-driven: ?confirm=&target=). */
export function PaymentConfirmModal({
  confirm,
  applicationId,
  fullName,
  payments,
  target,
  reply,
  closeHref,
  onClose,
}: ListModalProps & {
  confirm: StaffPaymentConfirm;
  applicationId: string;
  fullName: string;
  payments: ApplicationPayments;
  target: string;
  reply: ActionReply | undefined;
}) {
  const payment = payments.payments.find((row) => row.id === target);
  const instalment = payments.instalments.find((row) => row.id === target);
  const transfer = payments.transfers.find((row) => row.id === target);
  // What may be refunded of the payment or transfer, or what is left to pay of the instalment.
  const left = payment
    ? payment.amount - payment.refundedAmount
    : (transfer?.left ?? instalment?.left ?? 0);
  const { form, fields } = useSchemaForm(staffPaymentActionSchema, {
    id: `payment-${confirm}`,
    reply,
    defaultValue: {
      dueOn: instalment?.dueOn ?? "",
      paidOn: lagosToday(),
      amount: left ? String(nairaFromKobo(left)) : "",
      kind: "percent",
    },
  });
  const danger = confirm === "reject-proof" || confirm.startsWith("refund");
  const onTransfer = confirm === "apply-transfer" || confirm === "refund-transfer";
  const missing =
    confirm === "grant-scholarship"
      ? false
      : onTransfer
        ? !transfer || transfer.settled
        : confirm.endsWith("proof") || confirm === "refund"
          ? !payment
          : !instalment;
  return (
    <Modal open onClose={onClose} closeHref={closeHref} size="md" title={titles[confirm]}>
      {missing ? (
        <p role="alert">
          This payment, instalment or transfer is not on this application, or is settled. Please
          look again.
        </p>
      ) : (
        <DecisionForm
          form={form}
          intent={confirm}
          hidden={{ id: applicationId, target }}
          label={titles[confirm]}
          danger={danger}
          closeHref={closeHref}
        >
          {payment ? <PaymentSummary payment={payment} /> : null}
          {instalment ? <InstalmentSummary instalment={instalment} /> : null}
          {confirm === "confirm-proof" ? (
            <p>
              Did the transfer of <strong>{fullName}</strong> reach the academy's account? The
              instalment is marked paid and a receipt is numbered.
            </p>
          ) : null}
          {confirm === "reject-proof" ? (
            <NoteField meta={fields.reason} label="Why (sent to the applicant)" rows={4} />
          ) : null}
          {confirm === "move-due-date" ? (
            <>
              <TextField meta={fields.dueOn} label="New due date" type="date" required />
              <NoteField meta={fields.note} label="Note (sent to the applicant)" rows={3} />
            </>
          ) : null}
          {confirm === "record-payment" ? (
            <>
              <p>
                {formatNaira(left)} is left to pay. Record all of it or the part that was paid: a
                receipt is numbered, and a part leaves the rest to pay.
              </p>
              <TextField meta={fields.paidOn} label="Paid on" type="date" required />
              <TextField
                meta={fields.amount}
                label="Amount paid (₦)"
                type="number"
                required
                min={0.01}
                max={nairaFromKobo(left)}
                step={0.01}
              />
              <NoteField meta={fields.note} label="How it was paid (staff only)" rows={3} />
            </>
          ) : null}
          {confirm === "grant-scholarship" ? (
            <>
              <p>
                The scholarship is taken off the price after any discount code. Instalments already
                paid stay as they are; the ones not yet paid are recomputed. A later grant replaces
                this one.
              </p>
              <SelectField meta={fields.kind} label="Off" required options={reductionKindOptions} />
              <TextField
                meta={fields.value}
                label="How much (% or ₦)"
                type="number"
                required
                min={0.01}
                step="any"
              />
              <NoteField meta={fields.reason} label="Reason (staff only)" rows={3} />
            </>
          ) : null}
          {onTransfer && transfer ? (
            <TransferConfirmFields confirm={confirm} transfer={transfer} fields={fields} />
          ) : null}
          {confirm === "refund" && payment ? (
            <>
              <p>
                {payment.method === "paystack"
                  ? "The money goes back to the card or account through Paystack."
                  : "Record a refund you send by bank transfer yourself."}{" "}
                At most {formatNaira(left)}.
              </p>
              <TextField
                meta={fields.amount}
                label="Amount (₦)"
                type="number"
                required
                min={0.01}
                step={0.01}
              />
              <NoteField meta={fields.reason} label="Reason (sent to the applicant)" rows={3} />
            </>
          ) : null}
        </DecisionForm>
      )}
    </Modal>
  );
}

/** A required reason or note of a confirmation. */
function NoteField(props: {
  meta: Parameters<typeof TextareaField>[0]["meta"];
  label: string;
  rows: number;
}) {
  return <TextareaField {...props} required maxLength={STAFF_PAYMENT_NOTE_MAX} />;
}

function PaymentSummary({ payment }: { payment: PaymentRow }) {
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      <span className="font-mono">{payment.reference}</span> · {methodLabels[payment.method]} ·{" "}
      {formatNaira(payment.amount)}
      {payment.hasProof ? (
        <>
          {" · "}
          <a href={proofHref(payment.id)} target="_blank" rel="noreferrer" className={link}>
            Open the proof
          </a>
        </>
      ) : null}
    </p>
  );
}

/** ' · ₦50,000 left to pay' of an unpaid instalment that staff recorded a part of. */
function partLeft(part: InstalmentRow) {
  return !part.paidAt && part.left < part.amount ? ` · ${formatNaira(part.left)} left to pay` : "";
}

function InstalmentSummary({ instalment }: { instalment: InstalmentRow }) {
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      Instalment {instalment.number} · {formatNaira(instalment.amount)} · due{" "}
      {formatFullDate(instalment.dueOn)} ({instalmentStatusLabels[instalment.state]})
      {partLeft(instalment)}
    </p>
  );
}
