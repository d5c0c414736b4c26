import ShieldCheck from "lucide-react/icons/shield-check";
import UserCheck from "lucide-react/icons/user-check";
import UserPlus from "lucide-react/icons/user-plus";
import Users from "lucide-react/icons/users";
import { adminPageAction } from "~/features/admins/admin-actions.server";
import { AdminFormModal, DeleteAdminModal } from "~/features/admins/admin-form-modal";
import { adminStats, findAdminById, listAdmins } from "~/features/admins/admins.server";
import { AdminsTable } from "~/features/admins/admins-table";
import { adminListHref, parseAdminListQuery } from "~/features/admins/list-url";
import { requireAdmin, requireSuperAdmin } from "~/features/auth/session.server";
import { PageHeader, StatCards } from "~/features/portal/page-header";
import { PortalErrorBoundary } from "~/features/portal/portal-error";
import { readModalTarget } from "~/lib/router/modal-target";
import { useActionReply } from "~/ui/form/use-action-reply";
import { ListSearch } from "~/ui/list/list-search";
import { Pagination } from "~/ui/list/pagination";
import { useListModal } from "~/ui/list/use-list-modal";
import type { Route } from "./+types/admins";

export const meta: Route.MetaFunction = () => [{ title: "Admin Management | Admin Portal" }];

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireSuperAdmin(request);
  const params = new URL(request.url).searchParams;
  const query = parseAdminListQuery(params);
  const [list, stats, { modal, target }] = await Promise.all([
    listAdmins(query),
    adminStats(),
    // One's own row never opens: it is changed by another super admin.
    readModalTarget(params, findAdminById, (admin) => admin.id !== actor.id),
  ]);
  return {
    actorId: actor.id,
    query: { ...query, page: list.currentPage },
    list,
    stats,
    modal,
    target,
  };
}

export const action = async ({ request }: Route.ActionArgs) =>
  adminPageAction(await requireAdmin(request), request);

export default function AdminsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { list, stats, query, modal, target } = loaderData;
  const listHref = adminListHref(query);
  const listModal = useListModal(listHref);
  // The form modals show their own replies; a delete's is toasted here.
  useActionReply(actionData, { heldByOpenForm: modal !== "delete" });

  return (
    <>
      <PageHeader
        title="Admin Management"
        description="Manage who can sign in to the admin portal and what they can do."
        add={{ to: adminListHref(query, { modal: "create" }), icon: UserPlus, label: "Add Admin" }}
      />
      <StatCards
        label="Admin statistics"
        className="mb-6 grid gap-4 sm:grid-cols-3"
        figures={[
          { label: "Total Admins", value: stats.total, icon: Users },
          { label: "Active Admins", value: stats.active, icon: UserCheck },
          { label: "Super Admins", value: stats.superAdmins, icon: ShieldCheck },
        ]}
      />
      <div className="rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
          <ListSearch
            key={query.q}
            id="admin-search"
            label="Search admins"
            placeholder="Search admins by name or email..."
            q={query.q}
            keep={{
              sort: query.sort !== "created_at" ? query.sort : undefined,
              dir: query.dir !== "desc" ? query.dir : undefined,
            }}
          />
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {list.count} {list.count === 1 ? "admin" : "admins"}
          </p>
        </div>
        <AdminsTable
          admins={list.data}
          query={query}
          currentAdminId={loaderData.actorId}
          canDelete
        />
        <div className="flex justify-end border-t border-slate-200 p-4 dark:border-slate-800">
          <Pagination
            page={list.currentPage}
            totalPages={list.totalPages}
            hrefFor={(page) => adminListHref({ ...query, page })}
            label="Admins pages"
          />
        </div>
      </div>
      {modal === "create" ? (
        <AdminFormModal mode="create" admin={null} actionReply={actionData} {...listModal} />
      ) : null}
      {modal === "edit" && target ? (
        <AdminFormModal mode="edit" admin={target} actionReply={actionData} {...listModal} />
      ) : null}
      {modal === "delete" && target ? <DeleteAdminModal admin={target} {...listModal} /> : null}
    </>
  );
}

export const ErrorBoundary = PortalErrorBoundary;
