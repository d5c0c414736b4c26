import ClipboardClock from "lucide-react/icons/clipboard-clock";
import { FigureLink } from "~/ui/figure-link";
import { admissionsHref } from "../list-url";
import type { ApplicationClockFigures } from "./application-clock.server";

const count = (value: number) => value.toLocaleString("en-NG");

/** The dashboard's figure of applications waiting for an answer, with their reply clock. */
export function ApplicationsWaitingFigure({ figures }: { figures: ApplicationClockFigures }) {
  return (
    <FigureLink
      to={admissionsHref({ status: "new" })}
      label="Applications waiting"
      value={count(figures.waiting)}
      hint={`${count(figures.overdue)} overdue · ${count(figures.dueSoon)} due soon`}
      icon={
        <ClipboardClock aria-hidden="true" className="h-6 w-6 text-brand-700 dark:text-brand-300" />
      }
    />
  );
}
