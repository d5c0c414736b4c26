import type { Course } from "~/db/schema";
import { DeleteModal } from "~/ui/form/confirm-modal";
import type { ListModalProps } from "~/ui/modal";

/** The delete confirmation warns that deletion is permanent (enrollments and progress too). */
export function DeleteCourseModal({
  course,
  ...modal
}: ListModalProps & { course: Pick<Course, "id" | "title"> }) {
  return (
    <DeleteModal title="Delete Course" id={course.id} confirmLabel="Delete Course" {...modal}>
      <p>
        Are you sure you want to delete <strong>{course.title}</strong>? This permanently deletes
        the course and removes all its enrollments and progress, together with its image and
        brochure. This cannot be undone.
      </p>
    </DeleteModal>
  );
}
