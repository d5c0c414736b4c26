import { formatDateTime } from "~/lib/format/dates";

/** The steps of an application as its applicant reads them. */
const stepWords: Record<string, string> = {
  applied: "You applied",
  offered: "A place was offered to you",
  accepted: "You accepted your place",
  declined: "The application was declined",
  waitlisted: "You joined the waitlist",
  enrolled: "You were enrolled",
  "intake-cancelled": "The academy cancelled the intake",
  transferred: "Your place moved to another intake",
  expired: "The offer ended unanswered",
  "plan-chosen": "You chose how to pay",
  "payment-received": "We received your payment",
};

/** 'My application''s history, oldest first. */
export function ApplicationHistory({
  history,
}: {
  history: { kind: string; actorKind: string; createdAt: Date }[];
}) {
  return (
    <ol className="grid gap-2 border-l-2 border-brand-200 pl-4 text-sm">
      {history.map((step) => (
        <li key={`${step.kind}-${step.createdAt.toISOString()}`}>
          <span className="font-semibold text-slate-900">
            {step.kind === "withdrawn"
              ? step.actorKind === "staff"
                ? "The academy withdrew the application"
                : "You withdrew your application"
              : (stepWords[step.kind] ?? step.kind)}
          </span>
          <span className="block text-slate-700">{formatDateTime(step.createdAt)}</span>
        </li>
      ))}
    </ol>
  );
}
