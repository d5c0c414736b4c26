import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChartFigure } from "~/features/reports/charts/chart-figure";
import { ColumnChart } from "~/features/reports/charts/column-chart";
import { Heatmap, shadeLevel } from "~/features/reports/charts/heatmap";
import { LineChart, segments } from "~/features/reports/charts/line-chart";
import { niceTicks, shownLabels } from "~/features/reports/charts/scale";
import { Sparkline } from "~/features/reports/charts/sparkline";

const html = (element: React.ReactElement) => renderToStaticMarkup(element);
const attributes = (markup: string, name: string) =>
  [...markup.matchAll(new RegExp(`${name}="([^"]*)"`, "g"))].map((match) => match[1]);

describe("the value axis", () => {
  it("gives round gridlines from 0 up to at least the largest value", () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(100)).toEqual([0, 50, 100]);
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it("prints at most 5 category labels, always the first and the last", () => {
    expect([...shownLabels(5)]).toEqual([0, 1, 2, 3, 4]);
    const shown = shownLabels(52);
    expect(shown.size).toBeLessThanOrEqual(5);
    expect(shown.has(0) && shown.has(51)).toBe(true);
  });
});

describe("ColumnChart", () => {
  const chart = (values: [number[], number[]], id = "messages") =>
    html(
      <ColumnChart
        id={id}
        label="Messages per week"
        categories={["5 Oct", "12 Oct", "19 Oct"]}
        stacked
        series={[
          { name: "Inquiries", values: values[0], tone: "primary" },
          { name: "Contact messages", values: values[1], tone: "secondary" },
        ]}
      />,
    );

  it("stacks the series: each column's segments add up to its total, on the same scale", () => {
    const markup = chart([
      [2, 0, 6],
      [2, 0, 2],
    ]);
    expect(markup).toContain('role="img"');
    expect(markup).toContain('aria-label="Messages per week"');
    // Largest total 8: the axis runs to 8, so a value of 2 is a quarter of the height (25).
    const heights = attributes(markup, "height").map(Number);
    expect(heights).toEqual(expect.arrayContaining([25, 75]));
    expect(markup).toContain("<title>19 Oct: Inquiries 6</title>");
    expect(markup).toContain("<title>19 Oct: Contact messages 2</title>");
  });

  it("hatches the secondary series, with a pattern of its own per chart, and names both in the legend", () => {
    const first = chart([[1], [1]], "first");
    const second = chart([[1], [1]], "second");
    expect(first).toContain('fill="url(#first-hatch)"');
    expect(second).toContain('id="second-hatch"');
    expect(first).toContain("Inquiries");
    expect(first).toContain("Contact messages");
  });

  it("draws zero-height columns when every value is zero", () => {
    const markup = chart([
      [0, 0, 0],
      [0, 0, 0],
    ]);
    expect(attributes(markup, "data-value").every((value) => value === "0")).toBe(true);
  });
});

describe("LineChart", () => {
  it("breaks the line where a week has no value, and draws the reference line", () => {
    expect(segments([1, 2, null, 4]).map((run) => run.map((point) => point.index))).toEqual([
      [0, 1],
      [3],
    ]);
    const markup = html(
      <LineChart
        id="reply"
        label="Hours to first reply"
        categories={["a", "b", "c", "d"]}
        series={[
          { name: "Median", values: [1, 2, null, 4] },
          { name: "90th percentile", values: [3, null, null, 30], dash: true },
        ]}
        reference={{ value: 24, label: "24 h promise" }}
      />,
    );
    expect(markup.match(/<path /g)).toHaveLength(4);
    expect(markup).toContain('data-reference="24"');
    expect(markup).toContain("24 h promise");
    // One marker per value, none for the missing ones.
    expect(markup.match(/data-series="0"/g)).toHaveLength(3);
    expect(markup.match(/data-series="1"/g)).toHaveLength(2);
  });

  it("keeps the reference line in view when every value is below it", () => {
    const markup = html(
      <LineChart
        id="low"
        label="Hours"
        categories={["a"]}
        series={[{ name: "Median", values: [2] }]}
        reference={{ value: 24, label: "24 h promise" }}
      />,
    );
    // The axis runs to 30 (gridlines 0, 10, 20, 30), so the 24 h line is inside the plot,
    // 80% of the way up (y 20 of 100).
    expect(markup).toContain(">30</span>");
    expect(markup).toMatch(/<line x1="0" x2="1000" y1="20" y2="20"[^>]*data-reference="24"/);
  });
});

describe("Heatmap", () => {
  it("shades each cell by quarters of the largest value, none for zero", () => {
    expect([0, 1, 2, 3, 4, 8].map((value) => shadeLevel(value, 8))).toEqual([0, 1, 1, 2, 2, 4]);
    const values = Array.from({ length: 7 }, () => Array<number>(24).fill(0));
    (values[1] as number[])[14] = 8;
    (values[6] as number[])[23] = 2;
    const markup = html(
      <Heatmap
        label="Messages by weekday and hour"
        rows={["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]}
        columns={Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, "0"))}
        values={values}
      />,
    );
    const levels = attributes(markup, "data-level");
    expect(levels).toHaveLength(168);
    expect(levels.filter((level) => level === "4")).toHaveLength(1);
    expect(levels.filter((level) => level === "1")).toHaveLength(1);
    expect(markup).toContain("<title>Tue 14:00: 8 messages</title>");
  });
});

describe("ChartFigure", () => {
  it("gives the chart a heading, its text alternative and a table view with headers", () => {
    const markup = html(
      <ChartFigure
        id="messages"
        title="Messages per week"
        summary="3 messages in 2 weeks."
        table={{
          caption: "Messages per week, by form",
          columns: ["Week", "Inquiries"],
          rows: [
            ["Week of 5 Oct 2026", 1200],
            ["Week of 12 Oct 2026", 0],
          ],
        }}
      >
        <Sparkline label="trend" values={[1, 2]} />
      </ChartFigure>,
    );
    expect(markup).toContain('<figure id="messages" aria-labelledby="messages-heading"');
    expect(markup).toContain('<h2 id="messages-heading"');
    expect(markup).toContain("<figcaption");
    expect(markup).toContain("3 messages in 2 weeks.");
    expect(markup).toContain("<summary");
    expect(markup).toContain("<caption");
    expect(markup).toContain('<th scope="col"');
    expect(markup).toContain('<th scope="row"');
    expect(markup).toContain("1,200");
  });

  it("says there is no data instead of an empty chart", () => {
    const markup = html(
      <ChartFigure
        id="types"
        title="Inquiry types"
        summary="unused"
        table={{ caption: "Inquiries by type", columns: ["Type", "Inquiries"], rows: [] }}
      >
        <p>chart</p>
      </ChartFigure>,
    );
    expect(markup).toContain("No data for this period.");
    expect(markup).not.toContain("<table");
    expect(markup).not.toContain("chart</p>");
  });
});
