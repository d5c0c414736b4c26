import UserPlus from "lucide-react/icons/user-plus";
import { requireAdmin } from "~/features/auth/session.server";
import { PageHeader } from "~/features/portal/page-header";
import { PortalErrorBoundary } from "~/features/portal/portal-error";
import { parseTutorListQuery, tutorListHref } from "~/features/tutors/list-url";
import { tutorPageAction } from "~/features/tutors/tutor-actions.server";
import { TutorFormModal } from "~/features/tutors/tutor-form-modal";
import { TutorList } from "~/features/tutors/tutor-list";
import { findTutorById, listTutors } from "~/features/tutors/tutors.server";
import { readModalTarget } from "~/lib/router/modal-target";
import { useActionReply } from "~/ui/form/use-action-reply";
import { ListSearch } from "~/ui/list/list-search";
import { useListModal } from "~/ui/list/use-list-modal";
import type { Route } from "./+types/tutors";

export const meta: Route.MetaFunction = () => [{ title: "Tutors | Admin Portal" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const query = parseTutorListQuery(params);
  const [tutors, { modal, target }] = await Promise.all([
    listTutors(query),
    readModalTarget(params, findTutorById),
  ]);
  return { query, tutors, modal: modal === "delete" ? null : modal, target };
}

export const action = async ({ request }: Route.ActionArgs) =>
  tutorPageAction(await requireAdmin(request), request);

export default function TutorsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { query, tutors, modal, target } = loaderData;
  const listHref = tutorListHref(query);
  const listModal = useListModal(listHref);
  // The form modal shows its own replies; a toggle's is toasted here.
  const formOpen = modal === "create" || modal === "edit";
  useActionReply(actionData, { heldByOpenForm: formOpen });

  return (
    <>
      <PageHeader
        title="Tutors"
        description="The people who teach at the academy, as the About page introduces them."
        add={{ to: tutorListHref(query, { modal: "create" }), icon: UserPlus, label: "Add tutor" }}
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <ListSearch
          key={query.q}
          id="tutor-search"
          label="Search tutors"
          placeholder="Search tutors by name or role..."
          q={query.q}
        />
      </div>
      <div className="rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <TutorList tutors={tutors} query={query} />
      </div>
      {modal === "create" || (modal === "edit" && target) ? (
        <TutorFormModal
          // A new key per tutor, so that the form's fields start from that tutor's values.
          key={target?.id ?? "new"}
          tutor={target}
          actionReply={actionData}
          {...listModal}
        />
      ) : null}
    </>
  );
}

export const ErrorBoundary = PortalErrorBoundary;
