// The end of `npm test` (scripts/test.sh): a table of each phase's seconds, test count and
// result, then every failing test by file and name, read from the reports the phases left in
// reports/ (the JSON of Vitest and Playwright, the logs of the fuzz, fleet and edge suites), so
// that a failure, a flaky one too, can always be named from the end of a CI log.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

const reports = "reports";
const read = (file) => {
  const full = path.join(reports, file);
  return existsSync(full) ? readFileSync(full, "utf8") : "";
};
const readJson = (file) => {
  try {
    return JSON.parse(read(file));
  } catch {
    return null;
  }
};

/** Vitest's JSON report: tests counted, and each failure as "file › name". */
function vitest() {
  const report = readJson("vitest.json");
  if (!report) return null;
  const failures = report.testResults.flatMap((file) => {
    const name = path.relative(process.cwd(), file.name);
    const tests = file.assertionResults
      .filter((test) => test.status === "failed")
      .map((test) => `${name} › ${test.fullName}`);
    // A file that failed outside its tests (a hook, an import) has no failed test to name.
    if (!tests.length && file.status === "failed")
      return [`${name}: ${String(file.message ?? "failed").split("\n")[0]}`];
    return tests;
  });
  return { count: `${report.numTotalTests} tests`, failures: [...failures, ...unhandledErrors()] };
}

/**
 * Errors Vitest caught outside any test (a rejection nobody awaited, a timer that threw): they
 * fail the run but are not in its JSON report, so they are read from its log, each with the
 * file and the test that were running when it was thrown.
 */
function unhandledErrors() {
  const lines = stripVTControlCharacters(read("vitest.log")).split("\n");
  const errors = [];
  lines.forEach((line, at) => {
    const heading = line.match(/^⎯+ (Unhandled \w+) ⎯+$/);
    if (!heading || heading[1] === "Unhandled Errors") return;
    const rest = lines.slice(at + 1, at + 40);
    const error = rest.find((text) => text.trim()) ?? "";
    const file = rest.join("\n").match(/This error originated in "([^"]+)"/)?.[1] ?? "?";
    const test = rest
      .join("\n")
      .match(/The latest test that might've caused the error is "([^"]+)"/)?.[1];
    errors.push(
      `${file}: ${heading[1].toLowerCase()} ${error.trim()}${test ? ` (while or after "${test}")` : ""}`,
    );
  });
  return errors;
}

/** Playwright's JSON report: tests counted per project, and each failure as "[project] file › title". */
function browser() {
  const report = readJson("e2e-results.json");
  if (!report) return null;
  const failures = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        if (test.status === "unexpected" || test.status === "flaky")
          failures.push(
            `[${test.projectName}] ${spec.file} › ${[...titles, spec.title].join(" › ")} (${test.status})`,
          );
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats ?? {};
  return { count: `${expected + unexpected + flaky + skipped} tests`, failures };
}

function fuzz() {
  const log = read("fuzz.log");
  const plan = log.match(/Fuzzing (\d+) targets, (\d+) cases each(?:, then (\d+) mails)?/);
  if (!plan) return null;
  const cases = Number(plan[1]) * Number(plan[2]) + Number(plan[3] ?? 0);
  const failures = log
    .split("\n")
    .filter((line) => line.startsWith("FAIL "))
    .map((line) => `fuzz › ${line.slice(5)}`);
  return { count: `${cases} cases`, failures };
}

/** The fleet and edge suites print a table of checks, and how many passed. */
function checks(name) {
  const log = read(`${name}.log`);
  const total =
    log.match(/All (\d+) checks passed/)?.[1] ?? log.match(/of (\d+) checks failed/)?.[1];
  if (!total) return null;
  const failures = log
    .split("\n")
    .filter((line) => line.startsWith("| ") && line.trimEnd().endsWith("| FAIL |"))
    .map((line) => `${name} › ${line.split("|")[1]?.trim()}: ${line.split("|")[2]?.trim()}`);
  return { count: `${total} checks`, failures };
}

const counters = {
  vitest,
  browser,
  fuzz,
  fleet: () => checks("fleet"),
  edge: () => checks("edge"),
};

const phases = read("phases.tsv")
  .split("\n")
  .filter(Boolean)
  .map((line) => {
    const [name, seconds, status] = line.split("\t");
    return { name, seconds: Number(seconds), status: Number(status), ...counters[name]?.() };
  });

const rows = phases.map((phase) => [
  phase.name,
  String(phase.seconds),
  phase.count ?? "",
  phase.status === 0 ? "pass" : "FAIL",
]);
const total = phases.reduce((sum, phase) => sum + phase.seconds, 0);
rows.push([
  "total",
  String(total),
  "",
  phases.every((phase) => phase.status === 0) ? "pass" : "FAIL",
]);
const header = ["phase", "seconds", "tests", "result"];
const widths = header.map((_, column) =>
  Math.max(...[header, ...rows].map((row) => row[column].length)),
);
const line = (row) => `| ${row.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
console.log(`\nWhere the time went (each phase's whole output is in ${reports}/<phase>.log):`);
console.log(line(header));
console.log(line(widths.map((width) => "-".repeat(width))));
for (const row of rows) console.log(line(row));

const failures = phases.flatMap((phase) =>
  phase.status !== 0 && !phase.failures?.length
    ? [`${phase.name}: failed (see ${reports}/${phase.name}.log)`]
    : (phase.failures ?? []),
);
if (failures.length) {
  console.log(`\nFailing (${failures.length}):`);
  for (const failure of failures) console.log(`  ${failure}`);
}
