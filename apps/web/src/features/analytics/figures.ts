import type { TimeSeries } from '../../ui/charts/time-series';
import { formatShare } from '../../ui/format-number';

/** A share as text ('12.5%'), a dash where there is nothing to divide. */
export const shareText = (value: number | null) => (value === null ? '–' : formatShare(value));

/** A share as a chart's percent with one decimal, a gap where there is nothing to divide. */
export const percent = (value: number | null) => (value === null ? Number.NaN : Math.round(value * 1000) / 10);

/** A maker of time series over a range's weeks or days ('YYYY-MM-DD', UTC): a name and the figure of each point. */
export function seriesOver<Point>(points: readonly Point[], dayOf: (point: Point) => string) {
  return (name: string, pick: (point: Point) => number): TimeSeries => ({
    name,
    points: points.map((point) => [Date.parse(`${dayOf(point)}T00:00:00Z`), pick(point)] as const),
  });
}
