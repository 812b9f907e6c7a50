import { METRIC_RANGES, metricsHistoryQuery } from '@guildhall/contract';
import { z } from 'zod';

/**
 * The charts' range in the URL (`?duration=`, seconds, as the history call takes it): one of the picker's options,
 * else the first (1 Hour).
 */
export const metricRangeQuery = z.object({
  duration: metricsHistoryQuery.shape.duration.refine((seconds) => METRIC_RANGES.some((range) => range.seconds === seconds)),
});
