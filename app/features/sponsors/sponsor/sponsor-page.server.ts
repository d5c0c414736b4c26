import { href } from "react-router";
import { attendanceOf } from "~/features/cohort/attendance.server";
import { attendanceText } from "~/features/cohort/attendance-rules";
import { loadBankAccount } from "~/features/payments/applicant/bank-transfer.server";
import { configuredGateway } from "~/features/payments/gateway/gateway.server";
import { startInvoiceCheckout } from "~/features/sponsored-seats/invoice-payments.server";
import { lagosToday } from "~/lib/format/dates";
import { env } from "~/lib/infra/env.server";
import { seatStateText } from "../seat-state";
import { isSponsorToken } from "../sponsor-link.server";
import { opensSponsorPage, sponsorshipOf } from "../sponsorships.server";

/**
 * What the sponsor's private page shows: the invoice and how to pay it, and each seat with its
 * code, who used it and (once classes have started) their attendance. Nothing of the people
 * beyond their name and attendance: the sponsor pays, the place is the student's.
 */
export async function loadSponsorPage(sponsorshipId: string, token: string) {
  const detail = await sponsorshipOf(sponsorshipId);
  if (!detail || !isSponsorToken(sponsorshipId, detail.sponsorship.linkVersion, token)) return null;
  const { sponsorship, sponsor, intake, total, seats } = detail;
  const started = intake.startsOn <= lagosToday();
  const usedIds = seats.flatMap((seat) => (seat.applicationId ? [seat.applicationId] : []));
  const attendance = started ? await attendanceOf(usedIds) : new Map();
  return {
    sponsorName: sponsor.name,
    intake,
    invoice: {
      number: sponsorship.invoiceNumber,
      seats: sponsorship.seats,
      seatPrice: sponsorship.seatPrice,
      total,
      paidAt: sponsorship.paidAt,
    },
    intakeCancelled: !sponsorship.paidAt && intake.status === "cancelled",
    bankAccount:
      sponsorship.paidAt || intake.status === "cancelled" ? null : await loadBankAccount(),
    payOnline: !sponsorship.paidAt && intake.status !== "cancelled" && configuredGateway() !== null,
    started,
    seats: seats.map((seat) => {
      const counts = seat.applicationId ? attendance.get(seat.applicationId) : undefined;
      return {
        number: seat.number,
        // A used or released seat's code opens nothing: only unused ones are shown.
        code: seat.status === "open" ? seat.code : null,
        state: seatStateText(seat),
        attendance: counts ? attendanceText(counts) : null,
      };
    }),
  };
}

export type SponsorPage = NonNullable<Awaited<ReturnType<typeof loadSponsorPage>>>;

/**
 * The page's one action, paying the invoice online: where to send the browser, or null when
 * the link opens nothing. Paystack is given the return address without the private link
 * (decision 0054's rule for applicants), so its records cannot open the page.
 */
export async function payInvoiceOnline(sponsorshipId: string, token: string) {
  if (!(await opensSponsorPage(sponsorshipId, token))) return null;
  return startInvoiceCheckout(sponsorshipId, `${env().publicUrl}${href("/sponsor-paid")}`);
}
