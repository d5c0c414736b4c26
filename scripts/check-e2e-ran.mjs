// Fails unless the Playwright run passed tests and skipped none: a browser suite that did not
// run must never count as green.
import { readFileSync } from "node:fs";

const file = process.argv[2] ?? "reports/e2e-results.json";
const { stats } = JSON.parse(readFileSync(file, "utf8"));
const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = stats ?? {};
console.log(
  `Browser tests: ${expected} passed, ${unexpected} failed, ${flaky} flaky, ${skipped} skipped`,
);
if (expected === 0 || unexpected > 0 || skipped > 0) {
  console.error("The browser tests did not all run and pass.");
  process.exit(1);
}
