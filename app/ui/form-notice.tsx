import CheckCircle2 from "lucide-react/icons/circle-check";

/** The success text of a form posted without JavaScript, shown on the returned page. */
export function FormNotice({ notice }: { notice: string | null }) {
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
