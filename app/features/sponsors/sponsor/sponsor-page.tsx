import type { ReactNode } from "react";
import { Form, href } from "react-router";
import {
  formatInvoiceNumber,
  seatsLine,
  sponsorMessages,
} from "~/features/sponsored-seats/sponsor-messages";
import { formatDateTime, formatFullDate } from "~/lib/format/dates";
import { formatNaira } from "~/lib/format/money";
import { Button } from "~/ui/button";
import { LabelledSection } from "~/ui/labelled-section";
import { ColumnHeads, DataTable } from "~/ui/list/data-table";
import { InvoiceStatus } from "../invoice-status";
import type { SponsorPage } from "./sponsor-page.server";

const heading = "mb-3 text-lg font-bold text-slate-900";
const link = "font-semibold text-brand-700 underline";

/** The sponsor's private page: the invoice and how to pay it, then every seat. */
export function SponsorPageView({
  page,
  sponsorshipId,
  token,
  flash,
}: {
  page: SponsorPage;
  sponsorshipId: string;
  token: string;
  /** What the page's last action said. */
  flash: ReactNode;
}) {
  const { invoice, intake } = page;
  const number = formatInvoiceNumber(invoice.number);
  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-3xl font-extrabold text-slate-900">Seats for {page.sponsorName}</h1>
        <p className="mt-2 text-slate-700">
          {intake.courseTitle}, {intake.label}: {formatFullDate(intake.startsOn)} to{" "}
          {formatFullDate(intake.endsOn)}
        </p>
      </div>
      {flash}
      <LabelledSection id="invoice-heading" title={`Invoice ${number}`} headingClassName={heading}>
        <div className="grid gap-3 text-slate-800">
          <p>
            {seatsLine(invoice.seats)} at {formatNaira(invoice.seatPrice)} each:{" "}
            <strong>{formatNaira(invoice.total)}</strong> <InvoiceStatus paidAt={invoice.paidAt} />
          </p>
          {invoice.paidAt ? (
            <p>Paid on {formatDateTime(invoice.paidAt)} (Lagos time). Thank you.</p>
          ) : null}
          <p>
            <a
              href={href("/sponsor/:sponsorshipId/:token/invoice", { sponsorshipId, token })}
              className={link}
              download
            >
              Download the invoice (PDF)
            </a>
          </p>
          {page.intakeCancelled ? <p role="note">{sponsorMessages.intakeCancelled}</p> : null}
          {page.payOnline ? (
            <Form method="post" reloadDocument>
              <input type="hidden" name="intent" value="pay" />
              <Button type="submit">Pay {formatNaira(invoice.total)} online</Button>
            </Form>
          ) : null}
          {page.bankAccount ? (
            <p>
              {page.payOnline ? "Or pay by bank transfer" : "Pay by bank transfer"} to{" "}
              <strong>{page.bankAccount.accountName}</strong>, {page.bankAccount.bankName}, account{" "}
              <strong className="font-mono">{page.bankAccount.accountNumber}</strong>, with{" "}
              <strong className="font-mono">{number}</strong> as the narration. We mark the invoice
              paid when the transfer arrives, within 24 hours.
            </p>
          ) : null}
        </div>
      </LabelledSection>
      <LabelledSection id="seats-heading" title="Seats" headingClassName={heading}>
        <p className="mb-3 text-slate-700">
          Give each person one unused code and the{" "}
          <a href={href("/apply/:intakeId", { intakeId: intake.id })} className={link}>
            apply page of this intake
          </a>
          . They enter the code in the code field when they apply, with their own e-mail address,
          and are enrolled at once with nothing to pay, even when the intake shows as full.
        </p>
        <div className="relative overflow-x-auto">
          <DataTable
            caption="Seats"
            head={
              <ColumnHeads
                labels={
                  page.started ? ["Seat", "Code", "Who", "Attendance"] : ["Seat", "Code", "Who"]
                }
                className="px-2 py-2 text-left text-sm font-semibold text-slate-700 dark:text-slate-300"
              />
            }
            className="w-full text-sm text-slate-800"
          >
            {page.seats.map((seat) => (
              <tr key={seat.number} className="border-t border-slate-100">
                <th scope="row" className="px-2 py-2">
                  {seat.number}
                </th>
                <td className="px-2 py-2 font-mono">{seat.code ?? <Nothing />}</td>
                <td className="px-2 py-2">{seat.state}</td>
                {page.started ? (
                  <td className="px-2 py-2">{seat.attendance ?? <Nothing />}</td>
                ) : null}
              </tr>
            ))}
          </DataTable>
        </div>
      </LabelledSection>
    </div>
  );
}

/** An empty cell: a dash on screen, 'none' to a screen reader. */
function Nothing() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">none</span>
    </>
  );
}
