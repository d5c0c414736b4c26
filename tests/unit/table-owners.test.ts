import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// One writer per table (decision 0064): an application's row changes only inside the
// applications feature, through its transition and write functions, so the status rules in
// application-rules.ts cannot be passed by another feature.

const sourceFiles = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });

/** The files outside `owner` that write `table`'s rows with Drizzle. */
function writersOutside(table: string, owner: string) {
  const write = new RegExp(`\\.(update|insert|delete)\\(\\s*${table}\\s*\\)`);
  return sourceFiles("app")
    .filter((file) => !file.startsWith(owner))
    .filter((file) => write.test(readFileSync(file, "utf8")));
}

describe("table owners", () => {
  it("writes applications' rows only inside the applications feature", () => {
    expect(writersOutside("applications", path.join("app", "features", "applications"))).toEqual(
      [],
    );
  });

  it("finds a write outside its owner (the check is not blind)", () => {
    expect(writersOutside("applications", path.join("app", "features", "courses"))).toContain(
      path.join("app", "features", "applications", "application-writes.server.ts"),
    );
  });
});
