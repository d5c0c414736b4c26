import type { ReactNode } from "react";

/** A block of a page named by its own heading, so that a screen reader lists it by that name. */
export function LabelledSection({
  id,
  title,
  level = 2,
  className,
  headingClassName,
  children,
}: {
  /** The heading's id; unique on the page. */
  id: string;
  title: ReactNode;
  level?: 2 | 3;
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} className={headingClassName}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
