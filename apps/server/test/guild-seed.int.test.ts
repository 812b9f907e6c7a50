import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMBAT_EVENTS_SEEDED_KEY } from '../src/seed/seed-combat-events';
import { GUILD_DATA_SEEDED_KEY } from '../src/seed/seed-guild-data';
import { sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { createTestEnvironment, OWNER, startTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let environment: TestEnvironment;

beforeAll(async () => {
  environment = await createTestEnvironment({ SEED_DEMO_DATA: 'true' });
});

afterAll(async () => {
  await environment?.dispose();
});

const countsOf = async (server: TestApp) =>
  (
    await sql<Record<string, number>>(
      server.app,
      `SELECT (SELECT count(*) FROM characters)::int AS characters, (SELECT count(*) FROM raid_events)::int AS raids,
              (SELECT count(*) FROM raid_attendance)::int AS attendance, (SELECT count(*) FROM loot_entries)::int AS loot,
              (SELECT count(*) FROM character_links)::int AS links`,
    )
  )[0]!;

/** Starts the app on the file's database, reads the counts, stops it. */
async function startAndCount() {
  const server = await startTestApp(environment.env);
  try {
    return await countsOf(server);
  } finally {
    await server.close();
  }
}

describe('the demo guild data seed', () => {
  it('fills every kind on a fresh start, and a second start adds nothing', async () => {
    const first = await startAndCount();
    for (const count of Object.values(first)) expect(count).toBeGreaterThan(0);
    expect(await startAndCount()).toEqual(first);
  });

  it('fills a database seeded before the game tables existed, once', async () => {
    const server = await startTestApp(environment.env);
    for (const table of ['characters', 'raid_events', 'loot_entries']) await sql(server.app, `DELETE FROM ${table}`);
    await sql(server.app, 'DELETE FROM app_meta WHERE key = $1', [GUILD_DATA_SEEDED_KEY]);
    await server.close();
    const refilled = await startAndCount();
    expect(refilled.characters).toBeGreaterThan(0);
    expect(refilled.links).toBeGreaterThan(0);
    expect(await startAndCount()).toEqual(refilled);
  });
});

describe('the demo combat events', () => {
  /** How many combat events InfluxDB holds for the file's database, once the background write landed. */
  async function combatEventCount(server: TestApp, atLeast: number): Promise<number> {
    const influx = server.app.services.influx!;
    for (let attempt = 0; attempt < 50; attempt++) {
      const series = await influx.queryInfluxQL('SELECT count(amount) FROM combat_events', 5000);
      const count = Number(series[0]?.values[0]?.[1] ?? 0);
      const isRecorded = (await sql(server.app, 'SELECT 1 FROM app_meta WHERE key = $1', [COMBAT_EVENTS_SEEDED_KEY])).length > 0;
      if (count >= atLeast && isRecorded) return count;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the demo combat events never arrived');
  }

  it('are written to InfluxDB once, so the Combat Logs tab shows a raid night on a fresh start', async () => {
    const server = await startTestApp(environment.env);
    const first = await combatEventCount(server, 1);
    const [guild] = await sql<{ id: string }>(server.app, 'SELECT guild_id AS id FROM characters LIMIT 1');
    const owner = new HttpClient(server.url);
    await owner.signIn(OWNER.username, OWNER.password);
    const { body } = await owner.get<{ configured: boolean; events: { event_type: string }[] }>(
      `/api/admin/guilds/${guild!.id}/combat-logs`,
    );
    expect(body.configured).toBe(true);
    expect(body.events.length).toBeGreaterThan(0);
    await server.close();

    const again = await startTestApp(environment.env);
    expect(await combatEventCount(again, first)).toBe(first);
    await again.close();
  });
});
