import { INFLUX_MESSAGES, type InfluxBucket } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { type InfluxClient, InfluxQueryError } from '../../services/influx/influx-client';
import type { DetectedEngine } from './engine';
import { influxql } from './influxql';
import { influxqlIdentifier } from './quoting';

const CATALOGUE_TIMEOUT_MS = 10_000;

/** A bucket and where its data lives: 1.x's database and retention policy, or 2.x's bucket id. */
export interface ResolvedBucket extends InfluxBucket {
  database: string | null;
  retentionPolicyName: string | null;
  /** 1.x: the database's default policy, which a bare database name means. */
  isDatabaseDefault: boolean;
  /** How long a block of data (a shard group) spans; a retention may not be shorter. Null where not told (2.x). */
  shardGroupSeconds: number | null;
}

/** '168h0m0s' (1.x durations) → seconds. */
export function durationSeconds(text: string): number {
  let seconds = 0;
  for (const [, amount, unit] of text.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h|d|w)/g)) {
    const factor = { ns: 1e-9, us: 1e-6, µs: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 }[unit as 'h'];
    seconds += Number(amount) * factor;
  }
  return Math.round(seconds);
}

/** Seconds as the screens show a retention: 'infinite', '30d', '12h'. */
export function retentionText(seconds: number): string {
  if (seconds <= 0) return 'infinite';
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3600],
    ['m', 60],
  ] as const) {
    if (seconds % size === 0) return `${seconds / size}${unit}`;
  }
  return `${seconds}s`;
}

/** 1.x: every database/retention-policy pair, as InfluxDB's own compatibility API maps them to buckets. */
async function listV1(influx: InfluxClient): Promise<ResolvedBucket[]> {
  const databases = await influxql(influx, 'SHOW DATABASES', { timeoutMs: CATALOGUE_TIMEOUT_MS });
  const names = databases.flatMap((series) => series.values.map((row) => String(row[0])));
  // Every bucket call looks the catalogue up: the databases are asked at once, not one round trip after another.
  // One dropped since SHOW DATABASES has simply gone.
  const policiesOf = await Promise.all(
    names.map((database) =>
      influxql(influx, `SHOW RETENTION POLICIES ON ${influxqlIdentifier(database)}`, {
        timeoutMs: CATALOGUE_TIMEOUT_MS,
      }).catch((error: unknown) => {
        if (error instanceof InfluxQueryError && /database not found/i.test(error.message)) return [];
        throw error;
      }),
    ),
  );
  const buckets: ResolvedBucket[] = [];
  for (const [index, database] of names.entries()) {
    for (const series of policiesOf[index] ?? []) {
      const at = (column: string) => series.columns.indexOf(column);
      for (const row of series.values) {
        const policy = String(row[at('name')]);
        const seconds = durationSeconds(String(row[at('duration')] ?? '0s'));
        const isDefaultPolicy = row[at('default')] === true;
        const shardGroup = row[at('shardGroupDuration')];
        const name = `${database}/${policy}`;
        buckets.push({
          name,
          id: null,
          retentionPolicy: retentionText(seconds),
          retentionSeconds: seconds,
          organization: null,
          isDefault: database === influx.database && isDefaultPolicy,
          isEditable: database !== '_internal',
          database,
          retentionPolicyName: policy,
          isDatabaseDefault: isDefaultPolicy,
          shardGroupSeconds: typeof shardGroup === 'string' ? durationSeconds(shardGroup) : null,
        });
      }
    }
  }
  return buckets;
}

interface V2Bucket {
  id: string;
  name: string;
  orgID?: string;
  type?: string;
  retentionRules?: { type?: string; everySeconds?: number }[];
}

/** Reads a 2.x JSON answer, turning an error status into InfluxQueryError with InfluxDB's message. */
export async function v2Json<T>(response: Response): Promise<T> {
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  if (!response.ok) {
    const message = (body as { message?: string } | null)?.message ?? text.slice(0, 500);
    throw new InfluxQueryError(`InfluxDB answered ${response.status}: ${message}`);
  }
  return body as T;
}

/** A 2.x bucket as the screens show it. */
export function presentV2Bucket(influx: InfluxClient, bucket: V2Bucket, orgNames: Map<string, string>): ResolvedBucket {
  const seconds = bucket.retentionRules?.find((rule) => rule.type === 'expire' || rule.type === undefined)?.everySeconds ?? 0;
  return {
    name: bucket.name,
    id: bucket.id,
    retentionPolicy: retentionText(seconds),
    retentionSeconds: seconds,
    organization: (bucket.orgID && orgNames.get(bucket.orgID)) ?? influx.org,
    isDefault: bucket.name === influx.bucket,
    isEditable: bucket.type !== 'system',
    database: null,
    retentionPolicyName: null,
    isDatabaseDefault: false,
    shardGroupSeconds: null,
  };
}

/** 2.x: /api/v2/buckets of the organization, with organization names from /api/v2/orgs. */
async function listV2(influx: InfluxClient): Promise<ResolvedBucket[]> {
  const params: Record<string, string> = { limit: '100' };
  if (influx.org) params.org = influx.org;
  const [bucketsAnswer, orgsAnswer] = await Promise.all([
    influx.request('/api/v2/buckets', { params, timeoutMs: CATALOGUE_TIMEOUT_MS }).then(v2Json<{ buckets?: V2Bucket[] }>),
    influx
      .request('/api/v2/orgs', { timeoutMs: CATALOGUE_TIMEOUT_MS })
      .then(v2Json<{ orgs?: { id: string; name: string }[] }>)
      .catch(() => ({ orgs: [] })),
  ]);
  const orgNames = new Map((orgsAnswer.orgs ?? []).map((org) => [org.id, org.name]));
  return (bucketsAnswer.buckets ?? []).map((bucket) => presentV2Bucket(influx, bucket, orgNames));
}

/** Every bucket of the server, Guildhall's own first, then by name. */
export async function listBuckets(influx: InfluxClient, engine: DetectedEngine): Promise<ResolvedBucket[]> {
  const buckets = engine.isV2 ? await listV2(influx) : await listV1(influx);
  return buckets.sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name));
}

/**
 * The bucket of that name, looked up in the catalogue (a name from the browser is never trusted as a path).
 * On 1.x a bare database name means its default policy. Unknown → 404 'Bucket not found: …'.
 */
export async function resolveBucket(influx: InfluxClient, engine: DetectedEngine, name: string): Promise<ResolvedBucket> {
  const buckets = await listBuckets(influx, engine);
  const found =
    buckets.find((bucket) => bucket.name === name) ??
    buckets.find((bucket) => bucket.database === name && bucket.isDatabaseDefault);
  if (!found) throw AppError.notFound(INFLUX_MESSAGES.bucketNotFound(name));
  return found;
}

/** The 1.x target of a bucket: its database and retention policy (2.x's v1 API maps the bucket name itself). */
export function influxqlTarget(bucket: ResolvedBucket) {
  return bucket.database
    ? { database: bucket.database, retentionPolicy: bucket.retentionPolicyName }
    : { database: bucket.name, retentionPolicy: null };
}
