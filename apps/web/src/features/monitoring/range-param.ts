import { METRIC_RANGES } from '@guildhall/contract';

/** The search parameter holding the charts' range, in seconds, as the history call takes it. */
export const RANGE_PARAM = 'duration';
const DEFAULT_RANGE = METRIC_RANGES[0].seconds;

/** The range of the URL when it is one of the picker's options, else the first (1 Hour). */
export function parseRange(value: string | null): number {
  const seconds = Number(value);
  return METRIC_RANGES.some((range) => range.seconds === seconds) ? seconds : DEFAULT_RANGE;
}
