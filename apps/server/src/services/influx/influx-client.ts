import type { Config } from '../../config';
import { fetchService } from '../fetch-service';

/** What /ping (or /health on 2.x) says about the server. */
export interface InfluxPing {
  version: string | null;
  /** 2.x and later serve Flux and native buckets; 1.x speaks InfluxQL with database/retention-policy pairs. */
  majorVersion: number | null;
}

/** One series of an InfluxQL answer: a measurement's columns and rows (time first). */
export interface InfluxSeries {
  name: string;
  columns: string[];
  /** InfluxDB leaves it out when the series has no rows (SHOW USERS on a server without users): read it with ?? []. */
  values: unknown[][];
}

/** An InfluxQL statement the server refused (bad syntax, say); an unreachable server throws other errors. */
export class InfluxQueryError extends Error {
  override name = 'InfluxQueryError';
}

/** The InfluxDB connection settings and the calls every version answers. */
export interface InfluxClient {
  readonly url: string;
  /** The 1.x database, or on 2.x the bucket its v1-compatible API maps to. */
  readonly database: string;
  /** The 2.x bucket Guildhall writes to (INFLUX_BUCKET). */
  readonly bucket: string;
  /** The 2.x organization (INFLUX_ORG), null on 1.x. */
  readonly org: string | null;
  /** Whether 2.x settings (token and org) are given. */
  readonly hasV2Settings: boolean;
  /**
   * One HTTP call with the credentials in place (the token header, or 1.x's u and p parameters); the caller reads
   * the answer, which may be streamed. Unreachable servers throw ServiceUnreachableError.
   */
  request(path: string, init: InfluxRequest): Promise<Response>;
  /** Pings the server; throws with a readable message when it does not answer well. */
  ping(timeoutMs: number): Promise<InfluxPing>;
  /**
   * Runs one InfluxQL read over /query, which 1.x serves natively and 2.x through its v1-compatible API.
   * A database that does not exist yet reads as empty: nothing was ever written to it.
   */
  queryInfluxQL(query: string, timeoutMs: number): Promise<InfluxSeries[]>;
  /**
   * Writes points in line protocol with millisecond timestamps: /api/v2/write on 2.x (token and org set),
   * /write on 1.x, creating the 1.x database on first use.
   */
  writeLines(lines: readonly string[], timeoutMs: number): Promise<void>;
}

/** One call through InfluxClient.request. */
export interface InfluxRequest {
  method?: 'GET' | 'POST' | 'PATCH';
  params?: Record<string, string>;
  body?: string;
  headers?: Record<string, string>;
  timeoutMs: number;
  signal?: AbortSignal;
}

interface InfluxQueryAnswer {
  results?: { series?: InfluxSeries[]; error?: string }[];
  /** 1.x says error; 2.x's compatibility API says message. */
  error?: string;
  message?: string;
}

function majorOf(version: string | null): number | null {
  const match = version ? /^v?(\d+)\./.exec(version) : null;
  return match ? Number(match[1]) : null;
}

/** An InfluxDB client for INFLUX_URL, or null when it is unset. */
export function createInfluxClient(settings: Config['influx']): InfluxClient | null {
  if (!settings.url) return null;
  const base = settings.url.replace(/\/+$/, '');
  const headers: Record<string, string> = settings.token ? { Authorization: `Token ${settings.token}` } : {};
  const database = settings.database ?? settings.bucket;
  const isV2 = Boolean(settings.token && settings.org);
  return {
    url: base,
    database,
    bucket: settings.bucket,
    org: settings.org,
    hasV2Settings: isV2,
    request(path, init) {
      const params = new URLSearchParams(init.params);
      if (!settings.token && settings.username) params.set('u', settings.username);
      if (!settings.token && settings.password) params.set('p', settings.password);
      const query = params.size > 0 ? `?${params}` : '';
      return fetchService('InfluxDB', `${base}${path}${query}`, {
        method: init.method ?? 'GET',
        headers: { ...headers, ...init.headers },
        body: init.body,
        timeoutMs: init.timeoutMs,
        signal: init.signal,
      });
    },
    async queryInfluxQL(query, timeoutMs) {
      const params = new URLSearchParams({ db: database, q: query, epoch: 'ms' });
      if (settings.username) params.set('u', settings.username);
      if (settings.password) params.set('p', settings.password);
      const response = await fetchService('InfluxDB', `${base}/query?${params}`, { headers, timeoutMs });
      const body = (await response.json().catch(() => ({}))) as InfluxQueryAnswer;
      const error = body.error ?? body.message ?? body.results?.find((result) => result.error)?.error;
      if (error && /database not found/i.test(error)) return [];
      if (error || !response.ok) throw new InfluxQueryError(error ?? `InfluxDB answered ${response.status} to /query`);
      return body.results?.flatMap((result) => result.series ?? []) ?? [];
    },
    async writeLines(lines, timeoutMs) {
      const body = lines.join('\n');
      const params = isV2
        ? new URLSearchParams({ org: settings.org ?? '', bucket: settings.bucket, precision: 'ms' })
        : new URLSearchParams({ db: database, precision: 'ms' });
      if (!isV2 && settings.username) params.set('u', settings.username);
      if (!isV2 && settings.password) params.set('p', settings.password);
      const write = () =>
        fetchService('InfluxDB', `${base}/${isV2 ? 'api/v2/write' : 'write'}?${params}`, {
          method: 'POST',
          headers,
          body,
          timeoutMs,
        });
      let response = await write();
      if (!isV2 && response.status === 404) {
        const create = new URLSearchParams(params);
        create.set('q', `CREATE DATABASE "${database.replace(/"/g, '')}"`);
        await fetchService('InfluxDB', `${base}/query`, { method: 'POST', headers, body: create, timeoutMs });
        response = await write();
      }
      if (!response.ok) throw new InfluxQueryError(`InfluxDB answered ${response.status} to a write: ${await response.text()}`);
    },
    async ping(timeoutMs) {
      const response = await fetchService('InfluxDB', `${base}/ping`, { headers, timeoutMs });
      if (response.status === 204 || response.ok) {
        const version = response.headers.get('x-influxdb-version');
        return { version, majorVersion: majorOf(version) };
      }
      // Some 2.x deployments answer /ping only behind auth; /health is open and carries the version.
      const health = await fetchService('InfluxDB', `${base}/health`, { timeoutMs });
      if (!health.ok) throw new Error(`InfluxDB answered ${response.status} to /ping and ${health.status} to /health`);
      const body = (await health.json()) as { version?: string; status?: string };
      if (body.status && body.status !== 'pass') throw new Error(`InfluxDB health is ${body.status}`);
      const version = body.version ?? null;
      return { version, majorVersion: majorOf(version) };
    },
  };
}
