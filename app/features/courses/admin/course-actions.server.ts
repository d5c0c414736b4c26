import type { Admin } from "~/db/schema";
import { dispatchIntent } from "~/lib/forms/page-action.server";
import {
  createCourse,
  deleteCourse,
  toggleCourseActive,
  updateCourse,
} from "./course-admin.server";
import { courseUploadFailedText, readCourseSubmission } from "./course-files.server";
import { courseActionFailed, courseActionSchema, courseMessages } from "./course-form-schema";
import { courseListHref, parseCourseListQuery } from "./list-url";

/** The Courses page's action (with the image and brochure uploads): any active admin. */
export async function coursePageAction(actor: Admin, request: Request) {
  const read = await readCourseSubmission(request, courseActionSchema);
  if (read.reply) return read.reply;
  const { files, value: posted } = read;
  return dispatchIntent(
    read.submission,
    {
      create: async (input) => {
        await createCourse(actor, input, files);
        return courseMessages.created;
      },
      update: async (input) => {
        await updateCourse(actor, input.id, input, files);
        return courseMessages.updated;
      },
      toggle: async (input) => {
        const course = await toggleCourseActive(actor, input.id, input.isActive);
        return course.isActive ? courseMessages.activated : courseMessages.deactivated;
      },
      delete: async (input) => {
        await deleteCourse(actor, input.id);
        return courseMessages.deleted;
      },
    },
    {
      // Back to the list as it was (search, filters, view).
      successHref: courseListHref(parseCourseListQuery(new URL(request.url).searchParams)),
      what: "Changing a course",
      formMessage: ({ message, field }) =>
        courseUploadFailedText(field, message) ?? courseActionFailed(posted.intent, message),
    },
  );
}
