import type { Config } from '../../config';

/** What /ping (or /health on 2.x) says about the server. */
export interface InfluxPing {
  version: string | null;
  /** 2.x and later serve Flux and native buckets; 1.x speaks InfluxQL with database/retention-policy pairs. */
  majorVersion: number | null;
}

/** The InfluxDB connection settings and the calls every version answers. */
export interface InfluxClient {
  readonly url: string;
  /** Pings the server; throws with a readable message when it does not answer well. */
  ping(timeoutMs: number): Promise<InfluxPing>;
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
  return {
    url: base,
    async ping(timeoutMs) {
      const response = await fetch(`${base}/ping`, { headers, signal: AbortSignal.timeout(timeoutMs) });
      if (response.status === 204 || response.ok) {
        const version = response.headers.get('x-influxdb-version');
        return { version, majorVersion: majorOf(version) };
      }
      // Some 2.x deployments answer /ping only behind auth; /health is open and carries the version.
      const health = await fetch(`${base}/health`, { signal: AbortSignal.timeout(timeoutMs) });
      if (!health.ok) throw new Error(`InfluxDB answered ${response.status} to /ping and ${health.status} to /health`);
      const body = (await health.json()) as { version?: string; status?: string };
      if (body.status && body.status !== 'pass') throw new Error(`InfluxDB health is ${body.status}`);
      const version = body.version ?? null;
      return { version, majorVersion: majorOf(version) };
    },
  };
}
