// The arithmetic of a chart's value axis: round gridline values and positions on it.

/** 3 to 6 round gridline values from 0 up to at least `max` (1, 2 or 5 times a power of ten apart). */
export function niceTicks(max: number, target = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / target;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step =
    [1, 2, 5, 10].map((factor) => factor * power).find((value) => value >= rough) ?? rough;
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let value = 0; value <= top + step / 2; value += step)
    ticks.push(Number(value.toPrecision(12)));
  return ticks;
}

/** Where `value` sits on an axis from 0 to `top`, as a percentage (0 at the bottom). */
export const percentOf = (value: number, top: number) => (top > 0 ? (100 * value) / top : 0);

/** The horizontal centre of category `index` of `count`, as a percentage of the width. */
export const categoryCentre = (index: number, count: number) => (100 * (index + 0.5)) / count;

/** Which category labels to print so that at most `most` show (five fit a phone): always the first and the last. */
export function shownLabels(count: number, most = 5): Set<number> {
  if (count <= most) return new Set(Array.from({ length: count }, (_, index) => index));
  const every = Math.ceil((count - 1) / (most - 1));
  const shown = new Set<number>([count - 1]);
  for (let index = 0; index < count; index += every) shown.add(index);
  // The last label would crowd a label printed less than a step before it.
  for (let index = count - 2; index > count - 1 - every && index > 0; index--) shown.delete(index);
  return shown;
}
