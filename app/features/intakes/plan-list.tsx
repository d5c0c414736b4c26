import type { PlanOffer } from "./plan-offers";

/** An intake's ways to pay, each with its amounts and dates: the course page and the offer. */
export function PlanList({ plans, className }: { plans: PlanOffer[]; className?: string }) {
  return (
    <ul className={className ?? "grid gap-1"}>
      {plans.map((plan) => (
        <li key={plan.kind}>
          <span className="font-semibold text-slate-900">{plan.label}:</span> {plan.terms}
        </li>
      ))}
    </ul>
  );
}
