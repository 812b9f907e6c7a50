import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AiTurnDetail, AiTurnStats } from '@guildhall/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { TRAINING_DATA_SEEDED_KEY } from '../src/seed/seed-training-data';
import { sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { createTestEnvironment, OWNER, startTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const counts = async (server: TestApp) =>
  (
    await sql<{
      turns: number;
      intents: number;
      memories: number;
      linked: number;
      flags: number;
      verified: number;
      known: number;
    }>(
      server.app,
      `SELECT (SELECT count(*) FROM ai_turns)::int AS turns, (SELECT count(*) FROM intent_samples)::int AS intents,
              (SELECT count(*) FROM memory_samples)::int AS memories,
              (SELECT count(*) FROM intent_samples s JOIN ai_turns t ON t.id = s.turn_id)::int AS linked,
              (SELECT count(*) FROM app_meta WHERE key = $1)::int AS flags,
              (SELECT count(*) FROM intent_samples WHERE human_verified)::int AS verified,
              (SELECT count(*) FROM intent_samples WHERE was_correct IS NOT NULL)::int AS known`,
      [TRAINING_DATA_SEEDED_KEY],
    )
  )[0]!;

/** What a fresh start must show: turns on the demo guilds, linked samples, and data for every Agent Logs chart. */
async function expectSeeded(server: TestApp) {
  const seen = await counts(server);
  expect(seen.turns).toBe(3000);
  expect(seen.flags).toBe(1);
  expect(seen.linked).toBe(seen.intents);
  expect(seen.memories).toBeGreaterThan(300);
  expect(seen.verified).toBeGreaterThan(0);
  expect(seen.known).toBeGreaterThan(0);
  const [orphans] = await sql<{ n: number }>(
    server.app,
    'SELECT count(*)::int AS n FROM ai_turns t LEFT JOIN guilds g ON g.id = t.guild_id WHERE g.discord_guild_id IS DISTINCT FROM t.discord_guild_id',
  );
  expect(orphans!.n).toBe(0);

  const owner = new HttpClient(server.url);
  await owner.signIn(OWNER.username, OWNER.password);
  const stats = (await owner.get<{ data: AiTurnStats }>('/api/admin/ai-turns/stats')).body.data;
  expect(stats.perDay.length).toBeGreaterThanOrEqual(85);
  expect(stats.byProvider.map((row) => row.provider)).toEqual(['anthropic', 'ollama', 'openai']);
  for (const row of stats.byProvider) {
    expect(row.latencyP95).toBeGreaterThan(row.latencyP50);
    expect(row.errorRate).toBeGreaterThan(0);
  }
  expect(stats.perDay.some((day) => day.errors > 0)).toBe(true);
  const list = await owner.get<{ turns: { id: string; toolCallCount: number }[] }>(
    '/api/admin/ai-turns?outcome=responded&limit=50',
  );
  const withTools = list.body.turns.find((turn) => turn.toolCallCount > 0)!;
  const [linked] = await sql<{ id: string }>(
    server.app,
    'SELECT turn_id::text AS id FROM memory_samples ORDER BY created_at DESC LIMIT 1',
  );
  for (const id of [withTools.id, linked!.id]) {
    const detail = await owner.get<{ data: AiTurnDetail }>(`/api/admin/ai-turns/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.guildName).not.toBeNull();
  }
  const memoryTurn = (await owner.get<{ data: AiTurnDetail }>(`/api/admin/ai-turns/${linked!.id}`)).body.data;
  expect(memoryTurn.samples.map((sample) => sample.type)).toContain('memory');
}

describe('the demo agent turns and training samples', () => {
  it('are seeded on a fresh PostgreSQL start, once', async () => {
    const environment: TestEnvironment = await createTestEnvironment({ SEED_DEMO_DATA: 'true' });
    cleanups.push(() => environment.dispose());
    const server = await startTestApp(environment.env);
    try {
      await expectSeeded(server);
    } finally {
      await server.close();
    }
    const again = await startTestApp(environment.env);
    try {
      expect((await counts(again)).turns).toBe(3000);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('are seeded on embedded PGlite too', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'guildhall-ai-turns-pglite-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const environment = await createTestEnvironment({ GUILDHALL_DATA_DIR: dataDir, SEED_DEMO_DATA: 'true' });
    cleanups.push(() => environment.dispose());
    const server = await startTestApp(environment.env);
    try {
      await expectSeeded(server);
    } finally {
      await server.close();
    }
  }, 180_000);
});
