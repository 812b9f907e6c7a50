/** Round steps for an axis: 1, 2 or 5 times a power of ten. */
function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/**
 * Ticks of a value axis from 0 up to at least `max`, about `count` of them on round numbers.
 * Counts are whole, so steps are at least 1.
 */
export function axisTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const step = Math.max(1, niceStep(max / count));
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let tick = 0; tick <= top + step / 2; tick += step) ticks.push(tick);
  return ticks;
}

/** Which of `length` labels to print so that at most `max` show, evenly spaced, always the last. */
export function labelIndexes(length: number, max: number): Set<number> {
  if (length <= max) return new Set(Array.from({ length }, (_, index) => index));
  const every = Math.ceil(length / max);
  const shown = new Set<number>();
  for (let index = length - 1; index >= 0; index -= every) shown.add(index);
  return shown;
}
