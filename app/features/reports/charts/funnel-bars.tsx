import type { FunnelStep } from "../admissions-funnel.server";
import { BarList } from "./bar-list";

/**
 * The admissions funnel as bars: page views on a scale of their own (they outnumber every
 * other step by far, which would leave the rest as slivers), then the steps from inquiries to
 * enrolment on theirs.
 */
export function FunnelBars({ steps }: { steps: FunnelStep[] }) {
  const [views, ...rest] = steps;
  return (
    <div className="grid gap-4">
      {views ? (
        <BarList label="Course page views, on a scale of their own" items={[views]} />
      ) : null}
      <div>
        <p className="mb-2 text-xs text-slate-600 dark:text-slate-300">
          From inquiries to enrolment, on one scale:
        </p>
        <BarList label="The period's admissions, step by step" items={rest} />
      </div>
    </div>
  );
}
