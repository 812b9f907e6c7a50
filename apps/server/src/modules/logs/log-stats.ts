import { LOG_LEVEL_VALUES, type LogEntry, type LogLevel } from '@guildhall/contract';
import { levelName, lineHead, parseLogLine } from '../../core/logs/log-entry';
import type { StoredLogFile } from '../../core/logs/log-files';
import { readLogLines } from './read-log-lines';

/** Bucket widths a chart reads easily, in seconds. */
const BUCKET_STEPS = [1, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400];
/** At most this many buckets (one more where the range does not start on a bucket boundary). */
const MAX_BUCKETS = 95;

/** The narrowest readable bucket that splits the range into at most MAX_BUCKETS: 24 hours → 30 minutes, 48 buckets. */
export function bucketSecondsFor(spanMs: number): number {
  const spanSeconds = Math.max(1, spanMs / 1000);
  return BUCKET_STEPS.find((step) => spanSeconds / step <= MAX_BUCKETS) ?? Math.ceil(spanSeconds / MAX_BUCKETS);
}

const headOf = (entry: LogEntry | null) => entry && { level: LOG_LEVEL_VALUES[entry.level], time: Date.parse(entry.time) };

/** Counts by level per bucket. */
export interface LogLevelCounts {
  bucketSeconds: number;
  buckets: { time: string; counts: Partial<Record<LogLevel, number>> }[];
  totals: Partial<Record<LogLevel, number>>;
}

/** Counts the lines of `from` ≤ time < `to` by level, per bucket, streaming through the files written since `from`. */
export async function countLogLevels(files: readonly StoredLogFile[], from: number, to: number): Promise<LogLevelCounts> {
  const bucketSeconds = bucketSecondsFor(to - from);
  const bucketMs = bucketSeconds * 1000;
  const first = Math.floor(from / bucketMs) * bucketMs;
  const buckets = Array.from({ length: Math.ceil((to - first) / bucketMs) }, (_, index) => ({
    time: new Date(first + index * bucketMs).toISOString(),
    counts: {} as Partial<Record<LogLevel, number>>,
  }));
  const totals: Partial<Record<LogLevel, number>> = {};

  for (const file of files) {
    if (file.modifiedAt.getTime() < from) continue;
    await readLogLines(file.path, (line) => {
      // Level and time lead every pino line; a line written otherwise is parsed the slow way.
      const head = lineHead(line) ?? headOf(parseLogLine(line, ''));
      if (head && head.time >= from && head.time < to) tally(levelName(head.level), head.time);
      return true;
    });
  }
  return { bucketSeconds, buckets, totals };

  function tally(level: LogLevel, time: number) {
    const bucket = buckets[Math.floor((time - first) / bucketMs)];
    if (!bucket) return;
    bucket.counts[level] = (bucket.counts[level] ?? 0) + 1;
    totals[level] = (totals[level] ?? 0) + 1;
  }
}
