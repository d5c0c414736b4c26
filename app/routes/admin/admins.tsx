import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ShieldCheck, UserCheck, UserPlus, Users } from "lucide-react";
import { data, Form, Link, useNavigate } from "react-router";
import { AdminFormModal, DeleteAdminModal } from "~/features/admins/admin-form-modal";
import {
  adminStats,
  createAdmin,
  deactivateAdmin,
  findAdminById,
  listAdmins,
  updateAdmin,
} from "~/features/admins/admins.server";
import { AdminsTable } from "~/features/admins/admins-table";
import { adminListHref } from "~/features/admins/list-url";
import {
  adminCreateSchema,
  adminEditSchema,
  adminMessages,
  parseAdminListQuery,
} from "~/features/admins/schema";
import { requireAdmin, requireSuperAdmin } from "~/features/auth/session.server";
import { PageHeader, StatCard } from "~/features/portal/page-header";
import { PortalErrorBoundary } from "~/features/portal/portal-error";
import { errorMessage, UserFacingError } from "~/lib/errors";
import { redirectWithFlash } from "~/lib/flash.server";
import { isUuid } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { readForm } from "~/lib/request-form.server";
import { buttonClasses } from "~/ui/button";
import { Pagination } from "~/ui/pagination";
import { SearchInput } from "~/ui/search-input";
import { useFilterSubmit } from "~/ui/use-filter-submit";
import { useToastOnError } from "~/ui/use-toast-on-error";
import type { Route } from "./+types/admins";

export const meta: Route.MetaFunction = () => [{ title: "Admin Management | Admin Portal" }];

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireSuperAdmin(request);
  const params = new URL(request.url).searchParams;
  const query = parseAdminListQuery(params);
  const [list, stats] = await Promise.all([listAdmins(query), adminStats()]);
  const modal = params.get("modal");
  const id = params.get("id");
  const target =
    (modal === "edit" || modal === "delete") && isUuid(id) ? await findAdminById(id) : null;
  return {
    actorId: actor.id,
    query: { ...query, page: list.currentPage },
    list,
    stats,
    modal:
      modal === "create"
        ? ("create" as const)
        : target && target.id !== actor.id
          ? (modal as "edit" | "delete")
          : null,
    target,
  };
}

/** Back to the list as it was (search, sort, page), with the success toast. */
const succeed = (request: Request, message: string) =>
  redirectWithFlash(adminListHref(parseAdminListQuery(new URL(request.url).searchParams)), message);

/** A refusal or failure as the form's reply: on the named field, or for the whole form. */
type Reply = (options: {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
  hideFields?: string[];
}) => SubmissionResult<string[]>;

function failure(error: unknown, reply: Reply) {
  if (!(error instanceof UserFacingError)) logger.error({ err: error }, "Admin management failed");
  const message = errorMessage(error);
  const field = error instanceof UserFacingError ? error.field : undefined;
  return data(
    {
      result: reply(
        field
          ? { fieldErrors: { [field]: [message] }, hideFields: ["password"] }
          : { formErrors: [message], hideFields: ["password"] },
      ),
    },
    { status: error instanceof UserFacingError ? error.status : 500 },
  );
}

export async function action({ request }: Route.ActionArgs) {
  // Any active admin may call this; the services decide (SPEC.md section 6: super admins, and
  // the bootstrap case for creating while no active super admin exists).
  const actor = await requireAdmin(request);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const id = String(formData.get("id") ?? "");

  if (intent === "delete") {
    try {
      await deactivateAdmin(actor, id);
      return succeed(request, adminMessages.deleted);
    } catch (error) {
      return failure(error, ({ formErrors }) => ({
        status: "error",
        error: { "": formErrors ?? [] },
      }));
    }
  }
  if (intent === "create") {
    const submission = parseWithZod(formData, { schema: adminCreateSchema });
    if (submission.status !== "success") {
      return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
    }
    try {
      await createAdmin(actor, submission.value);
      return succeed(request, adminMessages.created);
    } catch (error) {
      return failure(error, submission.reply);
    }
  }
  if (intent === "update") {
    const submission = parseWithZod(formData, { schema: adminEditSchema });
    if (submission.status !== "success")
      return data({ result: submission.reply() }, { status: 400 });
    try {
      await updateAdmin(actor, id, submission.value);
      return succeed(request, adminMessages.updated);
    } catch (error) {
      return failure(error, submission.reply);
    }
  }
  return data(
    { result: { status: "error" as const, error: { "": ["Unknown action"] } } },
    { status: 400 },
  );
}

function SearchBox({ query }: { query: ReturnType<typeof parseAdminListQuery> }) {
  const { submitAfterPause } = useFilterSubmit();
  return (
    <Form method="get" role="search" className="max-w-sm flex-1">
      <SearchInput
        id="admin-search"
        label="Search admins"
        name="q"
        defaultValue={query.q}
        placeholder="Search admins by name or email..."
        onChange={(event) => submitAfterPause(event.currentTarget.form, 250)}
      />
      {query.sort !== "created_at" ? <input type="hidden" name="sort" value={query.sort} /> : null}
      {query.dir !== "desc" ? <input type="hidden" name="dir" value={query.dir} /> : null}
    </Form>
  );
}

export default function AdminsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { list, stats, query, modal, target } = loaderData;
  const navigate = useNavigate();
  const listHref = adminListHref(query);
  const close = () => navigate(listHref, { replace: true, preventScrollReset: true });
  useToastOnError(modal === "delete" ? (actionData?.result?.error?.[""] ?? undefined) : undefined);

  return (
    <>
      <PageHeader
        title="Admin Management"
        description="Manage who can sign in to the admin portal and what they can do."
        actions={
          <Link
            to={adminListHref(query, { modal: "create" })}
            preventScrollReset
            className={buttonClasses("primary")}
          >
            <UserPlus aria-hidden="true" className="h-5 w-5" />
            Add Admin
          </Link>
        }
      />
      <section aria-label="Admin statistics" className="mb-6 grid gap-4 sm:grid-cols-3">
        <StatCard
          label="Total Admins"
          value={stats.total}
          icon={<Users aria-hidden="true" className="h-6 w-6 text-brand-700" />}
        />
        <StatCard
          label="Active Admins"
          value={stats.active}
          icon={<UserCheck aria-hidden="true" className="h-6 w-6 text-brand-700" />}
        />
        <StatCard
          label="Super Admins"
          value={stats.superAdmins}
          icon={<ShieldCheck aria-hidden="true" className="h-6 w-6 text-brand-700" />}
        />
      </section>
      <div className="rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
          <SearchBox key={query.q} query={query} />
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
        <AdminFormModal
          mode="create"
          admin={null}
          lastResult={actionData?.result}
          closeHref={listHref}
          onClose={close}
        />
      ) : null}
      {modal === "edit" && target ? (
        <AdminFormModal
          mode="edit"
          admin={target}
          lastResult={actionData?.result}
          closeHref={listHref}
          onClose={close}
        />
      ) : null}
      {modal === "delete" && target ? (
        <DeleteAdminModal admin={target} closeHref={listHref} onClose={close} />
      ) : null}
    </>
  );
}

export const ErrorBoundary = PortalErrorBoundary;
