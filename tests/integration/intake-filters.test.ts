import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { intakes } from "~/db/schema";
import { intakeSelect } from "~/features/applications/staff/intake-filters";
import { addDays } from "~/lib/format/dates";
import { loader } from "~/routes/admin/students";
import { type SelectGroup, SelectInput } from "~/ui/form/fields";
import { getRequest, outcomeOf, signedInAdmin } from "../support/admin-session";
import { openIntake } from "../support/application-fixtures";
import { routeArgs } from "../support/route-args";
import { setupTestDatabase } from "../support/test-database";

setupTestDatabase();

let cookie: string;
const COURSES = 16;

/**
 * 16 courses of three open intakes each, every one labelled 'Next intake' as staff often do;
 * the last course's two later intakes share their dates.
 */
beforeAll(async () => {
  ({ cookie } = await signedInAdmin({ role: "admin" }));
  for (let n = 0; n < COURSES; n += 1) {
    const { intake } = await openIntake({ label: "Next intake" });
    const later = (weeks: number) => addDays(intake.startsOn, weeks * 7);
    const same = n === COURSES - 1;
    await db()
      .insert(intakes)
      .values(
        [12, same ? 12 : 24].map((weeks, index) => ({
          courseId: intake.courseId,
          label: same ? `Next intake ${index === 0 ? "A" : "B"}` : "Next intake",
          startsOn: later(weeks),
          endsOn: addDays(later(weeks), 60),
          seats: 3,
          enrolmentClosesAt: intake.enrolmentClosesAt,
          price: intake.price,
          status: "open" as const,
        })),
      );
  }
});

async function filterGroups() {
  const outcome = await outcomeOf(() =>
    loader(routeArgs(getRequest("/admin-portal/students", { cookie }))),
  );
  if (outcome.kind !== "value") throw new Error(`The page answered ${outcome.kind}`);
  const data = outcome.data as Awaited<ReturnType<typeof loader>>;
  return intakeSelect("", data.applications?.intakes ?? []).options as SelectGroup[];
}

describe("the lists' intake filter", () => {
  it("groups 48 intakes by course, each named by its dates, with no two choices alike", async () => {
    const groups = await filterGroups();
    expect(groups).toHaveLength(COURSES);
    const titles = groups.map((group) => group.group);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, "en")));
    expect(groups.flatMap((group) => group.options)).toHaveLength(3 * COURSES);
    for (const group of groups) {
      const labels = group.options.map((option) =>
        typeof option === "string" ? option : option.label,
      );
      expect(new Set(labels).size).toBe(labels.length);
      for (const label of labels)
        expect(label).toMatch(/^\d{1,2} \w{3} \d{4} – \d{1,2} \w{3} \d{4}/);
    }
    // Two intakes of one course on the same dates are told apart by their labels.
    const sameDates = groups
      .flatMap((group) => group.options)
      .filter((option) => typeof option !== "string" && option.label.includes(" · Next intake "));
    const sameDateLabels = sameDates.map((option) =>
      typeof option === "string" ? option : option.label,
    );
    expect(sameDateLabels.sort()).toEqual([
      expect.stringMatching(/ · Next intake A$/),
      expect.stringMatching(/ · Next intake B$/),
    ]);
  });

  it("draws each course as an <optgroup> of its intakes", async () => {
    const groups = await filterGroups();
    const markup = renderToStaticMarkup(
      createElement(SelectInput, {
        id: "applications-intake",
        label: "Filter by intake",
        layout: "filter",
        options: groups,
      }),
    );
    expect(markup.match(/<optgroup /g)).toHaveLength(COURSES);
    expect(markup).toContain(`<optgroup label="${groups[0]?.group}">`);
  });
});
