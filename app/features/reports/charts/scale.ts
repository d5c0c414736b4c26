// The arithmetic of a chart's axes: round gridline values, positions on a linear scale, and
// which category labels fit.

/**
 * Round gridline values from 0 up to at least `max` (to twelve significant digits), 1, 2 or 5
 * times a power of ten apart: 3 to 5 of them (only [0, 1] when there is nothing to show, or
 * 2 when `integer` keeps the step whole for a count of 1).
 */
export function niceTicks(max: number, { target = 4, integer = false } = {}): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0, 1];
  const rough = max / target;
  const power = 10 ** Math.floor(Math.log10(rough));
  let step = [1, 2, 5, 10].map((factor) => factor * power).find((value) => value >= rough) ?? rough;
  if (integer) step = Math.max(1, Math.round(step));
  const steps = Math.ceil(Number((max / step).toPrecision(12)));
  // toPrecision drops the binary noise of decimal steps (0.30000000000000004).
  return Array.from({ length: steps + 1 }, (_, index) => Number((index * step).toPrecision(12)));
}

/** Where `value` sits on an axis from 0 to `top`, as a percentage (0 at the bottom), clamped. */
export function percentOf(value: number, top: number): number {
  if (!(top > 0)) return 0;
  return Math.min(100, Math.max(0, (100 * value) / top));
}

/** A linear scale from [0, top] onto [0, length]: how many drawing units `value` takes. */
export const scaleLinear = (value: number, top: number, length: number) =>
  roundTo2((percentOf(value, top) * length) / 100);

/** The horizontal centre of category `index` of `count`, as a percentage of the width. */
export const categoryCentre = (index: number, count: number) =>
  count > 0 ? (100 * (index + 0.5)) / count : 50;

/**
 * Which of `count` category labels to print so that at most `most` show, evenly spread,
 * always the first and the last.
 */
export function shownLabels(count: number, most: number): Set<number> {
  if (count <= most) return new Set(Array.from({ length: count }, (_, index) => index));
  if (most < 2) return new Set([0]);
  const gap = (count - 1) / (most - 1);
  return new Set(Array.from({ length: most }, (_, step) => Math.round(step * gap)));
}

/** Drawing coordinates kept short in the markup. */
export const roundTo2 = (value: number) => Math.round(value * 100) / 100;
