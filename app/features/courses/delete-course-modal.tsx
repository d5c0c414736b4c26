import type { Course } from "~/db/schema";
import { ConfirmModal } from "~/ui/confirm-modal";

/** The delete confirmation warns that deletion is permanent (enrollments and progress too). */
export function DeleteCourseModal({
  course,
  closeHref,
  onClose,
}: {
  course: Pick<Course, "id" | "title">;
  closeHref: string;
  onClose: () => void;
}) {
  return (
    <ConfirmModal
      title="Delete Course"
      fields={{ intent: "delete", id: course.id }}
      confirmLabel="Delete Course"
      pendingLabel="Deleting..."
      closeHref={closeHref}
      onClose={onClose}
    >
      <p>
        Are you sure you want to delete <strong>{course.title}</strong>? This permanently deletes
        the course and removes all its enrollments and progress, together with its image and
        brochure. This cannot be undone.
      </p>
    </ConfirmModal>
  );
}
