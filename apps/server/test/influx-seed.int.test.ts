import type { InfluxMeasurement } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_METRICS_SEEDED_KEY } from '../src/seed/seed-combat-events';
import { sql } from './helpers/factories';
import type { HttpClient } from './helpers/http-client';
import { startSignedInApp, stopTestApp, TEST_INFLUX_URL, type TestApp, type TestEnvironment } from './helpers/test-app';

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;

beforeAll(async () => {
  ({ environment, server, owner } = await startSignedInApp({ SEED_DEMO_DATA: 'true' }));
}, 60_000);

afterAll(async () => {
  const database = environment?.env.INFLUX_DATABASE;
  if (database)
    await fetch(`${TEST_INFLUX_URL}/query?q=${encodeURIComponent(`DROP DATABASE "${database}"`)}`, { method: 'POST' });
  await stopTestApp(server, environment);
});

describe('the time-series demo data', () => {
  it('gives a fresh start every measurement the time-series screens show', async () => {
    const bucket = `${environment.env.INFLUX_DATABASE}/autogen`;
    let measurements: InfluxMeasurement[] = [];
    for (let attempt = 0; attempt < 100; attempt++) {
      const recorded = await sql(server.app, 'SELECT 1 FROM app_meta WHERE key = $1', [BOT_METRICS_SEEDED_KEY]);
      if (recorded.length > 0) {
        const answer = await owner.get<{ measurements: InfluxMeasurement[] }>(
          `/api/admin/database/influxdb/measurements?bucket=${encodeURIComponent(bucket)}&timeRange=-7d`,
        );
        measurements = answer.body.measurements ?? [];
        if (measurements.length >= 3) break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const counts = Object.fromEntries(measurements.map((m) => [m.name, m.count]));
    expect(Object.keys(counts).sort()).toEqual(['bot_commands', 'bot_health', 'combat_events']);
    expect(counts.bot_health).toBeGreaterThan(2000);
    expect(counts.bot_commands).toBeGreaterThan(400);
    expect(counts.combat_events).toBeGreaterThan(0);
  });
});
