import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClasses } from "./button";
import { Modal } from "./modal";

/** A URL-driven confirmation of a destructive action: Cancel, or post `fields` to `action`. */
export function ConfirmModal({
  title,
  children,
  fields,
  confirmLabel,
  pendingLabel,
  closeHref,
  onClose,
  action,
}: {
  title: string;
  children: ReactNode;
  fields: Record<string, string>;
  confirmLabel: string;
  pendingLabel: string;
  closeHref: string;
  onClose: () => void;
  action?: string;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  return (
    <Modal open onClose={onClose} closeHref={closeHref} size="sm" title={title}>
      <div className="text-slate-700 dark:text-slate-300">{children}</div>
      <Form method="post" action={action} className="mt-6 flex justify-end gap-3">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Link to={closeHref} replace preventScrollReset className={buttonClasses("outline")}>
          Cancel
        </Link>
        <Button type="submit" variant="danger" disabled={submitting}>
          {submitting ? pendingLabel : confirmLabel}
        </Button>
      </Form>
    </Modal>
  );
}
