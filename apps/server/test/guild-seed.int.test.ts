import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUILD_DATA_SEEDED_KEY } from '../src/seed/seed-guild-data';
import { sql } from './helpers/factories';
import { createTestEnvironment, startTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

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
