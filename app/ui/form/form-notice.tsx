import CheckCircle2 from "lucide-react/icons/circle-check";
import type { ReactNode } from "react";
import { FormError } from "./fields";

/** The success text of a form, shown on the page (the returned one, without JavaScript). */
export function FormNotice({ notice }: { notice: ReactNode }) {
  if (!notice) return null;
  return (
    <div
      role="status"
      className="flex gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-brand-900"
    >
      <CheckCircle2 aria-hidden="true" className="h-5 w-5 shrink-0" />
      <p>{notice}</p>
    </div>
  );
}

/**
 * The answer a redirect carried (the root loader's flash), on a page people use without
 * JavaScript (a register on a phone, 'My application'): the toast needs a script, this does not.
 */
export function FlashMessage({
  flash,
}: {
  flash: { kind: "success" | "error"; message: string } | null | undefined;
}) {
  if (!flash) return null;
  return flash.kind === "success" ? (
    <FormNotice notice={flash.message} />
  ) : (
    <FormError errors={[flash.message]} />
  );
}
