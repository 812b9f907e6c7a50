import { mainServerEnv } from './community';

/** The InfluxDB 1.x of the main e2e server: its URL and the database Guildhall writes to in this run. */
export function influxTarget(): { url: string; database: string } {
  const env = mainServerEnv();
  return { url: env.INFLUX_URL!, database: env.INFLUX_DATABASE! };
}

/**
 * When this e2e run began, read from its database's name (global-setup.ts names it after Date.now() in base 36).
 * Points stamped relative to it are the same points in every worker, so a worker that starts again after a failed
 * test overwrites them instead of adding more.
 */
export function influxRunStart(): number {
  const stamp = /_([0-9a-z]+)$/.exec(influxTarget().database)?.[1];
  const start = stamp ? Number.parseInt(stamp, 36) : Number.NaN;
  if (!Number.isFinite(start)) throw new Error(`no run time in the database name ${influxTarget().database}`);
  return start;
}

async function influxQuery(q: string): Promise<void> {
  const { url } = influxTarget();
  const response = await fetch(`${url}/query`, { method: 'POST', body: new URLSearchParams({ q }) });
  if (!response.ok) throw new Error(`InfluxDB refused ${q}: ${response.status} ${await response.text()}`);
}

/** Creates the run's database (a no-op when the server made it already) and, if asked, a retention policy in it. */
export async function prepareInfluxDatabase(retentionPolicy?: { name: string; duration: string }): Promise<void> {
  const { database } = influxTarget();
  await influxQuery(`CREATE DATABASE "${database}"`);
  if (retentionPolicy) {
    await influxQuery(
      `CREATE RETENTION POLICY "${retentionPolicy.name}" ON "${database}" DURATION ${retentionPolicy.duration} REPLICATION 1`,
    );
  }
}

/** Writes points in line protocol, times in milliseconds, as the bot does through InfluxDB's own /write. */
export async function writePoints(lines: readonly string[]): Promise<void> {
  const { url, database } = influxTarget();
  const response = await fetch(`${url}/write?db=${encodeURIComponent(database)}&precision=ms`, {
    method: 'POST',
    body: lines.join('\n'),
  });
  if (response.status !== 204) throw new Error(`InfluxDB refused the points: ${response.status} ${await response.text()}`);
}
