import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The test files that take longest (reports/vitest.json), longest first. Without Vitest's
 * results cache (a fresh clone, as CI is) files start largest first, and these small but slow
 * ones (timers, rate limits over many sign-ins, a costly mail parse) started last, each left
 * running alone at the end while the other workers had nothing to do.
 */
const slowest = [
  "auth",
  "conversations",
  "admin-authorization",
  "inbox-events-session",
  "seed",
  "admins",
  "course-authorization",
  "outgoing-mail",
  "admission-concurrency.postgres",
  "course-admin",
  "course-uploads",
  "imap-mailbox",
  "pool-burst.postgres",
];

const rankOf = (spec: TestSpecification) => {
  const rank = slowest.indexOf(path.basename(spec.moduleId).replace(/\.test\.tsx?$/, ""));
  return rank === -1 ? slowest.length : rank;
};

/** The slowest files first, whichever project (database) they run in; then Vitest's own order. */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const keyed = sorted.map((spec, index) => ({ spec, rank: rankOf(spec), index }));
    keyed.sort((a, b) => a.rank - b.rank || a.index - b.index);
    return keyed.map(({ spec }) => spec);
  }
}
