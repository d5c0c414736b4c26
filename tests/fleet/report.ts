export type Row = { check: string; result: string; pass: boolean };

/** The checks as a Markdown table, for the terminal and for a note. */
export function report(rows: Row[]) {
  const lines = [
    "| check | result | |",
    "| --- | --- | --- |",
    ...rows.map((row) => `| ${row.check} | ${row.result} | ${row.pass ? "pass" : "FAIL"} |`),
  ];
  const failed = rows.filter((row) => !row.pass).length;
  lines.push(
    "",
    failed ? `${failed} of ${rows.length} checks failed` : `All ${rows.length} checks passed`,
  );
  return lines.join("\n");
}
