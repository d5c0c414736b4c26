import { getFormProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { formatInvoiceNumber, seatsLine } from "~/features/sponsored-seats/sponsor-messages";
import { formatDateTime, formatShortDate } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";
import type { ActionReply } from "~/lib/forms/action-reply";
import { Button } from "~/ui/button";
import { cardClasses } from "~/ui/card";
import { cn } from "~/ui/cn";
import { DecisionForm } from "~/ui/form/confirm-modal";
import { FormError, TextField } from "~/ui/form/form-fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { ColumnHeads, DataTable } from "~/ui/list/data-table";
import { type ListModalProps, Modal } from "~/ui/modal";
import { InvoiceStatus } from "../invoice-status";
import { seatStateText } from "../seat-state";
import { assignSeatFields, recordPaidFields, sponsorLimits } from "../sponsor-schema";
import type { SeatRow, SponsorshipDetail } from "../sponsorships.server";
import { sponsorshipHref, staffInvoiceHref } from "./list-url";

const link = "text-brand-700 underline dark:text-brand-300";
const section = cn(cardClasses, "grid gap-3 p-5");

/** One sponsorship for staff: the sponsor, the invoice, the private link and every seat. */
export function SponsorshipDetailView({
  detail,
  pageUrl,
  actionReply,
}: {
  detail: SponsorshipDetail;
  pageUrl: string;
  actionReply: ActionReply | undefined;
}) {
  const { sponsorship, sponsor, intake, total, seats, onlinePayments } = detail;
  return (
    <div className="grid gap-6">
      <section aria-labelledby="invoice-heading" className={section}>
        <h2 id="invoice-heading" className="text-lg font-bold">
          Invoice {formatInvoiceNumber(sponsorship.invoiceNumber)}
        </h2>
        <p>
          {seatsLine(sponsorship.seats)} in {intake.courseTitle}: {intake.label} (from{" "}
          {formatShortDate(intake.startsOn)}) at {formatNaira(sponsorship.seatPrice)} each:{" "}
          <strong>{formatNaira(total)}</strong> <InvoiceStatus paidAt={sponsorship.paidAt} />
        </p>
        {sponsorship.paidBy ? <p>Paid by: {sponsorship.paidBy}</p> : null}
        <p>
          Billed to {sponsor.name}, {sponsor.contactName} &lt;{sponsor.billingEmail}&gt;
          {sponsor.contactPhone ? `, ${sponsor.contactPhone}` : ""}.{" "}
          <a href={staffInvoiceHref(sponsorship.id)} className={link} download>
            Download the invoice (PDF)
          </a>
        </p>
        {onlinePayments.length ? (
          <ul className="text-sm">
            {onlinePayments.map((payment) => (
              <li key={payment.reference}>
                Online payment <span className="font-mono">{payment.reference}</span>,{" "}
                {formatNaira(payment.amount)}: {onlinePaymentText(payment)}
              </li>
            ))}
          </ul>
        ) : null}
        {sponsorship.paidAt ? null : <RecordPaidForm actionReply={actionReply} />}
      </section>
      <section aria-labelledby="link-heading" className={section}>
        <h2 id="link-heading" className="text-lg font-bold">
          The sponsor's private page
        </h2>
        <label htmlFor="sponsor-page-url" className="text-sm text-slate-700 dark:text-slate-300">
          Send this link to the sponsor: it opens their seats, codes and invoice without a password,
          so it goes to them alone.
        </label>
        <input
          id="sponsor-page-url"
          readOnly
          value={pageUrl}
          className="w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm dark:border-slate-700 dark:bg-slate-900"
        />
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="new-link" />
          <Button type="submit" variant="outline">
            Make a new link (the old one stops working)
          </Button>
        </Form>
      </section>
      <SeatsSection sponsorshipId={sponsorship.id} seats={seats} />
    </div>
  );
}

function onlinePaymentText(payment: SponsorshipDetail["onlinePayments"][number]) {
  if (payment.status === "success" && payment.paidAt)
    return `paid ${formatDateTime(payment.paidAt)}`;
  if (payment.status === "failed") return "failed";
  if (payment.status === "flagged") return `received but ${payment.flag ?? "not applied"}`;
  return `started ${formatDateTime(payment.createdAt)}, not paid`;
}

function RecordPaidForm({ actionReply }: { actionReply: ActionReply | undefined }) {
  const { form, fields } = useSchemaForm(recordPaidFields, {
    id: "record-paid",
    reply: actionReply,
  });
  const busy = useNavigation().formData?.get("intent") === "record-paid";
  return (
    <Form
      method="post"
      preventScrollReset
      {...getFormProps(form)}
      className="grid gap-3 sm:max-w-xl"
    >
      <input type="hidden" name="intent" value="record-paid" />
      <FormError errors={form.errors} />
      <TextField
        meta={fields.paidBy}
        label="Paid by bank transfer? Say how (staff only)"
        required
        maxLength={sponsorLimits.paidBy}
      />
      <Button type="submit" disabled={busy} className="justify-self-start">
        Record the invoice paid
      </Button>
    </Form>
  );
}

function SeatsSection({ sponsorshipId, seats }: { sponsorshipId: string; seats: SeatRow[] }) {
  const open = seats.filter((seat) => seat.status === "open");
  return (
    <section aria-labelledby="seats-heading" className={section}>
      <h2 id="seats-heading" className="text-lg font-bold">
        Seats
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        An unused seat holds a place in the intake. Give back the ones the sponsor will not use:
        their places go to other applicants and their codes stop working.
      </p>
      <Form method="post" preventScrollReset className="grid gap-3">
        <input type="hidden" name="intent" value="release-seats" />
        <div className="relative overflow-x-auto">
          <DataTable
            caption="Seats"
            head={
              <>
                <ColumnHeads
                  labels={["Give back", "Seat", "Code", "What became of it"]}
                  className="px-2 py-2 text-left text-sm font-semibold text-slate-700 dark:text-slate-300"
                />
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </>
            }
            className="w-full text-sm"
          >
            {seats.map((seat) => (
              <tr key={seat.id} className="border-t border-slate-100 dark:border-slate-800">
                <td className="px-2 py-2">
                  {seat.status === "open" ? (
                    <input
                      type="checkbox"
                      name="seatIds"
                      value={seat.id}
                      aria-label={`Give back seat ${seat.number}`}
                      className="h-5 w-5"
                    />
                  ) : null}
                </td>
                <th scope="row" className="px-2 py-2">
                  {seat.number}
                </th>
                <td className="px-2 py-2 font-mono">{seat.code}</td>
                <td className="px-2 py-2">{seatStateText(seat)}</td>
                <td className="px-2 py-2 text-right">
                  {seat.status === "open" ? (
                    <Link
                      to={sponsorshipHref(sponsorshipId, seat.id)}
                      preventScrollReset
                      className={link}
                    >
                      Name the person<span className="sr-only"> for seat {seat.number}</span>
                    </Link>
                  ) : null}
                </td>
              </tr>
            ))}
          </DataTable>
        </div>
        {open.length ? (
          <Button type="submit" variant="outline" className="justify-self-start">
            Give the chosen seats back to the intake
          </Button>
        ) : null}
      </Form>
    </section>
  );
}

/** Names the person a seat is for (URL-driven: ?assign=<seat>); their code is e-mailed to them. */
export function AssignSeatModal({
  seat,
  actionReply,
  closeHref,
  onClose,
}: ListModalProps & { seat: SeatRow; actionReply: ActionReply | undefined }) {
  const { form, fields } = useSchemaForm(assignSeatFields, {
    id: "assign-seat",
    reply: actionReply,
    defaultValue: { fullName: seat.assignedName ?? "", email: seat.assignedEmail ?? "" },
  });
  return (
    <Modal
      open
      onClose={onClose}
      closeHref={closeHref}
      size="md"
      title={`Name the person for seat ${seat.number}`}
    >
      <DecisionForm
        form={form}
        intent="assign-seat"
        hidden={{ seatId: seat.id }}
        label="Keep the seat and e-mail the code"
        danger={false}
        closeHref={closeHref}
      >
        <p>
          Only this address can use the seat's code; the code is e-mailed to it with the link to
          apply.
        </p>
        <TextField
          meta={fields.fullName}
          label="Full name"
          required
          maxLength={sponsorLimits.contactName}
        />
        <TextField
          meta={fields.email}
          type="email"
          label="E-mail address"
          required
          maxLength={sponsorLimits.email}
        />
      </DecisionForm>
    </Modal>
  );
}
