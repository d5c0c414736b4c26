import fc from "fast-check";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarList } from "~/features/reports/charts/bar-list";
import { ChartFigure, type ChartTable } from "~/features/reports/charts/chart-figure";
import { ColumnChart, type ColumnSeries } from "~/features/reports/charts/column-chart";
import { FunnelBars } from "~/features/reports/charts/funnel-bars";
import { Heatmap, heatmapShades, shadeLevel } from "~/features/reports/charts/heatmap";
import { LineChart, segments } from "~/features/reports/charts/line-chart";
import { PLOT_HEIGHT } from "~/features/reports/charts/plot-frame";
import { niceTicks, percentOf, scaleLinear, shownLabels } from "~/features/reports/charts/scale";
import { Sparkline } from "~/features/reports/charts/sparkline";

const html = (element: ReactElement) => renderToStaticMarkup(element);

/** Every `<tag …>` that has `marker` among its attributes, as a map of its attributes. */
function elements(markup: string, tag: string, marker: string) {
  return [...markup.matchAll(new RegExp(`<${tag} ([^>]*)>`, "g"))]
    .map((match) => match[1] ?? "")
    .filter((attributes) => attributes.includes(marker))
    .map((attributes) =>
      Object.fromEntries(
        [...attributes.matchAll(/([\w:-]+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]),
      ),
    );
}
const count = (markup: string, text: string) => markup.split(text).length - 1;

describe("the axis arithmetic", () => {
  it("gives round gridlines from 0 up to at least the largest value", () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(100)).toEqual([0, 50, 100]);
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(niceTicks(1.1)).toEqual([0, 0.5, 1, 1.5]);
  });

  it("keeps whole steps for counts, and falls back to [0, 1] for nothing or nonsense", () => {
    expect(niceTicks(1, { integer: true })).toEqual([0, 1]);
    expect(niceTicks(3, { integer: true })).toEqual([0, 1, 2, 3]);
    expect(niceTicks(1)).toEqual([0, 0.5, 1]);
    for (const max of [-5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(niceTicks(max)).toEqual([0, 1]);
  });

  it("always gives 3 to 5 evenly spaced gridlines from 0 that reach the largest value", () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-6, max: 1e12, noNaN: true }), (max) => {
        const ticks = niceTicks(max);
        expect(ticks.length).toBeGreaterThanOrEqual(3);
        expect(ticks.length).toBeLessThanOrEqual(5);
        expect(ticks[0]).toBe(0);
        // To twelve significant digits, where the ticks are rounded.
        expect(ticks.at(-1)).toBeGreaterThanOrEqual(max * (1 - 1e-11));
        const step = ticks[1] ?? 0;
        ticks.forEach((tick, index) => {
          expect(tick).toBeCloseTo(index * step, 6);
        });
      }),
    );
  });

  it("scales linearly onto a length, clamped to the axis", () => {
    expect(percentOf(2, 8)).toBe(25);
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(-1, 8)).toBe(0);
    expect(scaleLinear(6, 8, PLOT_HEIGHT)).toBe(144);
    expect(scaleLinear(9, 8, PLOT_HEIGHT)).toBe(PLOT_HEIGHT);
  });

  it("picks at most `most` category labels, evenly spread, always the first and the last", () => {
    expect([...shownLabels(3, 4)]).toEqual([0, 1, 2]);
    expect([...shownLabels(52, 4)]).toEqual([0, 17, 34, 51]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 2, max: 12 }), (n, most) => {
        const shown = shownLabels(n, most);
        expect(shown.size).toBeLessThanOrEqual(most);
        expect(shown.has(0) && shown.has(n - 1)).toBe(true);
      }),
    );
  });
});

describe("ColumnChart", () => {
  const series = (inquiries: number[], contact: number[]): ColumnSeries[] => [
    { name: "Inquiries", values: inquiries, tone: "primary" },
    { name: "Contact messages", values: contact, tone: "secondary" },
  ];
  const chart = (values: ColumnSeries[], { id = "messages", stacked = true } = {}) =>
    html(
      <ColumnChart
        id={id}
        label="Messages per week"
        categories={["5 Oct", "12 Oct", "19 Oct"]}
        stacked={stacked}
        series={values}
      />,
    );

  it("stacks the series: each column is as tall as its total, on a scale that reaches the largest", () => {
    const markup = chart(series([2, 0, 6], [2, 0, 2]));
    expect(markup).toContain('role="img"');
    expect(markup).toContain('aria-label="Messages per week"');
    expect(markup).toMatch(/viewBox="0 0 1000 192"/);
    // Totals 4, 0 and 8: the axis runs 0, 2, 4, 6, 8.
    for (const tick of ["0", "2", "4", "6", "8"]) expect(markup).toContain(`>${tick}</span>`);
    const rects = elements(markup, "rect", "data-value");
    const column = (x: string | undefined) => rects.filter((rect) => rect.x === x);
    const third = column(rects.find((rect) => rect["data-value"] === "6")?.x);
    // 8 of 8 is the full 192 units: 6 → 144, then 2 → 48 on top of it.
    expect(third.map((rect) => [rect["data-series"], rect.y, rect.height])).toEqual([
      ["0", "48", "144"],
      ["1", "0", "48"],
    ]);
    const first = column(rects[0]?.x);
    expect(first.reduce((sum, rect) => sum + Number(rect.height), 0)).toBe(96);
    expect(first.map((rect) => Number(rect.y) + Number(rect.height))).toEqual([192, 144]);
    // Nothing is drawn for a zero.
    expect(rects).toHaveLength(4);
    expect(markup).toContain("<title>19 Oct: Inquiries 6</title>");
    expect(markup).toContain("<title>19 Oct: Contact messages 2</title>");
  });

  it("puts the series side by side when not stacked, each from the baseline", () => {
    const markup = chart(series([4, 1, 1], [2, 1, 1]), { stacked: false });
    const rects = elements(markup, "rect", "data-value");
    const [inquiries, contact] = rects;
    expect(Number(contact?.x)).toBeGreaterThan(Number(inquiries?.x));
    expect(rects.every((rect) => Number(rect.y) + Number(rect.height) === PLOT_HEIGHT)).toBe(true);
    expect(inquiries?.height).toBe(String(PLOT_HEIGHT));
  });

  it("stripes the secondary series with a pattern of its own per chart, and names both in the legend", () => {
    const first = chart(series([1], [1]), { id: "first" });
    const second = chart(series([1], [1]), { id: "second" });
    expect(first).toContain('<pattern id="first-stripes"');
    expect(second).toContain('<pattern id="second-stripes"');
    expect(second).not.toContain("first-stripes");
    const [primary, secondary] = elements(first, "rect", "data-value");
    expect(primary?.class).toContain("fill-brand-600");
    expect(primary?.fill).toBeUndefined();
    expect(secondary?.fill).toBe("url(#first-stripes)");
    expect(first).toMatch(/<li[^>]*><span aria-hidden="true"[^>]*><\/span>Inquiries<\/li>/);
    expect(first).toMatch(/<li[^>]*><span aria-hidden="true"[^>]*><\/span>Contact messages<\/li>/);
  });

  it("draws an empty axis from 0 to 1 when every value is zero", () => {
    const markup = chart(series([0, 0, 0], [0, 0, 0]));
    expect(elements(markup, "rect", "data-value")).toHaveLength(0);
    expect(markup).toContain(">0</span>");
    expect(markup).toContain(">1</span>");
    expect(markup).toContain('aria-label="Messages per week"');
  });

  it("formats values for Nigeria and thins a year of week labels, keeping the first and last", () => {
    const weeks = Array.from({ length: 52 }, (_, index) => `w${index}`);
    const markup = html(
      <ColumnChart
        id="year"
        label="A year"
        categories={weeks}
        series={[
          { name: "Inquiries", values: weeks.map((_, index) => index * 100), tone: "primary" },
        ]}
      />,
    );
    expect(markup).toContain("<title>w12: Inquiries 1,200</title>");
    expect(markup).toContain(">6,000</span>");
    const labels = elements(markup, "span", "data-category-label");
    // Which labels show at a width: the last of the base, @md and @xl classes that applies.
    const shownAt = (variants: string[]) =>
      labels
        .filter((label) => {
          const classes = (label.class ?? "").split(" ");
          let shown = false;
          for (const variant of ["", ...variants]) {
            if (classes.includes(`${variant}block`)) shown = true;
            if (classes.includes(`${variant}hidden`)) shown = false;
          }
          return shown;
        })
        .map((label) => Number(label["data-category-label"]));
    expect(shownAt([])).toEqual([0, 17, 34, 51]);
    for (const [variants, most] of [
      [["@md:"], 6],
      [["@md:", "@xl:"], 8],
    ] as const) {
      const shown = shownAt([...variants]);
      expect(shown.length).toBe(most);
      expect(shown[0]).toBe(0);
      expect(shown.at(-1)).toBe(51);
    }
  });
});

describe("LineChart", () => {
  const reply = (median: (number | null)[], p90: (number | null)[]) =>
    html(
      <LineChart
        id="reply"
        label="Hours to first reply"
        categories={["a", "b", "c", "d"]}
        series={[
          { name: "Median", values: median },
          { name: "90th percentile", values: p90, dash: true },
        ]}
        reference={{ value: 24, label: "24 h promise" }}
        formatValue={(value) => `${value} h`}
      />,
    );

  it("splits a series into runs at its missing values", () => {
    const runs = (values: (number | null)[]) =>
      segments(values).map((run) => run.map((point) => point.index));
    expect(runs([1, 2, null, 4])).toEqual([[0, 1], [3]]);
    expect(runs([null, null])).toEqual([]);
    expect(runs([0, 0])).toEqual([[0, 1]]);
  });

  it("breaks the line where a value is missing and marks every value, none for the missing", () => {
    const markup = reply([1, 2, null, 4], [3, null, null, 30]);
    expect(count(markup, 'data-line="0"')).toBe(2);
    expect(count(markup, 'data-line="1"')).toBe(2);
    expect(count(markup, 'data-marker="0"')).toBe(3);
    expect(count(markup, 'data-marker="1"')).toBe(2);
    expect(markup).toContain("<title>b: Median 2 h</title>");
    expect(markup).toContain("<title>d: 90th percentile 30 h</title>");
    expect(markup).not.toContain("<title>c:");
    // The second series is dashed, and its markers are square where the first's are round.
    const lines = elements(markup, "path", "data-line");
    expect(
      lines.filter((line) => line["data-line"] === "1").every((line) => line["stroke-dasharray"]),
    ).toBe(true);
    expect(
      lines.filter((line) => line["data-line"] === "0").some((line) => line["stroke-dasharray"]),
    ).toBe(false);
    const markers = elements(markup, "path", "data-marker");
    expect(
      new Set(markers.map((marker) => `${marker["data-marker"]}:${marker["stroke-linecap"]}`)),
    ).toEqual(new Set(["0:round", "1:square"]));
  });

  it("draws the reference line dashed and labelled, on a scale that reaches it", () => {
    const markup = reply([2, 3, 1, 2], [null, null, null, null]);
    // Values up to 3, but the axis runs to 30 (0, 10, 20, 30) so the 24 h line is inside.
    expect(markup).toContain(">30 h</span>");
    const [reference] = elements(markup, "line", "data-reference");
    expect(reference?.["stroke-dasharray"]).toBeTruthy();
    // 24 of 30 is 80% of the 192 units up: y 38.4 from the top.
    expect([reference?.y1, reference?.y2]).toEqual(["38.4", "38.4"]);
    expect(count(markup, "24 h promise")).toBe(2); // at the line's end and in the legend
    expect(count(markup, "data-line")).toBe(1);
  });

  it("reaches maxValue, and draws nothing but the axis when every value is missing", () => {
    const share = html(
      <LineChart
        id="share"
        label="Share answered in time"
        categories={["a", "b"]}
        series={[{ name: "Answered", values: [40, 60] }]}
        maxValue={100}
        formatValue={(value) => `${value}%`}
      />,
    );
    expect(share).toContain(">100%</span>");
    const empty = html(
      <LineChart
        id="empty"
        label="Nothing"
        categories={["a", "b"]}
        series={[{ name: "Median", values: [null, null] }]}
      />,
    );
    expect(empty).not.toContain("data-line");
    expect(empty).not.toContain("data-marker");
    expect(empty).toContain(">1</span>");
  });

  it("draws all-zero values along the baseline", () => {
    const markup = reply([0, 0, 0, 0], [0, 0, 0, 0]);
    const [line] = elements(markup, "path", 'data-line="0"');
    expect(line?.d).toBe("M 125 192 L 375 192 L 625 192 L 875 192");
  });
});

describe("Heatmap", () => {
  const days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
  const hours = Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, "0")}:00`);
  const grid = (fill: (day: number, hour: number) => number) =>
    days.map((_, day) => hours.map((_, hour) => fill(day, hour)));

  it("shades each cell by quarters of the largest value, none for zero", () => {
    expect([0, 1, 2, 3, 4, 5, 8].map((value) => shadeLevel(value, 8))).toEqual([
      0, 1, 1, 2, 2, 3, 4,
    ]);
    expect(shadeLevel(3, 0)).toBe(0);
    // A single message among many still shows, never as none.
    expect(shadeLevel(1, 100)).toBe(1);
    const markup = html(
      <Heatmap
        label="Messages by weekday and hour"
        rows={days}
        columns={hours}
        values={grid((day, hour) =>
          day === 1 && hour === 14
            ? 8
            : day === 6 && hour === 23
              ? 1
              : day === 2 && hour === 9
                ? 5
                : 0,
        )}
      />,
    );
    const cells = elements(markup, "rect", "data-level");
    expect(cells).toHaveLength(168);
    const byLevel = (level: number) => cells.filter((cell) => cell["data-level"] === String(level));
    expect(byLevel(4)).toHaveLength(1);
    expect(byLevel(3)).toHaveLength(1);
    expect(byLevel(1)).toHaveLength(1);
    expect(byLevel(0)).toHaveLength(165);
    for (const cell of cells)
      expect(cell.class).toBe(heatmapShades[Number(cell["data-level"])]?.fill);
    expect(markup).toContain("<title>Tue 14:00: 8 messages</title>");
    expect(markup).toContain("<title>Sun 23:00: 1 message</title>");
    expect(markup).toContain('role="img"');
    expect(markup).toContain(">Fewer<");
    expect(markup).toContain(">More<");
  });

  it("keeps every shade apart in dark mode too", () => {
    const dark = heatmapShades.map((shade) =>
      shade.fill.split(" ").find((name) => name.startsWith("dark:")),
    );
    expect(new Set(dark).size).toBe(heatmapShades.length);
  });

  it("draws every cell as none when there were no messages", () => {
    const markup = html(
      <Heatmap label="Quiet" rows={days} columns={hours} values={grid(() => 0)} />,
    );
    const cells = elements(markup, "rect", "data-level");
    expect(cells).toHaveLength(168);
    expect(cells.every((cell) => cell["data-level"] === "0")).toBe(true);
    expect(markup).toContain("<title>Mon 00:00: 0 messages</title>");
  });
});

describe("BarList", () => {
  it("prints each label and value, with a bar as long as its share of the largest", () => {
    const markup = html(
      <BarList
        label="Page views per course"
        items={[
          { label: "Web development", value: 1200, note: "3 inquiries" },
          { label: "Data analysis", value: 300 },
          { label: "Design", value: 0 },
        ]}
      />,
    );
    expect(markup).toContain('aria-label="Page views per course"');
    expect(markup).toContain(">Web development<");
    expect(markup).toContain(">1,200<");
    expect(markup).toContain(">3 inquiries<");
    expect(elements(markup, "div", "data-share").map((bar) => bar.style)).toEqual([
      "width:100%",
      "width:25%",
      "width:0%",
    ]);
  });

  it("draws the admissions funnel's page views on a scale of their own, the other steps on theirs", () => {
    const markup = html(
      <FunnelBars
        steps={[
          { label: "Course page views", value: 3000 },
          { label: "Course inquiries", value: 12 },
          { label: "Applications", value: 8 },
          { label: "Offers", value: 6 },
          { label: "Accepted", value: 3 },
          { label: "Enrolled", value: 0 },
        ]}
      />,
    );
    expect(markup).toContain('aria-label="Course page views, on a scale of their own"');
    // Beside 3,000 views, 12 inquiries would be a bar of 0.4 %: on their own scale they fill it.
    expect(elements(markup, "div", "data-share").map((bar) => bar.style)).toEqual([
      "width:100%",
      "width:100%",
      "width:66.66666666666667%",
      "width:50%",
      "width:25%",
      "width:0%",
    ]);
  });

  it("draws no bar lengths when every value is zero", () => {
    const markup = html(
      <BarList
        label="Inquiries by type"
        items={[
          { label: "Fees", value: 0 },
          { label: "Dates", value: 0 },
        ]}
        formatValue={(value) => `${value} inquiries`}
      />,
    );
    expect(markup).toContain(">0 inquiries<");
    expect(elements(markup, "div", "data-share").every((bar) => bar.style === "width:0%")).toBe(
      true,
    );
  });
});

describe("Sparkline", () => {
  it("is a small image with a name, a line and an area, and no axes", () => {
    const markup = html(<Sparkline label="New messages per day: 1, 3, 2" values={[1, 3, 2]} />);
    expect(markup).toMatch(
      /^<svg role="img" aria-label="New messages per day: 1, 3, 2" viewBox="0 0 280 48"/,
    );
    expect(count(markup, "<path")).toBe(2);
    expect(markup).not.toContain("<text");
    expect(markup).toContain("<circle");
  });

  it("lies along the bottom when every value is zero, and draws a lone value as a dot", () => {
    const zero = html(<Sparkline label="none" values={[0, 0, 0]} />);
    expect(zero).toContain('d="M 0 44 L 140 44 L 280 44"');
    const lone = html(<Sparkline label="one" values={[5]} />);
    expect(lone).not.toContain("<path");
    expect(lone).toContain('<circle cx="140"');
    expect(html(<Sparkline label="nothing" values={[]} />)).not.toContain("<circle");
  });
});

describe("ChartFigure", () => {
  const table: ChartTable = {
    caption: "Messages per week, by form",
    columns: ["Week", "Inquiries", "Contact messages"],
    rows: [
      ["Week of 5 Oct 2026", 1200, 3],
      ["Week of 12 Oct 2026", 0, 1],
    ],
  };

  it("gives the chart a heading, its text alternative and a table view with headers", () => {
    const markup = html(
      <ChartFigure
        id="messages"
        title="Messages per week"
        summary="1,204 messages in 2 weeks."
        table={table}
      >
        <Sparkline label="trend" values={[1, 2]} />
      </ChartFigure>,
    );
    expect(markup).toMatch(
      /^<figure id="messages" aria-labelledby="messages-heading" class="[^"]*rounded-xl border[^"]*bg-white[^"]*dark:bg-slate-900/,
    );
    expect(markup).toContain('<h2 id="messages-heading"');
    expect(markup).toContain('<svg role="img" aria-label="trend"');
    expect(markup).toMatch(/<figcaption[^>]*>1,204 messages in 2 weeks.<\/figcaption>/);
    expect(markup).toMatch(/<details[^>]*><summary[^>]*>Table view<\/summary>/);
    expect(markup).toMatch(/<caption[^>]*>Messages per week, by form<\/caption>/);
    expect(count(markup, '<th scope="col"')).toBe(3);
    expect(count(markup, '<th scope="row"')).toBe(2);
    expect(markup).toMatch(/<th scope="row"[^>]*>Week of 5 Oct 2026<\/th><td[^>]*>1,200<\/td>/);
    // The table scrolls inside the card rather than widening the page.
    expect(markup).toMatch(
      /<section aria-label="Messages per week, by form" tabindex="0" class="[^"]*overflow-x-auto/,
    );
    expect(markup.indexOf("<svg")).toBeLessThan(markup.indexOf("<figcaption"));
    expect(markup.indexOf("<figcaption")).toBeLessThan(markup.indexOf("<details"));
  });

  it("takes another heading level", () => {
    const markup = html(
      <ChartFigure id="sub" title="Sub chart" summary="s" table={table} headingLevel={3}>
        <p>chart</p>
      </ChartFigure>,
    );
    expect(markup).toContain('<h3 id="sub-heading"');
    expect(markup).not.toContain("<h2");
  });

  it("says there is no data instead of an empty chart and table", () => {
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
    expect(markup).toContain('<h2 id="types-heading"');
    expect(markup).toContain("No data for this period.");
    expect(markup).not.toContain("<table");
    expect(markup).not.toContain("chart</p>");
    expect(markup).not.toContain("unused");
  });
});
