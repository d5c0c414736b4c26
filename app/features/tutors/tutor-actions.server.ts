import type { Admin } from "~/db/schema";
import { readUploadSubmission } from "~/features/uploads/upload-form.server";
import { dispatchIntent } from "~/lib/forms/page-action.server";
import { parseTutorListQuery, tutorListHref } from "./list-url";
import { tutorActionSchema, tutorMessages } from "./schema";
import { tutorUploadForm } from "./tutor-photo.server";
import { createTutor, setTutorActive, updateTutor } from "./tutors.server";

/** The Tutors page's action (with its photo upload): any active admin manages tutors. */
export async function tutorPageAction(actor: Admin, request: Request) {
  const read = await readUploadSubmission(
    request,
    tutorUploadForm,
    tutorActionSchema,
    "Reading a tutor form",
  );
  if (read.reply) return read.reply;
  const { files } = read;
  return dispatchIntent(
    read.submission,
    {
      create: async (input) => {
        await createTutor(actor, input, files.image);
        return tutorMessages.created;
      },
      update: async (input) => {
        await updateTutor(input.id, input, files.image);
        return tutorMessages.updated;
      },
      toggle: async (input) => {
        const tutor = await setTutorActive(input.id, !input.isActive);
        return tutor.isActive ? tutorMessages.activated : tutorMessages.deactivated;
      },
    },
    {
      // Back to the list as it was searched.
      successHref: tutorListHref(parseTutorListQuery(new URL(request.url).searchParams)),
      what: "Changing a tutor",
    },
  );
}
