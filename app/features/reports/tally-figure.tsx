import { BarList } from "./charts/bar-list";
import { ChartFigure } from "./charts/chart-figure";
import { tallySummary } from "./report-summaries";
import type { Tally } from "./reports.server";

/** Inquiries counted by one of their answers (type, contact method), as a ranking of bars. */
export function TallyFigure({
  id,
  title,
  label,
  itemName,
  tallies,
}: {
  id: string;
  title: string;
  /** What the bars show: 'Inquiries by type'. */
  label: string;
  /** The table's first column: 'Inquiry type'. */
  itemName: string;
  tallies: Tally[];
}) {
  return (
    <ChartFigure
      id={id}
      title={title}
      summary={tallySummary(tallies, title.toLowerCase())}
      table={{
        caption: label,
        columns: [itemName, "Inquiries"],
        rows: tallies.map((tally) => [tally.label, tally.count]),
      }}
    >
      <BarList
        label={label}
        items={tallies.map((tally) => ({ label: tally.label, value: tally.count }))}
      />
    </ChartFigure>
  );
}
