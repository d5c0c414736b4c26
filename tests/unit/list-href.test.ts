import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { listUrl, pageParam } from "~/lib/router/list-href";
import { listHref, listSearch } from "~/lib/router/list-search";

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

describe("listUrl", () => {
  const list = listUrl("/things", z.object({ q: z.catch(z.string(), ""), page: pageParam }), {
    modal: "",
    id: "",
  });

  it("reads what an empty query string reads as, and bad values as their default", () => {
    expect(list.defaultQuery).toEqual({ q: "", page: 1 });
    expect(list.parse(new URLSearchParams("q=a&page=-3&other=x"))).toEqual({ q: "a", page: 1 });
  });

  it("writes the state and the open parameters back, defaults left out", () => {
    expect(list.href({ q: "", page: 1 })).toBe("/things");
    expect(list.href({ q: "a", page: 2 }, { modal: "edit", id: "x1" })).toBe(
      "/things?q=a&page=2&modal=edit&id=x1",
    );
    expect(list.search({ q: "", page: 1 }, { modal: "create" })).toBe("?modal=create");
  });
});
