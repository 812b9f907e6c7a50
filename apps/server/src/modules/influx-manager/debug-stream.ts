import { type DebugStreamData, type InfluxPoint, influxRowOf } from '@guildhall/contract';
import type { InfluxClient } from '../../services/influx/influx-client';
import type { DetectedEngine } from './engine';
import { showTagKeys } from './influxql';
import { fluxRows, influxqlRows } from './point-source';
import { fluxString, influxqlIdentifier, influxqlSince } from './quoting';

/** What one stream reads each tick. */
export interface StreamSettings {
  measurement: string | null;
  interval: number;
  timeRange: string;
  limit: number;
}

/** The read of one tick: the newest `limit` points of the range, newer than the last one sent, newest first. */
export function streamQuery(engine: DetectedEngine, influx: InfluxClient, settings: StreamSettings, afterMs: number | null) {
  if (engine.isV2) {
    const lines = [`from(bucket: ${fluxString(influx.bucket)})`, `  |> range(start: ${settings.timeRange})`];
    if (settings.measurement) lines.push(`  |> filter(fn: (r) => r._measurement == ${fluxString(settings.measurement)})`);
    if (afterMs !== null) lines.push(`  |> filter(fn: (r) => r._time > time(v: ${fluxString(new Date(afterMs).toISOString())}))`);
    lines.push('  |> group()', '  |> sort(columns: ["_time"], desc: true)', `  |> limit(n: ${settings.limit})`);
    return { language: 'flux' as const, query: lines.join('\n') };
  }
  const from = settings.measurement ? influxqlIdentifier(settings.measurement) : '/.*/';
  const after = afterMs === null ? '' : ` AND time > ${Math.floor(afterMs)}ms`;
  return {
    language: 'influxql' as const,
    query: `SELECT * FROM ${from} WHERE time > ${influxqlSince(settings.timeRange)}${after} ORDER BY time DESC LIMIT ${settings.limit}`,
  };
}

let runningStreams = 0;

/** How many debug streams this process is running (each socket's stream ends when it stops or disconnects). */
export function runningDebugStreams(): number {
  return runningStreams;
}

/**
 * One socket's live stream: every interval it reads what arrived since the last tick and hands it on, newest
 * first. A tick still running when the next is due is skipped rather than queued, so a slow InfluxDB never piles
 * up reads; stop() ends it for good.
 */
export function startDebugStream(options: {
  influx: InfluxClient;
  engine: DetectedEngine;
  settings: StreamSettings;
  streamId: string;
  timeoutMs: number;
  emit: (payload: DebugStreamData) => void;
  fail: (error: unknown) => void;
}): { stop(): void } {
  const { influx, engine, settings } = options;
  let lastMs: number | null = null;
  let isBusy = false;
  let isStopped = false;
  const abort = new AbortController();
  const tagKeys = new Map<string, Promise<Set<string>>>();
  const keysOf = (measurement: string) => {
    let keys = tagKeys.get(measurement);
    if (!keys) {
      keys = showTagKeys(influx, influx.database, measurement, options.timeoutMs)
        .then((names) => new Set(names))
        .catch(() => new Set<string>());
      tagKeys.set(measurement, keys);
    }
    return keys;
  };

  const tick = async () => {
    if (isBusy || isStopped) return;
    isBusy = true;
    try {
      const { query, language } = streamQuery(engine, influx, settings, lastMs);
      const read = { timeoutMs: options.timeoutMs, signal: abort.signal, chunkSize: settings.limit };
      const chunks =
        language === 'flux'
          ? fluxRows(influx, query, read)
          : influxqlRows(influx, query, { database: influx.database, retentionPolicy: null }, { ...read, tagKeys: keysOf });
      const rows: InfluxPoint[] = [];
      for await (const chunk of chunks) rows.push(...chunk);
      // SELECT over several measurements answers one series each: newest first across them all.
      rows.sort((a, b) => Date.parse(b.time ?? '') - Date.parse(a.time ?? ''));
      const newest = rows[0]?.time ? Date.parse(rows[0].time) : null;
      if (newest !== null && (lastMs === null || newest > lastMs)) lastMs = newest;
      if (!isStopped)
        options.emit({ streamId: options.streamId, data: rows.map(influxRowOf), timestamp: new Date().toISOString() });
    } catch (error) {
      if (!isStopped) options.fail(error);
    } finally {
      isBusy = false;
    }
  };

  runningStreams++;
  void tick();
  const timer = setInterval(() => void tick(), settings.interval);
  return {
    stop() {
      if (isStopped) return;
      runningStreams--;
      isStopped = true;
      clearInterval(timer);
      abort.abort();
    },
  };
}
