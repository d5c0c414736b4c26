import { describe, expect, it } from "vitest";
import {
  catalogueSearch,
  parseCatalogueQuery,
} from "~/features/courses/catalogue/catalogue-list-url";

const parse = (search: string) => parseCatalogueQuery(new URLSearchParams(search));
const defaults = { q: "", category: "", level: "", starting: "", view: "grid" } as const;

describe("parseCatalogueQuery", () => {
  it("gives 'all' filters and the grid view for an empty URL", () => {
    expect(parse("")).toEqual(defaults);
  });

  it("reads the search text, category, level and view", () => {
    expect(parse("?q=python%20basics&category=Data+Science&level=Beginner&view=list")).toEqual({
      q: "python basics",
      category: "Data Science",
      level: "Beginner",
      starting: "",
      view: "list",
    });
  });

  it("reads 'starting in the next 60 days', and nothing else, as the start filter", () => {
    expect(parse("?starting=60-days").starting).toBe("60-days");
    expect(parse("?starting=30-days")).toEqual(defaults);
    expect(catalogueSearch(parse("?starting=60-days"))).toBe("?starting=60-days");
  });

  it("falls back to the grid view for an unknown view", () => {
    expect(parse("?view=table")).toEqual(defaults);
    expect(parse("?view=LIST")).toEqual(defaults);
    expect(parse("?view=")).toEqual(defaults);
    expect(parse("?q=react&view=cards")).toEqual({ ...defaults, q: "react" });
  });

  it("drops overlong text filters instead of failing", () => {
    expect(parse(`?q=${"x".repeat(101)}`)).toEqual(defaults);
    expect(parse(`?category=${"x".repeat(101)}&level=${"y".repeat(500)}`)).toEqual(defaults);
    expect(parse(`?q=${"x".repeat(100)}`).q).toBe("x".repeat(100));
  });

  it("keeps the search text as typed, spaces included: the URL follows each key", () => {
    expect(parse("?q=data+").q).toBe("data ");
    expect(catalogueSearch(parse("?q=data+"))).toBe("?q=data+");
  });

  it("drops filters with control characters instead of failing", () => {
    expect(parse("?q=%00&category=Data%00&level=%E2%80%AEBeginner")).toEqual(defaults);
  });

  it("uses the first value when a parameter repeats", () => {
    expect(parse("?level=Advanced&level=Beginner").level).toBe("Advanced");
  });
});

describe("catalogueSearch", () => {
  it("is empty for the defaults, so plain /courses stays plain", () => {
    expect(catalogueSearch({ q: "", category: "", level: "", starting: "", view: "grid" })).toBe(
      "",
    );
  });

  it("includes only the filters that are set", () => {
    expect(
      catalogueSearch({ q: "", category: "Design", level: "", starting: "", view: "grid" }),
    ).toBe("?category=Design");
    expect(catalogueSearch({ q: "", category: "", level: "", starting: "", view: "list" })).toBe(
      "?view=list",
    );
    expect(
      catalogueSearch({
        q: "ui & ux",
        category: "Data Science",
        level: "Advanced",
        starting: "",
        view: "list",
      }),
    ).toBe("?q=ui+%26+ux&category=Data+Science&level=Advanced&view=list");
  });

  it("round-trips through parseCatalogueQuery", () => {
    const queries = [
      {
        q: "full-stack / web?",
        category: "Programming",
        level: "Intermediate",
        starting: "",
        view: "list",
      },
      { q: "", category: "Marketing", level: "", starting: "", view: "grid" },
      { q: "naïve café", category: "", level: "Beginner", starting: "", view: "grid" },
    ] as const;
    for (const query of queries) {
      expect(parse(catalogueSearch(query))).toEqual(query);
    }
  });
});
