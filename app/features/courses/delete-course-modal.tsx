import { Form, Link, useNavigation } from "react-router";
import type { Course } from "~/db/schema";
import { Button, buttonClasses } from "~/ui/button";
import { Modal } from "~/ui/modal";

/** SPEC.md section 2: the delete confirmation warns that deletion is permanent. */
export function DeleteCourseModal({
  course,
  closeHref,
  onClose,
}: {
  course: Pick<Course, "id" | "title">;
  closeHref: string;
  onClose: () => void;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  return (
    <Modal open onClose={onClose} closeHref={closeHref} size="sm" title="Delete Course">
      <p className="text-slate-700 dark:text-slate-300">
        Are you sure you want to delete <strong>{course.title}</strong>? This permanently deletes
        the course and removes all its enrollments and progress, together with its image and
        brochure. This cannot be undone.
      </p>
      <Form method="post" className="mt-6 flex justify-end gap-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={course.id} />
        <Link to={closeHref} replace preventScrollReset className={buttonClasses("outline")}>
          Cancel
        </Link>
        <Button type="submit" variant="danger" disabled={submitting}>
          {submitting ? "Deleting..." : "Delete Course"}
        </Button>
      </Form>
    </Modal>
  );
}
