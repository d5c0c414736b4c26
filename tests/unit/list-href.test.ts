import { describe, expect, it } from "vitest";
import { listHref, listSearch } from "~/lib/router/list-href";

const defaults = { q: "", sort: "newest", page: 1, id: "" };

describe("listSearch and listHref", () => {
  it("leaves out values equal to their default, empty, null or missing", () => {
    expect(listSearch({ q: "", sort: "newest", page: 1 }, defaults)).toBe("");
    expect(listSearch({ q: null, page: undefined, id: "" }, defaults)).toBe("");
    expect(listHref("/list", { sort: "newest" }, defaults)).toBe("/list");
  });

  it("writes the rest in the order of the defaults, whatever the order of the values", () => {
    expect(listSearch({ id: "x1", page: 3, sort: "oldest", q: "a&b c" }, defaults)).toBe(
      "?q=a%26b+c&sort=oldest&page=3&id=x1",
    );
    expect(listHref("/list", { page: 2, q: "data" }, defaults)).toBe("/list?q=data&page=2");
  });

  it("ignores values that have no default", () => {
    expect(listSearch({ page: 2, other: "x" } as { page: number }, defaults)).toBe("?page=2");
  });
});
