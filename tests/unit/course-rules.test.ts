import { describe, expect, it } from "vitest";
import { groupCoursesForMenu } from "~/features/courses/course-groups";
import {
  brochureFileName,
  courseFeatures,
  DEFAULT_CLASS_SIZE,
  distinctValues,
  filterCourses,
  navigationGroups,
  percentOff,
  selectFeaturedCourses,
} from "~/features/courses/course-rules";

/** A `random` that returns the given values in turn (and fails loudly when it runs out). */
function sequence(...values: number[]) {
  let index = 0;
  return () => {
    const value = values[index];
    index += 1;
    if (value === undefined) throw new Error("random() called more often than expected");
    return value;
  };
}

type Featured = { id: string; category: string };
const course = (id: string, category: string): Featured => ({ id, category });
const ids = (list: readonly { id: string }[]) => list.map((item) => item.id);

describe("percentOff", () => {
  it("rounds (original - price) / original * 100", () => {
    expect(percentOff(150_000, 200_000)).toBe(25);
    expect(percentOff(2, 3)).toBe(33); // 33.33…
    expect(percentOff(1, 3)).toBe(67); // 66.67…
    expect(percentOff(199_000, 200_000)).toBe(1); // 0.5 rounds up
    expect(percentOff(0, 50_000)).toBe(100);
  });

  it("is null unless the original price exceeds the price", () => {
    expect(percentOff(200_000, 200_000)).toBeNull();
    expect(percentOff(250_000, 200_000)).toBeNull();
    expect(percentOff(200_000, 0)).toBeNull();
    expect(percentOff(0, 0)).toBeNull();
    expect(percentOff(200_000, null)).toBeNull();
    expect(percentOff(200_000, undefined)).toBeNull();
  });
});

describe("brochureFileName", () => {
  it("replaces every non-alphanumeric with an underscore, lower-cases and adds _brochure.pdf", () => {
    expect(brochureFileName("UX/UI Design 101")).toBe("ux_ui_design_101_brochure.pdf");
    expect(brochureFileName("Data Science & AI")).toBe("data_science___ai_brochure.pdf");
    expect(brochureFileName("Python")).toBe("python_brochure.pdf");
    expect(brochureFileName("C++ for Beginners!")).toBe("c___for_beginners__brochure.pdf");
  });

  it("replaces accented letters too, since they are not ASCII alphanumerics", () => {
    expect(brochureFileName("Café Marketing")).toBe("caf__marketing_brochure.pdf");
  });
});

describe("selectFeaturedCourses", () => {
  const list = [
    course("d1", "Design"),
    course("d2", "Design"),
    course("m1", "Marketing"),
    course("p1", "Programming"),
    course("d3", "Design"),
    course("s1", "Data Science"),
    course("m2", "Marketing"),
    course("p2", "Programming"),
  ];

  it("takes the first course of each category in list order, then two random others", () => {
    // Others in order: d2, d3, m2, p2. 0 → d2; then pool d3, m2, p2 and 0.99 → p2.
    const featured = selectFeaturedCourses(list, sequence(0, 0.99));
    expect(ids(featured)).toEqual(["d1", "m1", "p1", "s1", "d2", "p2"]);
  });

  it("uses the random function to choose the extras", () => {
    // Pool d2, d3, m2, p2: 0.5 → index 2 (m2); pool d2, d3, p2: 0.4 → index 1 (d3).
    const featured = selectFeaturedCourses(list, sequence(0.5, 0.4));
    expect(ids(featured)).toEqual(["d1", "m1", "p1", "s1", "m2", "d3"]);
  });

  it("never picks the same course twice and never repeats a category leader", () => {
    const featured = selectFeaturedCourses(list, sequence(0, 0));
    expect(ids(featured)).toEqual(["d1", "m1", "p1", "s1", "d2", "d3"]);
    expect(new Set(ids(featured)).size).toBe(featured.length);
  });

  it("returns at most six", () => {
    for (const value of [0, 0.25, 0.5, 0.75, 0.999]) {
      expect(selectFeaturedCourses(list, () => value)).toHaveLength(6);
    }
    const manyCategories = ["A", "B", "C", "D", "E", "F", "G"].map((c) => course(c, c));
    const featured = selectFeaturedCourses([...manyCategories, course("x", "A")], () => 0);
    expect(ids(featured)).toEqual(["A", "B", "C", "D", "E", "F"]);
  });

  it("adds only the others that exist", () => {
    const one = selectFeaturedCourses(
      [course("a", "Design"), course("b", "Design"), course("c", "Marketing")],
      sequence(0),
    );
    expect(ids(one)).toEqual(["a", "c", "b"]);
    const none = selectFeaturedCourses([course("a", "Design"), course("c", "Marketing")], () => {
      throw new Error("random() must not be called without others");
    });
    expect(ids(none)).toEqual(["a", "c"]);
    expect(selectFeaturedCourses([], Math.random)).toEqual([]);
  });

  it("returns the same objects and leaves the input untouched", () => {
    const copy = [...list];
    const featured = selectFeaturedCourses(list, sequence(0, 0));
    expect(list).toEqual(copy);
    expect(featured[0]).toBe(list[0]);
  });
});

describe("filterCourses", () => {
  const catalogue = [
    {
      id: "1",
      title: "UI/UX Design Fundamentals",
      description: "Learn Figma and user research",
      category: "Design",
      level: "Beginner",
      nextStartsOn: "2026-12-01",
    },
    {
      id: "2",
      title: "Digital Marketing",
      description: "SEO, social media and ads",
      category: "Marketing",
      level: "Intermediate",
      nextStartsOn: "2027-01-25",
    },
    {
      id: "3",
      title: "Python for Data Analysis",
      description: "Pandas, NumPy and DESIGN of experiments",
      category: "Data Science",
      level: "Beginner",
      nextStartsOn: "2027-01-26",
    },
    {
      id: "4",
      title: "Full-Stack Web Development",
      description: "React, Node.js and PostgreSQL",
      category: "Programming",
      level: "Advanced",
      nextStartsOn: null,
    },
  ];
  const all = { q: "", category: "", level: "", starting: "" } as const;
  const TODAY = "2026-11-26";

  it("keeps, with 'starting in the next 60 days', the courses starting by today + 60 days", () => {
    // 26 November + 60 days is 25 January: that day counts, the next does not, nor no intake.
    expect(ids(filterCourses(catalogue, { ...all, starting: "60-days" }, TODAY))).toEqual([
      "1",
      "2",
    ]);
  });

  it("returns everything with no filters", () => {
    expect(ids(filterCourses(catalogue, all, TODAY))).toEqual(["1", "2", "3", "4"]);
  });

  it("searches title and description without regard to case", () => {
    expect(ids(filterCourses(catalogue, { ...all, q: "design" }, TODAY))).toEqual(["1", "3"]);
    expect(ids(filterCourses(catalogue, { ...all, q: "PYTHON" }, TODAY))).toEqual(["3"]);
    expect(ids(filterCourses(catalogue, { ...all, q: "figma" }, TODAY))).toEqual(["1"]);
    expect(ids(filterCourses(catalogue, { ...all, q: "seo, SOCIAL" }, TODAY))).toEqual(["2"]);
    expect(ids(filterCourses(catalogue, { ...all, q: "  react  " }, TODAY))).toEqual(["4"]);
    expect(filterCourses(catalogue, { ...all, q: "blockchain" }, TODAY)).toEqual([]);
  });

  it("does not search the category or level", () => {
    expect(filterCourses(catalogue, { ...all, q: "Programming" }, TODAY)).toEqual([]);
    expect(filterCourses(catalogue, { ...all, q: "Advanced" }, TODAY)).toEqual([]);
  });

  it("filters by exact category and level and combines all three", () => {
    expect(ids(filterCourses(catalogue, { ...all, category: "Design" }, TODAY))).toEqual(["1"]);
    expect(ids(filterCourses(catalogue, { ...all, level: "Beginner" }, TODAY))).toEqual(["1", "3"]);
    expect(
      ids(
        filterCourses(
          catalogue,
          { ...all, q: "design", category: "Data Science", level: "Beginner" },
          TODAY,
        ),
      ),
    ).toEqual(["3"]);
    expect(
      filterCourses(
        catalogue,
        { ...all, q: "design", category: "Design", level: "Advanced" },
        TODAY,
      ),
    ).toEqual([]);
  });
});

describe("distinctValues", () => {
  it("lists each value once, sorted", () => {
    const items = [
      { category: "Marketing", level: "Beginner" },
      { category: "Design", level: "Advanced" },
      { category: "Marketing", level: "Beginner" },
      { category: "Programming", level: "Intermediate" },
    ];
    expect(distinctValues(items, "category")).toEqual(["Design", "Marketing", "Programming"]);
    expect(distinctValues(items, "level")).toEqual(["Advanced", "Beginner", "Intermediate"]);
    expect(distinctValues([] as { category: string }[], "category")).toEqual([]);
  });
});

describe("navigation groups and menu", () => {
  it("has four groups, Programming shown as Computer Science", () => {
    expect(navigationGroups.map((group) => [group.label, group.category])).toEqual([
      ["Design", "Design"],
      ["Marketing", "Marketing"],
      ["Data Science", "Data Science"],
      ["Computer Science", "Programming"],
    ]);
  });

  it("groups courses by category in menu order and omits empty groups", () => {
    const groups = groupCoursesForMenu([
      { slug: "python", title: "Python", category: "Programming" },
      { slug: "figma", title: "Figma", category: "Design" },
      { slug: "react", title: "React", category: "Programming" },
      { slug: "pandas", title: "Pandas", category: "Data Science" },
    ]);
    expect(groups).toEqual([
      { label: "Design", category: "Design", courses: [{ slug: "figma", title: "Figma" }] },
      {
        label: "Data Science",
        category: "Data Science",
        courses: [{ slug: "pandas", title: "Pandas" }],
      },
      {
        label: "Computer Science",
        category: "Programming",
        courses: [
          { slug: "python", title: "Python" },
          { slug: "react", title: "React" },
        ],
      },
    ]);
  });

  it("leaves out courses of unknown categories and returns nothing for no courses", () => {
    expect(groupCoursesForMenu([{ slug: "x", title: "X", category: "Cooking" }])).toEqual([]);
    expect(groupCoursesForMenu([])).toEqual([]);
  });
});

describe("course constants", () => {
  it("match the academy's wording", () => {
    expect(DEFAULT_CLASS_SIZE).toBe("5 to 10 students");
    expect([...courseFeatures]).toEqual([
      "On-demand video",
      "Downloadable resources",
      "Lifetime access",
      "Certificate of completion",
    ]);
  });
});
