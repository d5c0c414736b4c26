// The browser specs of the screens a change touches, for `npm run test:changed`: a changed spec,
// the specs that import a changed e2e helper, and the specs whose names share a word with a
// changed app file or its feature folder (app/routes/admin/tutors.tsx and app/features/tutors/…
// → portal/tutors.spec.ts; app/routes/site/course.tsx → course-page.spec.ts). Prints one path a
// line. Shared code (app/ui, app/lib, app/db) names no screen: the full browser run covers it.
//
//   node scripts/changed-specs.mjs [BASE]     changes since BASE (default HEAD), uncommitted included
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const base = process.argv[2] ?? "HEAD";
const git = (...args) =>
  execFileSync("git", args, { encoding: "utf8" }).split("\n").filter(Boolean);
const changed = [
  ...git("diff", "--name-only", base),
  ...git("ls-files", "--others", "--exclude-standard"),
];

const specs = readdirSync("tests/e2e", { recursive: true })
  .map((file) => path.join("tests/e2e", String(file)))
  .filter((file) => file.endsWith(".spec.ts"));

/** Words too common in file names to say which screen a file belongs to. */
const generic = new Set(
  "page pages layout index server spec form forms admin portal site routes features app ui lib not found the with".split(
    " ",
  ),
);
const wordsOf = (name) =>
  name
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length > 2 && !generic.has(word))
    .map((word) => word.replace(/(ies|s)$/, (ending) => (ending === "ies" ? "y" : "")));

const specWords = new Map(
  specs.map((spec) => [spec, new Set(wordsOf(path.basename(spec, ".spec.ts")))]),
);
const chosen = new Set();
for (const file of changed) {
  if (specWords.has(file)) chosen.add(file);
  else if (file.startsWith("tests/e2e/")) {
    const helper = path.basename(file, ".ts");
    for (const spec of specs)
      if (readFileSync(spec, "utf8").includes(`/${helper}"`)) chosen.add(spec);
  } else if (/^app\/(routes|features)\//.test(file)) {
    const [, , feature = "", ...rest] = file.split("/");
    const words = [
      ...wordsOf(path.basename(file).replace(/\..*$/, "")),
      ...(rest.length ? wordsOf(feature) : []),
    ];
    for (const [spec, names] of specWords)
      if (words.some((word) => names.has(word))) chosen.add(spec);
  }
}
for (const spec of [...chosen].sort()) console.log(spec);
