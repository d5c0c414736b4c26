import type { ReactNode } from "react";

export type Fact = { term: string; value: ReactNode };

/**
 * Terms and their values (an intake's course, dates, times…) as a description list: stacked on
 * a phone, two columns from `sm`. The classes are the list's, its terms' and their values'.
 */
export function FactList({
  facts,
  className,
  termClassName,
  valueClassName,
}: {
  facts: readonly Fact[];
  className: string;
  termClassName: string;
  valueClassName: string;
}) {
  return (
    <dl className={className}>
      {facts.map((fact) => (
        <div key={fact.term} className="contents">
          <dt className={termClassName}>{fact.term}</dt>
          <dd className={valueClassName}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
