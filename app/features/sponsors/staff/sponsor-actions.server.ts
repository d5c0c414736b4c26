import type { Admin } from "~/db/schema";
import { sponsorMessages as messages } from "~/features/sponsored-seats/sponsor-messages";
import { dispatchIntent, readSubmission } from "~/lib/forms/page-action.server";
import { sponsorsActionSchema, sponsorshipActionSchema } from "../sponsor-schema";
import {
  assignSeat,
  createSponsorship,
  recordInvoicePaid,
  releaseSeats,
  replaceSponsorLink,
} from "../sponsorships.server";
import { sponsorshipHref, sponsorsListHref } from "./list-url";

/** The Sponsored seats page's action: any active admin sells seats. */
export async function sponsorsPageAction(actor: Admin, request: Request) {
  const submission = await readSubmission(request, sponsorsActionSchema);
  let created: string | null = null;
  return dispatchIntent(
    submission,
    {
      create: async (input) => {
        created = (await createSponsorship(input, actor.id)).id;
        return messages.created;
      },
    },
    {
      successHref: () => (created ? sponsorshipHref(created) : sponsorsListHref()),
      what: "Sponsored seats",
    },
  );
}

/** One sponsorship's action: name a seat's person, give seats back, record payment, new link. */
export async function sponsorshipPageAction(actor: Admin, request: Request, sponsorshipId: string) {
  const submission = await readSubmission(request, sponsorshipActionSchema);
  return dispatchIntent(
    submission,
    {
      "assign-seat": async (input) => {
        await assignSeat(sponsorshipId, input);
        return messages.seatAssigned;
      },
      "release-seats": async (input) =>
        messages.seatsReleased(await releaseSeats(sponsorshipId, input.seatIds, actor.id)),
      "record-paid": async (input) => {
        await recordInvoicePaid(sponsorshipId, input.paidBy, actor.id);
        return messages.paidRecorded;
      },
      "new-link": async () => {
        await replaceSponsorLink(sponsorshipId);
        return messages.linkReplaced;
      },
    },
    {
      successHref: sponsorshipHref(sponsorshipId),
      what: "A sponsorship",
      // The seats' checkboxes show no error of their own: the refusal shows as the page's.
      fieldsShown: ["paidBy", "fullName", "email"],
    },
  );
}
