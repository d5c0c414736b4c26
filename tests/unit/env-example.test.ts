import { readFile } from "node:fs/promises";
import { expect, it } from "vitest";

/** The variables of docs/configuration.md's table, in its order. */
async function documentedVariables() {
  const section = await readFile("docs/configuration.md", "utf8");
  // A row names one variable, or several ("`S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`").
  return [...section.matchAll(/^\| (`[A-Z0-9_]+`(?:, `[A-Z0-9_]+`)*) \|/gm)].flatMap((match) =>
    [...(match[1] ?? "").matchAll(/`([A-Z0-9_]+)`/g)].map((name) => name[1]),
  );
}

it(".env.example lists every variable of docs/configuration.md, commented out", async () => {
  const example = await readFile(".env.example", "utf8");
  const listed = [...example.matchAll(/^# ([A-Z0-9_]+)=/gm)].map((match) => match[1]);
  const documented = await documentedVariables();
  expect(documented.length).toBeGreaterThan(10);
  expect(listed).toEqual(documented);
  // Nothing is set by copying the file as it is.
  expect(example.split("\n").filter((line) => line.trim() && !line.startsWith("#"))).toEqual([]);
});
