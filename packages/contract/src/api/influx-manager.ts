import { z } from 'zod';
import { endpoint } from './common';

/** The query languages a time-series server may speak: InfluxQL on every version, Flux on 2.x. */
export const INFLUX_LANGUAGES = ['influxql', 'flux'] as const;
/** A query language. */
export type InfluxLanguage = (typeof INFLUX_LANGUAGES)[number];

/** The explorer's time ranges (spec 2 §9). */
export const INFLUX_TIME_RANGES = ['-15m', '-1h', '-6h', '-24h', '-7d', '-30d', '-90d'] as const;
/** An explorer time range. */
export type InfluxTimeRange = (typeof INFLUX_TIME_RANGES)[number];
/** The explorer's default time range. */
export const INFLUX_DEFAULT_TIME_RANGE: InfluxTimeRange = '-1h';

/** Rows a generated explorer query asks for (spec 2 §5, §9). */
export const INFLUX_GENERATED_QUERY_LIMIT = 1000;
/** Rows the results table shows (spec 2 §9). */
export const INFLUX_DISPLAY_ROWS = 100;
/** The most points one query answer carries (the graph draws them all); more are counted as "more than". */
export const INFLUX_QUERY_ROW_CAP = 10_000;
/** Tag values shown per tag before '+N more values' (spec 2 §9). */
export const INFLUX_TAG_VALUES_PREVIEW = 10;
/** The longest query text accepted. */
export const INFLUX_QUERY_MAX_LENGTH = 100_000;

/** The settings that connect an InfluxDB, for the screens that say how to connect one. */
export const INFLUX_SETTINGS = {
  v2: ['INFLUX_URL', 'INFLUX_TOKEN', 'INFLUX_ORG', 'INFLUX_BUCKET'],
  v1: ['INFLUX_URL', 'INFLUX_DATABASE', 'INFLUX_USERNAME', 'INFLUX_PASSWORD'],
} as const;

/** The time-series manager's messages (spec 2 §2, §5, §8) and the server's own answers. */
export const INFLUX_MESSAGES = {
  notConfigured:
    'InfluxDB is not configured. Set INFLUX_URL with INFLUX_TOKEN and INFLUX_ORG (InfluxDB 2.x) or with INFLUX_DATABASE (InfluxDB 1.x) and restart the server.',
  loadBucketsFailed: (reason: string) => `Failed to load buckets: ${reason}`,
  loadMeasurementsFailed: (reason: string) => `Failed to load measurements: ${reason}`,
  loadMeasurementDetailsFailed: (reason: string) => `Failed to load measurement details: ${reason}`,
  exportFailed: (reason: string) => `Failed to export data: ${reason}`,
  executeQueryFirst: 'Please execute a query first',
  emptyResult: 'Query executed successfully (no data points to display)',
  /** 'Showing first 100 data points of N', or 'of more than N' when the server stopped counting at its cap. */
  showingFirst: (shown: number, total: number, isCapped: boolean) =>
    `Showing first ${shown} data points of ${isCapped ? 'more than ' : ''}${total.toLocaleString('en-US')}`,
  bucketNotFound: (bucket: string) => `Bucket not found: ${bucket}`,
  measurementNotFound: (measurement: string) => `Measurement not found: ${measurement}`,
  fluxNotSupported: 'Flux needs InfluxDB 2.x; this server speaks InfluxQL only.',
  oneStatement: 'Run one statement at a time.',
  readOnly: 'Only reads (SELECT, SHOW) run here; writes and schema changes are refused.',
  /** A query with nothing to run: blank, or only comments. */
  emptyQuery: 'Please enter a query',
  /** A first word InfluxQL does not know (a typo), said as such rather than as a refused write. */
  notAStatement: (word: string) =>
    `Syntax error at character 1: "${word}" does not start an InfluxQL statement (a query here starts with SELECT or SHOW).`,
  /** A string, name, regex or comment the query opens and never closes (InfluxDB could not parse it either). */
  unterminated: 'The query leaves a string, a quoted name, a regex or a comment open.',
  /** A Flux import outside the short list of packages that only compute (no writes, no network). */
  fluxImport: (name: string, allowed: readonly string[]) =>
    `Only these Flux packages can be imported here: ${allowed.join(', ')}. Refused: ${name}`,
  /** A Flux name that writes or reaches another server (to, from(host:)…), refused wherever it appears. */
  fluxRefusedName: (name: string) =>
    `Only reads of this InfluxDB run here: "${name}" (writes, other servers and credentials) is refused.`,
  // biome-ignore lint/suspicious/noTemplateCurlyInString: Flux's interpolation, named as text
  fluxInterpolation: 'String interpolation (${…} inside a string) is refused here; write the value out.',
  fluxStringKey: 'Properties named by a string ("name": value) are refused here; use a plain name.',
  queryTimedOut: (ms: number) => `The query did not finish within ${ms.toLocaleString('en-US')} ms`,
  retentionNotEditable: 'This server does not allow changing the retention of that bucket.',
  /**
   * A retention shorter than the bucket's shard group duration, which InfluxDB refuses in its own words ("retention
   * policy duration must be greater than the shard duration", issue 29).
   */
  retentionBelowShardGroup: (bucket: string, shardGroup: string | null) =>
    shardGroup
      ? `Retention of ${bucket} must be at least ${shardGroup}, its shard group duration: InfluxDB keeps and drops data in blocks that long. Choose ${shardGroup} or more, or 'infinite'.`
      : `Retention of ${bucket} must be at least its shard group duration: InfluxDB keeps and drops data in blocks that long. Choose a longer retention, or 'infinite'.`,
  retentionUpdated: (bucket: string, retention: string) => `Retention of ${bucket} set to ${retention}`,
  na: 'N/A',
} as const;

/** A bucket name: on 2.x the bucket, on 1.x `database/retention-policy` (a bare database means its default policy). */
export const influxBucketName = z
  .string()
  .trim()
  .min(1, 'Choose a bucket')
  .max(255)
  .refine((value) => !value.includes('\0'), 'Invalid bucket name');

/** A measurement, tag or field name as the browser sends it: data, never spliced into a query unquoted. */
export const influxIdentifier = z
  .string()
  .min(1)
  .max(255)
  .refine((value) => !value.includes('\0'), 'Invalid name');

/** A relative time range such as -15m, -1h, -7d (Flux duration units; InfluxQL gets the same span). */
export const influxRelativeRange = z
  .string()
  .trim()
  .regex(/^-\d{1,6}(ms|s|m|h|d|w)$/, 'Time range must look like -15m, -1h or -7d');

/** The explorer's time range, one of INFLUX_TIME_RANGES. */
export const influxTimeRange = z.enum(INFLUX_TIME_RANGES).default(INFLUX_DEFAULT_TIME_RANGE);

/** How to connect an InfluxDB, for a server without one. */
export const influxSetup = z.object({
  message: z.string().describe('INFLUX_MESSAGES.notConfigured'),
  settings: z.object({ v2: z.array(z.string()), v1: z.array(z.string()) }),
});
/** How to connect an InfluxDB. */
export type InfluxSetup = z.infer<typeof influxSetup>;

const notConfigured = z.object({ success: z.literal(true), configured: z.literal(false), setup: influxSetup });

/** An answer that is either the data or, with no InfluxDB configured, how to connect one (never an error). */
const influxAnswer = <T extends z.ZodRawShape>(shape: T) =>
  z.discriminatedUnion('configured', [
    notConfigured,
    z.object({ success: z.literal(true), configured: z.literal(true), ...shape }),
  ]);

/** The connected server: version, what it speaks, and the bucket Guildhall writes to. */
export const influxEngine = z.object({
  url: z.string(),
  version: z.string().nullable(),
  major: z.number().nullable().describe('1 or 2 (and later); null when the server did not say'),
  languages: z.array(z.enum(INFLUX_LANGUAGES)).describe("['influxql'] on 1.x, ['flux', 'influxql'] on 2.x"),
  defaultLanguage: z.enum(INFLUX_LANGUAGES),
  defaultBucket: z.string().describe('The bucket the bot writes to (1.x: database/retention-policy)'),
  organization: z.string().nullable(),
  responseTimeMs: z.number(),
});
/** The connected server. */
export type InfluxEngine = z.infer<typeof influxEngine>;

/** A bucket (spec 2 §3: name, retentionPolicy, organization). */
export const influxBucket = z.object({
  name: z.string(),
  id: z.string().nullable().describe('2.x bucket id; null on 1.x'),
  retentionPolicy: z.string().describe("The retention as text: '30d', '1h', 'infinite'"),
  retentionSeconds: z.number().describe('0 means kept forever'),
  organization: z.string().nullable().describe("null on 1.x; the screens show 'N/A'"),
  isDefault: z.boolean().describe('The bucket Guildhall writes to'),
  isEditable: z.boolean().describe('Whether its retention can be changed here (system buckets cannot)'),
});
/** A bucket. */
export type InfluxBucket = z.infer<typeof influxBucket>;

/** A measurement with its point count over the time range (spec 2 §3: name, count). */
export const influxMeasurement = z.object({
  name: z.string(),
  count: z.number(),
  isEstimate: z.boolean().describe('True when counting stopped early: count is then a lower bound'),
});
/** A measurement. */
export type InfluxMeasurement = z.infer<typeof influxMeasurement>;

/** A tag with its first INFLUX_TAG_VALUES_PREVIEW values and how many more exist. */
export const influxTag = z.object({ name: z.string(), values: z.array(z.string()), moreCount: z.number() });
/** A tag. */
export type InfluxTag = z.infer<typeof influxTag>;

/** Field value types InfluxDB stores. */
export const INFLUX_FIELD_TYPES = ['float', 'integer', 'unsigned', 'string', 'boolean'] as const;
/** A field with its type. */
export const influxField = z.object({ name: z.string(), type: z.enum(INFLUX_FIELD_TYPES) });
/** A field. */
export type InfluxField = z.infer<typeof influxField>;

/** One data point as the server and the screens work with it: time, measurement, field, value and its tags apart. */
export const influxPoint = z.object({
  time: z.string().nullable().describe('ISO 8601'),
  measurement: z.string().nullable(),
  field: z.string().nullable(),
  value: z.union([z.number(), z.string(), z.boolean(), z.null()]),
  tags: z.record(z.string(), z.string()),
});
/** One data point. */
export type InfluxPoint = z.infer<typeof influxPoint>;

const influxValue = z.union([z.number(), z.string(), z.boolean(), z.null()]);
/**
 * One data point on the wire, as spec 2 §3 "Query result" names it: _time, _measurement, _field, _value and the other
 * tags beside them (a tag called like one of the four is shadowed by it).
 */
export const influxRow = z
  .object({
    _time: z.string().nullable().describe('ISO 8601'),
    _measurement: z.string().nullable(),
    _field: z.string().nullable(),
    _value: influxValue,
  })
  .catchall(influxValue);
/** One data point on the wire. */
export type InfluxRow = z.infer<typeof influxRow>;

/** A point as the wire carries it. */
export function influxRowOf(point: InfluxPoint): InfluxRow {
  return { ...point.tags, _time: point.time, _measurement: point.measurement, _field: point.field, _value: point.value };
}

/** A wire row as a point again: the four named columns, and every other column a tag. */
export function influxPointOf(row: InfluxRow): InfluxPoint {
  const { _time, _measurement, _field, _value, ...others } = row;
  const tags: Record<string, string> = {};
  for (const [key, value] of Object.entries(others)) tags[key] = String(value);
  return { time: _time, measurement: _measurement, field: _field, value: _value, tags };
}

/** A query to run: one statement in a language the server speaks, in a bucket (default: Guildhall's). */
export const influxQueryBody = z.object({
  query: z.string().trim().min(1, INFLUX_MESSAGES.emptyQuery).max(INFLUX_QUERY_MAX_LENGTH),
  language: z.enum(INFLUX_LANGUAGES).default('influxql'),
  bucket: influxBucketName.optional(),
});
/** A query to run. */
export type InfluxQueryBody = z.input<typeof influxQueryBody>;

/**
 * A query's answer, spec 2 §3 "Query result": data, length, error (null: a failed query answers 400 with its
 * message) and duration in ms. data holds at most INFLUX_QUERY_ROW_CAP points (the graph draws them) and length
 * counts them; the table shows the first shownPoints (<= INFLUX_DISPLAY_ROWS). totalPoints is exact unless isCapped,
 * when it is the cap and the answer reads "more than totalPoints".
 */
export const influxQueryResult = z.object({
  data: z.array(influxRow),
  length: z.number(),
  error: z.null(),
  duration: z.number().describe('ms'),
  totalPoints: z.number(),
  shownPoints: z.number(),
  isCapped: z.boolean(),
  language: z.enum(INFLUX_LANGUAGES),
});
/** A query's answer. */
export type InfluxQueryResult = z.infer<typeof influxQueryResult>;

/** What the explorer's Generate Query sends: the ticked tags' values and fields. */
export const influxGenerateBody = z.object({
  bucket: influxBucketName,
  measurement: influxIdentifier,
  timeRange: influxTimeRange,
  tags: z
    .array(z.object({ name: influxIdentifier, values: z.array(z.string().max(1024)).max(1000) }))
    .max(100)
    .default([]),
  fields: z.array(influxIdentifier).max(500).default([]),
  language: z.enum(INFLUX_LANGUAGES).default('influxql'),
});
/** A Generate Query request. */
export type InfluxGenerateBody = z.input<typeof influxGenerateBody>;

/** The export formats. */
export const INFLUX_EXPORT_FORMATS = ['csv', 'json'] as const;

/** An export: the query's whole result streamed as a file ('Please execute a query first' is checked in the browser). */
export const influxExportBody = influxQueryBody.extend({ format: z.enum(INFLUX_EXPORT_FORMATS).default('csv') });
/** An export request. */
export type InfluxExportBody = z.input<typeof influxExportBody>;

/** Time-series statistics (spec 2 §3: buckets, totalPoints, uptime). */
export const influxStats = z.object({
  buckets: z.number(),
  totalPoints: z.number(),
  isEstimate: z.boolean().describe('True when counting stopped early'),
  measurements: z.number(),
  uptime: z.string().nullable().describe("Human text such as '3d 4h 12m'; null where the server does not say"),
  uptimeSeconds: z.number().nullable(),
  version: z.string().nullable(),
});
/** Time-series statistics. */
export type InfluxStats = z.infer<typeof influxStats>;

/** InfluxDB's longest duration: an int64 of nanoseconds, about 292 years, in whole hours. */
const RETENTION_MAX_HOURS = Math.floor(9_223_372_036 / 3600);
const RETENTION_HOURS: Record<string, number> = { h: 1, d: 24, w: 168 };

/**
 * A retention period: a duration such as 30d, 12h, 2w, or 'infinite' (also 0 or INF). Its shape and its length
 * are told apart (issue 29: "10000000000d" read as not looking like "30d").
 */
export const influxRetention = z
  .string()
  .trim()
  .regex(/^(\d+(h|d|w)|infinite|INF|0)$/i, "Retention must look like 1h, 30d, 2w or 'infinite'")
  .refine(
    (value) => {
      const duration = /^(\d+)([hdw])$/i.exec(value);
      return !duration || Number(duration[1]) * RETENTION_HOURS[duration[2]!.toLowerCase()]! <= RETENTION_MAX_HOURS;
    },
    {
      message: `Retention can be at most ${Math.floor(RETENTION_MAX_HOURS / 24).toLocaleString('en-US')}d (about 292 years, InfluxDB's longest); use 'infinite' to keep data forever`,
      abort: true,
    },
  );

/** A retention change. */
export const influxRetentionBody = z.object({ bucket: influxBucketName, retention: influxRetention });

const bucketQuery = z.object({ bucket: influxBucketName.optional() });
const measurementQuery = z.object({ bucket: influxBucketName, measurement: influxIdentifier, timeRange: influxTimeRange });

/** The time-series manager (spec 2 §7, base /api/admin/database/influxdb), admin.full_access. */
export const influxManagerApi = {
  status: endpoint({
    method: 'GET',
    path: '/api/admin/database/influxdb/status',
    summary: 'The connected InfluxDB (version, languages), how to connect one when unset; 503 when down',
    response: influxAnswer({ engine: influxEngine }),
  }),
  buckets: endpoint({
    method: 'GET',
    path: '/api/admin/database/influxdb/buckets',
    summary: 'Buckets with retention and organization (1.x: database/retention-policy pairs)',
    response: influxAnswer({ buckets: z.array(influxBucket) }),
  }),
  measurements: endpoint({
    method: 'GET',
    path: '/api/admin/database/influxdb/measurements',
    summary: "A bucket's measurements with point counts over the time range (estimates on large buckets)",
    query: z.object({ bucket: influxBucketName, timeRange: influxTimeRange }),
    response: influxAnswer({ measurements: z.array(influxMeasurement) }),
  }),
  tags: endpoint({
    method: 'GET',
    path: '/api/admin/database/influxdb/tags',
    summary: "A measurement's tags, each with its first 10 values and how many more",
    query: measurementQuery,
    response: influxAnswer({ tags: z.array(influxTag) }),
  }),
  fields: endpoint({
    method: 'GET',
    path: '/api/admin/database/influxdb/fields',
    summary: "A measurement's fields with their types",
    query: measurementQuery,
    response: influxAnswer({ fields: z.array(influxField) }),
  }),
  generateQuery: endpoint({
    method: 'POST',
    path: '/api/admin/database/influxdb/generate-query',
    summary: 'The explorer query (limit 1000) for the chosen measurement, tags and fields, in InfluxQL or Flux',
    body: influxGenerateBody,
    response: z.object({ success: z.literal(true), query: z.string(), language: z.enum(INFLUX_LANGUAGES) }),
  }),
  query: endpoint({
    method: 'POST',
    path: '/api/admin/database/influxdb/query',
    summary: 'Runs one read under a timeout, holding at most the row cap; audited',
    body: influxQueryBody,
    response: influxAnswer(influxQueryResult.shape),
  }),
  export: endpoint({
    method: 'POST',
    path: '/api/admin/database/influxdb/export',
    summary: "Streams a query's whole result from InfluxDB as text/csv or application/json; audited",
    body: influxExportBody,
    response: z.unknown().describe('text/csv or application/json'),
  }),
  stats: endpoint({
    method: 'GET',
    path: '/api/admin/database/influxdb/stats',
    summary: 'Total buckets, data points (estimate on large data), measurements and uptime where the server says',
    query: bucketQuery,
    response: influxAnswer(influxStats.shape),
  }),
  retention: endpoint({
    method: 'GET',
    path: '/api/admin/database/influxdb/retention',
    summary: 'Per bucket the retention period and organization, and whether it can be changed',
    response: influxAnswer({ buckets: z.array(influxBucket) }),
  }),
  updateRetention: endpoint({
    method: 'PUT',
    path: '/api/admin/database/influxdb/retention',
    summary: 'Changes a bucket retention (ALTER RETENTION POLICY on 1.x, PATCH bucket on 2.x); audited',
    body: influxRetentionBody,
    response: z.object({ success: z.literal(true), bucket: influxBucket, message: z.string() }),
  }),
} as const;
