// Figures and the targets they are held to, for the web benchmark's output.

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
export const milliseconds = (value) => `${value.toFixed(1)} ms`;
export const seconds = (value) => `${value.toFixed(2)} s`;

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The nearest-rank percentile: the smallest value with at least `p` % of the values at or below it. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The lines of a table whose first column is left-aligned and the others right-aligned. */
export function table(header, rows) {
  const widths = header.map((_, column) =>
    Math.max(...[header, ...rows].map((row) => String(row[column]).length)),
  );
  const line = (row) =>
    row
      .map((cell, column) =>
        column === 0 ? String(cell).padEnd(widths[0]) : String(cell).padStart(widths[column]),
      )
      .join("   ");
  return [line(header), ...rows.map(line)].join("\n");
}

/** Each target with what was measured against it and whether it is met, printed by page. */
export function createTargetList() {
  const rows = [];
  return {
    check(page, target, measured, met) {
      rows.push({ page, verdict: met ? "met" : "NOT MET", target, measured });
    },
    notMeasured(page, target, reason) {
      rows.push({ page, verdict: "-", target, measured: `not measured (${reason})` });
    },
    print() {
      const count = (verdict) => rows.filter((row) => row.verdict === verdict).length;
      console.log(
        `\nTargets: ${count("met")} met, ${count("NOT MET")} not met, ` +
          `${count("-")} not measured`,
      );
      const width = Math.max(...rows.map((row) => row.target.length));
      for (const page of new Set(rows.map((row) => row.page))) {
        console.log(page);
        for (const { verdict, target, measured } of rows.filter((row) => row.page === page))
          console.log(`  ${verdict.padEnd(8)} ${target.padEnd(width)}  ${measured}`);
      }
    },
  };
}
