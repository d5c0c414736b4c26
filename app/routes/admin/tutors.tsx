import UserPlus from "lucide-react/icons/user-plus";
import { requireAdmin } from "~/features/auth/session.server";
import { PageHeader } from "~/features/portal/page-header";
import { PortalErrorBoundary } from "~/features/portal/portal-error";
import { parseTutorListQuery, tutorListHref } from "~/features/tutors/list-url";
import { tutorActionSchema, tutorMessages } from "~/features/tutors/schema";
import { TutorFormModal } from "~/features/tutors/tutor-form-modal";
import { TutorList } from "~/features/tutors/tutor-list";
import { tutorUploadForm } from "~/features/tutors/tutor-photo.server";
import {
  createTutor,
  findTutorById,
  listTutors,
  setTutorActive,
  updateTutor,
} from "~/features/tutors/tutors.server";
import { readUploadSubmission } from "~/features/uploads/upload-form.server";
import { failureReply } from "~/lib/forms/action-reply.server";
import { redirectWithFlash } from "~/lib/router/flash.server";
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

/** Back to the list as it was searched, with the success toast. */
const succeed = (request: Request, message: string) =>
  redirectWithFlash(tutorListHref(parseTutorListQuery(new URL(request.url).searchParams)), message);

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  const {
    reply,
    submission,
    value: input,
    files,
  } = await readUploadSubmission(
    request,
    tutorUploadForm,
    tutorActionSchema,
    "Reading a tutor form",
  );
  if (reply) return reply;
  try {
    switch (input.intent) {
      case "create":
        await createTutor(actor, input, files.image);
        return succeed(request, tutorMessages.created);
      case "update":
        await updateTutor(input.id, input, files.image);
        return succeed(request, tutorMessages.updated);
      case "toggle": {
        const tutor = await setTutorActive(input.id, !input.isActive);
        return succeed(
          request,
          tutor.isActive ? tutorMessages.activated : tutorMessages.deactivated,
        );
      }
    }
  } catch (error) {
    return failureReply(submission, error, "Changing a tutor");
  }
}

export default function TutorsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { query, tutors, modal, target } = loaderData;
  const listHref = tutorListHref(query);
  const listModal = useListModal(listHref);
  // The form modal shows its own replies; a toggle's is toasted here.
  const formOpen = modal === "create" || modal === "edit";
  useActionReply(formOpen ? undefined : actionData);

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
