import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The one layer rule biome's noRestrictedImports cannot say (an import names a module, not
// whether it is a component): a feature may use another feature's services and schemas, never
// its components (docs/architecture.md, "Where code goes").

const featuresDir = path.resolve("app/features");

function filesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesOf(path.join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [path.join(dir, entry.name)]
        : [],
  );
}

/** Imports of another feature's components (`.tsx` modules) in a feature's source. */
function crossFeatureComponentImports(file: string, source: string) {
  const feature = path.relative(featuresDir, file).split(path.sep)[0];
  return [...source.matchAll(/from "~\/features\/([^/"]+)\/([^"]+)"/g)]
    .filter(
      ([, other, module]) =>
        other !== feature && existsSync(path.join(featuresDir, other ?? "", `${module}.tsx`)),
    )
    .map(([specifier]) => specifier);
}

describe("feature layers", () => {
  it("finds an import of another feature's component", () => {
    const file = path.join(featuresDir, "admins", "example.tsx");
    expect(
      crossFeatureComponentImports(
        file,
        'import { CourseCard } from "~/features/courses/course-card";\nimport { courseMessages } from "~/features/courses/course-form-schema";',
      ),
    ).toEqual(['from "~/features/courses/course-card"']);
  });

  it("no feature imports another feature's components", () => {
    const offending = filesOf(featuresDir).flatMap((file) =>
      crossFeatureComponentImports(file, readFileSync(file, "utf8")).map(
        (specifier) => `${path.relative(featuresDir, file)}: ${specifier}`,
      ),
    );
    expect(offending).toEqual([]);
  });
});
