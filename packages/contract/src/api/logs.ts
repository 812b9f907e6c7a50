import { z } from 'zod';
import { endpoint } from './common';

/** pino's levels, least to most severe. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
/** A log level. */
export type LogLevel = (typeof LOG_LEVELS)[number];
/** pino's numeric level of each name. */
export const LOG_LEVEL_VALUES: Readonly<Record<LogLevel, number>> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};

/** One log line as the console shows it. */
export const logEntry = z.object({
  time: z.string(),
  level: z.enum(LOG_LEVELS),
  /** What wrote it: `http` for request lines, else the logger's `source` binding, else `app`. */
  source: z.string(),
  message: z.string(),
  requestId: z.string().nullable(),
  instance: z.string(),
  /** The line's other fields (redacted like everything logged). */
  fields: z.record(z.string(), z.unknown()),
});
/** A log line. */
export type LogEntry = z.infer<typeof logEntry>;

/** Filters shared by the live tail and the search. `level` is the least severe level shown. */
export const logFilter = z.object({
  level: z.enum(LOG_LEVELS).optional(),
  source: z.string().trim().max(100).optional(),
  q: z.string().trim().max(500).optional(),
  requestId: z.string().trim().max(100).optional(),
});
/** Log filters. */
export type LogFilter = z.infer<typeof logFilter>;

/** Bounds of the log screens. */
export const LOG_LIMITS = {
  /** Lines kept in memory for live tails. */
  ring: 1000,
  /** Lines a new tail is sent from the ring before live ones. */
  tailBackfill: 200,
  /** Lines the tail screen keeps on screen. */
  tailOnScreen: 1000,
  searchPageSize: 100,
  searchMaxPageSize: 500,
} as const;

/** What the log calls answer with when their input cannot be used. */
export const LOG_MESSAGES = {
  /** A search or count whose `from` is not before its `to`. */
  rangeReversed: 'The start of the range must be before its end.',
} as const;

export const logSearchBody = logFilter.extend({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: z.number().int().min(1).max(1000).default(1),
  pageSize: z.number().int().min(1).max(LOG_LIMITS.searchMaxPageSize).default(LOG_LIMITS.searchPageSize),
});

export const logSearchResult = z.object({
  success: z.literal(true),
  /** Newest first. */
  entries: z.array(logEntry),
  pagination: z.object({ page: z.number(), pageSize: z.number(), hasMore: z.boolean() }),
  scannedFiles: z.number(),
});

export const logFile = z.object({
  name: z.string(),
  size: z.number(),
  modifiedAt: z.string(),
  /** The file being written now. */
  current: z.boolean(),
});
/** A log file. */
export type LogFile = z.infer<typeof logFile>;

export const logStatsQuery = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

export const logStats = z.object({
  success: z.literal(true),
  from: z.string(),
  to: z.string(),
  bucketSeconds: z.number(),
  buckets: z.array(z.object({ time: z.string(), counts: z.partialRecord(z.enum(LOG_LEVELS), z.number()) })),
  totals: z.partialRecord(z.enum(LOG_LEVELS), z.number()),
});

/** The log calls (spec 2 §7 "Logs"), under /api/admin/logs. */
export const logsApi = {
  search: endpoint({
    method: 'POST',
    path: '/api/admin/logs/search',
    summary: 'Searches the log files (time range, level, text), newest first, streaming through them',
    body: logSearchBody,
    response: logSearchResult,
  }),
  files: endpoint({
    method: 'GET',
    path: '/api/admin/logs/files',
    summary: 'The log files this server wrote',
    response: z.object({ success: z.literal(true), files: z.array(logFile) }),
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/admin/logs/download/:file',
    summary: 'One log file (only a name from the files list)',
    params: z.object({ file: z.string().min(1).max(200) }),
    response: z.unknown().describe('text/plain: the file, as JSON lines'),
  }),
  stats: endpoint({
    method: 'GET',
    path: '/api/admin/logs/stats',
    summary: 'Counts by level over time (default: the last 24 hours)',
    query: logStatsQuery,
    response: logStats,
  }),
} as const;

/** The live tail, `GET /api/admin/logs/stream` with logFilter's query: server-sent events named `log`. */
export const LOGS_STREAM_PATH = '/api/admin/logs/stream';
