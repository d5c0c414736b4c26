import TicketPercent from "lucide-react/icons/ticket-percent";
import { applicationIntakeChoices } from "~/features/applications/staff/application-list.server";
import { requireAdmin } from "~/features/auth/session.server";
import { listCodes } from "~/features/discounts/discount-codes.server";
import { discountRule } from "~/features/discounts/discount-messages";
import { discountPageAction } from "~/features/discounts/staff/discount-actions.server";
import { DiscountFormModal } from "~/features/discounts/staff/discount-form-modal";
import { DiscountList } from "~/features/discounts/staff/discount-list";
import { discountListHref } from "~/features/discounts/staff/list-url";
import { PageHeader } from "~/features/portal/page-header";
import { PortalErrorBoundary } from "~/features/portal/portal-error";
import { useActionReply } from "~/ui/form/use-action-reply";
import { useListModal } from "~/ui/list/use-list-modal";
import type { Route } from "./+types/discounts";

export const meta: Route.MetaFunction = () => [{ title: "Discounts | Admin Portal" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const creating = new URL(request.url).searchParams.get("modal") === "create";
  const [codes, intakes] = await Promise.all([listCodes(), applicationIntakeChoices()]);
  return { codes, intakes, creating };
}

export const action = async ({ request }: Route.ActionArgs) =>
  discountPageAction(await requireAdmin(request), request);

export default function DiscountsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { codes, intakes, creating } = loaderData;
  const listModal = useListModal(discountListHref());
  useActionReply(actionData, { heldByOpenForm: creating });
  return (
    <>
      <PageHeader
        title="Discounts"
        description={discountRule}
        add={{
          to: discountListHref({ modal: "create" }),
          icon: TicketPercent,
          label: "Add discount code",
        }}
      />
      <div className="rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <DiscountList codes={codes} intakes={intakes} />
      </div>
      {creating ? (
        <DiscountFormModal intakes={intakes} actionReply={actionData} {...listModal} />
      ) : null}
    </>
  );
}

export const ErrorBoundary = PortalErrorBoundary;
