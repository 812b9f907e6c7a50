import { z } from 'zod';
import { endpoint } from '../api/common';
import {
  INFLUX_EXPORT_FORMATS,
  INFLUX_LANGUAGES,
  INFLUX_QUERY_MAX_LENGTH,
  type InfluxLanguage,
  influxBucketName,
  influxIdentifier,
  influxRelativeRange,
  influxRow,
} from '../api/influx-manager';

/** Socket.IO namespace of the time-series debug interface (spec 2 §7). */
export const INFLUX_DEBUG_NAMESPACE = '/influx-debug';

/** The debug interface's messages (spec 2 §5, §8), exact text. */
export const INFLUX_DEBUG_MESSAGES = {
  authenticationFailed: 'Authentication failed',
  adminPermissionsRequired: 'Admin permissions required',
  connectFailed: 'Failed to connect to debug interface',
  measurementsFailed: (reason: string) => `Failed to get measurements: ${reason}`,
  statisticsFailed: (reason: string) => `Failed to get statistics: ${reason}`,
  queryFailed: (reason: string) => `Query failed: ${reason}`,
  streamError: (reason: string) => `Stream error: ${reason}`,
  exportFailed: 'Export failed',
  enterQuery: 'Please enter a query',
  noDataToExport: 'No data to export',
} as const;

/** Live stream limits and defaults (spec 2 §5, §9). */
export const INFLUX_STREAM = {
  minIntervalMs: 1000,
  maxIntervalMs: 60_000,
  defaultIntervalMs: 5000,
  defaultTimeRange: '-1m',
  minLimit: 10,
  maxLimit: 500,
  defaultLimit: 50,
  /** Rows the live table keeps, newest first. */
  bufferRows: 1000,
} as const;

/** Result page sizes of the query builder (default 25). */
export const INFLUX_DEBUG_PAGE_SIZES = [10, 25, 50, 100] as const;
/** The default result page size. */
export const INFLUX_DEBUG_DEFAULT_PAGE_SIZE = 25;

const language = z.enum(INFLUX_LANGUAGES).default('influxql');

/** `debug:query`: a custom or quick query, with the id its answer carries back. */
export const debugQueryRequest = z.object({
  query: z.string().trim().min(1, INFLUX_DEBUG_MESSAGES.enterQuery).max(INFLUX_QUERY_MAX_LENGTH),
  queryId: z.string().min(1).max(100),
  language,
  bucket: influxBucketName.optional(),
});
/** A debug query request. */
export type DebugQueryRequest = z.input<typeof debugQueryRequest>;

/** `debug:start-stream`: a measurement (null for all), interval, time range and limit, defaults as the spec says. */
export const debugStreamRequest = z.object({
  measurement: influxIdentifier.nullable().default(null),
  interval: z.coerce
    .number()
    .int()
    .min(
      INFLUX_STREAM.minIntervalMs,
      `Interval must be between ${INFLUX_STREAM.minIntervalMs} and ${INFLUX_STREAM.maxIntervalMs} ms`,
    )
    .max(
      INFLUX_STREAM.maxIntervalMs,
      `Interval must be between ${INFLUX_STREAM.minIntervalMs} and ${INFLUX_STREAM.maxIntervalMs} ms`,
    )
    .default(INFLUX_STREAM.defaultIntervalMs),
  timeRange: influxRelativeRange.default(INFLUX_STREAM.defaultTimeRange),
  limit: z.coerce
    .number()
    .int()
    .min(INFLUX_STREAM.minLimit, `Limit must be between ${INFLUX_STREAM.minLimit} and ${INFLUX_STREAM.maxLimit}`)
    .max(INFLUX_STREAM.maxLimit, `Limit must be between ${INFLUX_STREAM.minLimit} and ${INFLUX_STREAM.maxLimit}`)
    .default(INFLUX_STREAM.defaultLimit),
});
/** A stream request. */
export type DebugStreamRequest = z.input<typeof debugStreamRequest>;

/** `debug:health-response` (spec 2 §3 Health): status 'healthy', otherwise 'error' with the reason. */
export const debugHealthResponse = z.object({
  status: z.enum(['healthy', 'error']),
  responseTime: z.number().nullable().describe('ms'),
  url: z.string().nullable(),
  bucket: z.string().nullable(),
  version: z.string().nullable(),
  languages: z.array(z.enum(INFLUX_LANGUAGES)),
  error: z.string().optional(),
  timestamp: z.string(),
});
/** A health answer. */
export type DebugHealthResponse = z.infer<typeof debugHealthResponse>;

/** `measurements-response`: the default bucket's measurement names. */
export const debugMeasurementsResponse = z.object({
  success: z.boolean(),
  measurements: z.array(z.string()),
  error: z.string().optional().describe("INFLUX_DEBUG_MESSAGES.measurementsFailed('...')"),
});
/** A measurements answer. */
export type DebugMeasurementsResponse = z.infer<typeof debugMeasurementsResponse>;

/** Debug statistics (spec 2 §3: measurementCount, totalRecords, oldestRecord) and the days of data they span. */
export const debugStatistics = z.object({
  measurementCount: z.number(),
  totalRecords: z.number(),
  isEstimate: z.boolean(),
  oldestRecord: z.string().nullable().describe('ISO 8601'),
  daysOfData: z.number(),
  measurements: z.array(z.string()),
});
/** Debug statistics. */
export type DebugStatistics = z.infer<typeof debugStatistics>;

/** `statistics-response`. */
export const debugStatisticsResponse = z.object({
  success: z.boolean(),
  data: debugStatistics.nullable(),
  error: z.string().optional().describe("INFLUX_DEBUG_MESSAGES.statisticsFailed('...')"),
});
/** A statistics answer. */
export type DebugStatisticsResponse = z.infer<typeof debugStatisticsResponse>;

/** `query-response` (spec 2 §3: success, data, error, metadata {rowCount, executionTime}). */
export const debugQueryResponse = z.object({
  success: z.boolean(),
  queryId: z.string(),
  data: z.array(influxRow),
  error: z.string().optional().describe("INFLUX_DEBUG_MESSAGES.queryFailed('...')"),
  metadata: z.object({
    rowCount: z.number(),
    executionTime: z.number().describe('ms'),
    isCapped: z.boolean().describe('More points existed than INFLUX_QUERY_ROW_CAP; rowCount is the cap'),
  }),
});
/** A query answer. */
export type DebugQueryResponse = z.infer<typeof debugQueryResponse>;

/** `stream-started`. */
export const debugStreamStarted = z.object({ streamId: z.string(), settings: debugStreamRequest.required() });
/** `stream-data`: the points that arrived since the last tick, newest first. */
export const debugStreamData = z.object({ streamId: z.string(), data: z.array(influxRow), timestamp: z.string() });
/** A stream tick. */
export type DebugStreamData = z.infer<typeof debugStreamData>;
/** `stream-stopped`. */
export const debugStreamStopped = z.object({ streamId: z.string() });
/** `stream-error`: a refused start (bad input) or a failed tick; the stream stops on a refused start only. */
export const debugStreamError = z.object({
  streamId: z.string().nullable(),
  error: z.string().describe("INFLUX_DEBUG_MESSAGES.streamError('...')"),
});

/** Events the server sends on /influx-debug, named exactly as spec 2 §7 names them (only the health answer has the prefix). */
export interface InfluxDebugServerEvents {
  'debug:health-response': (payload: DebugHealthResponse) => void;
  'measurements-response': (payload: DebugMeasurementsResponse) => void;
  'statistics-response': (payload: DebugStatisticsResponse) => void;
  'query-response': (payload: DebugQueryResponse) => void;
  'stream-started': (payload: z.infer<typeof debugStreamStarted>) => void;
  'stream-data': (payload: DebugStreamData) => void;
  'stream-stopped': (payload: z.infer<typeof debugStreamStopped>) => void;
  'stream-error': (payload: z.infer<typeof debugStreamError>) => void;
}

/** Events a client sends on /influx-debug; each is answered by its response event. */
export interface InfluxDebugClientEvents {
  'debug:health-check': () => void;
  'debug:get-measurements': () => void;
  'debug:get-statistics': () => void;
  'debug:query': (payload: DebugQueryRequest) => void;
  /** Starts the socket's stream, replacing the one it had (at most one per socket). */
  'debug:start-stream': (payload: DebugStreamRequest) => void;
  'debug:stop-stream': () => void;
}

/** The debug interface's export (spec 2 §7): the query's whole result streamed as a file. */
export const debugExportBody = z.object({
  query: z.string().trim().min(1, INFLUX_DEBUG_MESSAGES.enterQuery).max(INFLUX_QUERY_MAX_LENGTH),
  format: z.enum(INFLUX_EXPORT_FORMATS).default('json'),
  language,
  bucket: influxBucketName.optional(),
});

/** The debug interface's HTTP call, admin.full_access. */
export const influxDebugApi = {
  export: endpoint({
    method: 'POST',
    path: '/api/admin/influx-debug/export',
    summary: "Streams a debug query's whole result as application/json or text/csv; audited",
    body: debugExportBody,
    response: z.unknown().describe('application/json or text/csv'),
  }),
} as const;

/** The names the quick queries read: the bot's combat events and its health metrics. */
export const INFLUX_MEASUREMENTS = {
  combatEvents: 'combat_events',
  botHealth: 'bot_health',
  botCommands: 'bot_commands',
} as const;

/** One quick query of the query builder. */
export interface InfluxQuickQuery {
  id: 'recent-combat-events' | 'event-type-counts' | 'health-check';
  label: string;
  query: string;
}

/** A Flux string literal: backslashes and double quotes escaped. */
const fluxString = (value: string) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/**
 * The three quick queries of spec 2 §2 in the language in use: recent combat events (limit 100), event type
 * counts for the last hour, and the bot's health for the last 5 minutes. Flux needs the bucket's name.
 */
export function influxQuickQueries(lang: InfluxLanguage, bucket: string): InfluxQuickQuery[] {
  const { combatEvents, botHealth } = INFLUX_MEASUREMENTS;
  if (lang === 'flux') {
    const from = `from(bucket: ${fluxString(bucket)})`;
    return [
      {
        id: 'recent-combat-events',
        label: 'Recent combat events',
        query: `${from}\n  |> range(start: -7d)\n  |> filter(fn: (r) => r._measurement == "${combatEvents}")\n  |> group()\n  |> sort(columns: ["_time"], desc: true)\n  |> limit(n: 100)`,
      },
      {
        id: 'event-type-counts',
        label: 'Event type counts (last hour)',
        query: `${from}\n  |> range(start: -1h)\n  |> filter(fn: (r) => r._measurement == "${combatEvents}" and r._field == "target")\n  |> group(columns: ["event_type"])\n  |> count()`,
      },
      {
        id: 'health-check',
        label: 'Health check (last 5 minutes)',
        query: `${from}\n  |> range(start: -5m)\n  |> filter(fn: (r) => r._measurement == "${botHealth}")`,
      },
    ];
  }
  return [
    {
      id: 'recent-combat-events',
      label: 'Recent combat events',
      query: `SELECT * FROM "${combatEvents}" ORDER BY time DESC LIMIT 100`,
    },
    {
      id: 'event-type-counts',
      label: 'Event type counts (last hour)',
      query: `SELECT count("target") FROM "${combatEvents}" WHERE time > now() - 1h GROUP BY "event_type"`,
    },
    {
      id: 'health-check',
      label: 'Health check (last 5 minutes)',
      query: `SELECT * FROM "${botHealth}" WHERE time > now() - 5m`,
    },
  ];
}
