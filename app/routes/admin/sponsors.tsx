import Building2 from "lucide-react/icons/building-2";
import { requireAdmin } from "~/features/auth/session.server";
import { PageHeader } from "~/features/portal/page-header";
import { PortalErrorBoundary } from "~/features/portal/portal-error";
import { listSponsorships, seatIntakeChoices } from "~/features/sponsors/sponsorships.server";
import { sponsorsListHref } from "~/features/sponsors/staff/list-url";
import { sponsorsPageAction } from "~/features/sponsors/staff/sponsor-actions.server";
import { SponsorshipFormModal } from "~/features/sponsors/staff/sponsorship-form-modal";
import { SponsorshipList } from "~/features/sponsors/staff/sponsorship-list";
import { useActionReply } from "~/ui/form/use-action-reply";
import { useListModal } from "~/ui/list/use-list-modal";
import type { Route } from "./+types/sponsors";

export const meta: Route.MetaFunction = () => [{ title: "Sponsored seats | Admin Portal" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const creating = new URL(request.url).searchParams.get("modal") === "create";
  const [rows, intakes] = await Promise.all([
    listSponsorships(),
    creating ? seatIntakeChoices() : [],
  ]);
  return { rows, intakes, creating };
}

export const action = async ({ request }: Route.ActionArgs) =>
  sponsorsPageAction(await requireAdmin(request), request);

export default function SponsorsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, intakes, creating } = loaderData;
  const listModal = useListModal(sponsorsListHref());
  useActionReply(actionData, { heldByOpenForm: creating });
  return (
    <>
      <PageHeader
        title="Sponsored seats"
        description="Seats employers buy for their people on one invoice: each seat is a code that enrols its holder with nothing to pay."
        add={{
          to: sponsorsListHref({ modal: "create" }),
          icon: Building2,
          label: "Sell seats to a sponsor",
        }}
      />
      <div className="rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <SponsorshipList rows={rows} />
      </div>
      {creating ? (
        <SponsorshipFormModal intakes={intakes} actionReply={actionData} {...listModal} />
      ) : null}
    </>
  );
}

export const ErrorBoundary = PortalErrorBoundary;
