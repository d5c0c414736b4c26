import { data } from "react-router";
import { requireAdmin } from "~/features/auth/session.server";
import { PortalErrorBoundary } from "~/features/portal/portal-error";
import { RecordPageHeading } from "~/features/portal/record-page-heading";
import { sponsorPageUrl } from "~/features/sponsors/sponsor-link.server";
import { sponsorshipOf } from "~/features/sponsors/sponsorships.server";
import { sponsorshipHref, sponsorsListHref } from "~/features/sponsors/staff/list-url";
import { sponsorshipPageAction } from "~/features/sponsors/staff/sponsor-actions.server";
import {
  AssignSeatModal,
  SponsorshipDetailView,
} from "~/features/sponsors/staff/sponsorship-detail";
import { useActionReply } from "~/ui/form/use-action-reply";
import { useListModal } from "~/ui/list/use-list-modal";
import type { Route } from "./+types/sponsorship";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.detail.sponsor.name ?? "Sponsorship"} | Admin Portal` },
];

/** One sponsorship: its invoice, the sponsor's private link, every seat. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const detail = await sponsorshipOf(params.sponsorshipId);
  if (!detail) throw data(null, { status: 404 });
  const assign = new URL(request.url).searchParams.get("assign");
  const assigning = detail.seats.find((seat) => seat.id === assign && seat.status === "open");
  return {
    detail,
    pageUrl: sponsorPageUrl(detail.sponsorship.id, detail.sponsorship.linkVersion),
    assigning: assigning ?? null,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  return sponsorshipPageAction(await requireAdmin(request), request, params.sponsorshipId);
}

export default function SponsorshipPage({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { detail, pageUrl, assigning } = loaderData;
  const modal = useListModal(sponsorshipHref(detail.sponsorship.id));
  useActionReply(actionData, { heldByOpenForm: Boolean(assigning) });
  return (
    <>
      <RecordPageHeading
        back={{ to: sponsorsListHref(), label: "Sponsored seats" }}
        title={detail.sponsor.name}
        description={`${detail.intake.courseTitle}: ${detail.intake.label}`}
        flash={matches[0].loaderData.flash}
      />
      <SponsorshipDetailView detail={detail} pageUrl={pageUrl} actionReply={actionData} />
      {assigning ? <AssignSeatModal seat={assigning} actionReply={actionData} {...modal} /> : null}
    </>
  );
}

export const ErrorBoundary = PortalErrorBoundary;
