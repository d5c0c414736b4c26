import { describe, expect, it } from "vitest";
import { seededRandom } from "~/lib/seeded-random.server";

describe("seededRandom", () => {
  const draws = (seed: string, count = 50) => Array.from({ length: count }, seededRandom(seed));

  it("draws the same numbers from the same seed, in every call and process", () => {
    expect(draws("2026-11-27:a,b,c")).toEqual(draws("2026-11-27:a,b,c"));
  });

  it("draws other numbers from another seed (the next day, a changed course list)", () => {
    expect(draws("2026-11-28:a,b,c")).not.toEqual(draws("2026-11-27:a,b,c"));
    expect(draws("2026-11-27:a,b")).not.toEqual(draws("2026-11-27:a,b,c"));
  });

  it("draws numbers in [0, 1) spread over the range", () => {
    const numbers = draws("spread", 2000);
    expect(numbers.every((number) => number >= 0 && number < 1)).toBe(true);
    const belowHalf = numbers.filter((number) => number < 0.5).length;
    expect(belowHalf).toBeGreaterThan(900);
    expect(belowHalf).toBeLessThan(1100);
  });
});
