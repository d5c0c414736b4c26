import type { ApplicationStatus, SponsoredSeatStatus } from "~/db/schema";

/** What a seat's row says of it, for staff and for the sponsor alike. */
export function seatStateText(seat: {
  status: SponsoredSeatStatus;
  assignedName: string | null;
  studentName: string | null;
  studentStatus: ApplicationStatus | null;
}) {
  if (seat.status === "released") return "Given back to the intake";
  if (seat.status === "used") {
    const who = seat.studentName ?? "someone";
    return seat.studentStatus === "withdrawn" ? `Used by ${who}, who withdrew` : `Used by ${who}`;
  }
  return seat.assignedName ? `Kept for ${seat.assignedName}, not used yet` : "Not used yet";
}
