import { LOG_LEVELS, type LogLevel, type logStats } from '@guildhall/contract';
import type { z } from 'zod';
import type { TimeSeries } from '../../ui/charts/time-series';
import { levelLabel } from './log-levels';

type LogStats = z.infer<typeof logStats>;

/** The levels the stats name, least severe first: the chart draws one line for each. */
export function levelsInStats(stats: Pick<LogStats, 'buckets' | 'totals'>): LogLevel[] {
  return LOG_LEVELS.filter(
    (level) => stats.totals[level] !== undefined || stats.buckets.some((bucket) => bucket.counts[level] !== undefined),
  );
}

/** One line per level over the stats' buckets; a bucket that does not name a level counted none of it. */
export function statsSeries(stats: Pick<LogStats, 'buckets' | 'totals'>): TimeSeries[] {
  return levelsInStats(stats).map((level) => ({
    name: levelLabel(level),
    points: stats.buckets.map((bucket) => [new Date(bucket.time).getTime(), bucket.counts[level] ?? 0] as const),
  }));
}
