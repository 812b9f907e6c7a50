import { BOT_GAME_DATA_MESSAGES, BOT_INGEST_MESSAGES, type IngestResult } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import { HttpClient } from './helpers/http-client';
import { type IsolatedApp, startIsolatedApp, startTestApp, stopTestApp, type TestApp } from './helpers/test-app';
import { uniqueSuffix } from './helpers/test-database';

const TOKEN = `bot-token-${uniqueSuffix()}-long-enough`;
const DISCORD_GUILD = '123456789012345678';
const UNKNOWN_GUILD = '987654321098765432';
const CHANNEL = '223456789012345678';
const USER = '323456789012345678';

let ctx: IsolatedApp;
let bot: HttpClient;
let guildId: string;
const extraApps: TestApp[] = [];

beforeAll(async () => {
  ctx = await startIsolatedApp({ BOT_API_TOKEN: TOKEN, BOT_RATE_LIMIT: '1000' });
  bot = new HttpClient(ctx.server.url);
  guildId = await insertGuild(ctx.server.app, { guild_name: 'Ingest Covenant' });
  await sql(ctx.server.app, 'UPDATE guilds SET discord_guild_id = $2 WHERE id = $1', [guildId, DISCORD_GUILD]);
});

afterAll(async () => {
  for (const app of extraApps) await app.close();
  await stopTestApp(ctx?.server, ctx?.environment);
});

/** A call as the bot makes it: a bearer token, no cookie, no X-Requested-With. */
function send<Body = IngestResult>(client: HttpClient, path: string, body: unknown, token: string | null = TOKEN) {
  return client.post<Body>(path, body, { isXhr: false, headers: token === null ? {} : { authorization: `Bearer ${token}` } });
}

const turn = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  discordGuildId: DISCORD_GUILD,
  channelId: CHANNEL,
  discordUserId: USER,
  username: 'Thrall',
  triggerMessage: '@Guildbot when is raid?',
  conversation: [{ username: 'Jaina', content: 'raid tonight?' }],
  shouldRespond: true,
  intentConfidence: 0.92,
  outcome: 'responded',
  provider: 'openai',
  model: 'gpt-4o-mini',
  temperature: 0.7,
  promptTokens: 120,
  completionTokens: 40,
  latencyMs: 850,
  toolCalls: [{ name: 'raid_schedule', arguments: { day: 'tuesday' }, result: '20:00', durationMs: 30 }],
  reply: 'Tuesday at 20:00',
  timestamp: '2026-02-01T19:00:00Z',
  ...overrides,
});

const memorySample = (id: string, overrides: Record<string, unknown> = {}) => ({
  type: 'memory',
  id,
  messageContent: 'I am switching to my holy priest next tier',
  extractedGems: [{ fact: 'Thrall plays a holy priest next tier', concepts: ['class', 'roster'] }],
  conversationHistory: [{ username: 'Thrall', content: 'hi' }],
  llmProvider: 'anthropic',
  llmModel: 'claude-3-5-haiku',
  extractionLatencyMs: 410,
  qualityScore: 0.8,
  timestamp: '2026-02-01T19:00:05Z',
  ...overrides,
});

const intentSample = (id: string, overrides: Record<string, unknown> = {}) => ({
  type: 'intent',
  id,
  currentMessage: '@Guildbot when is raid?',
  shouldRespond: true,
  confidence: 0.92,
  providerUsed: 'openai',
  modelUsed: 'gpt-4o-mini',
  actualResponseSent: true,
  timestamp: '2026-02-01T19:00:01Z',
  ...overrides,
});

describe('the bot ingestion API: access', () => {
  it('refuses a call without the bot token, or with another, with 401', async () => {
    const none = await send(bot, '/api/bot/ai-turns', { turns: [turn('t-noauth')] }, null);
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED', error: BOT_INGEST_MESSAGES.invalidToken });
    const wrong = await send(bot, '/api/bot/training-samples', { samples: [memorySample('m-noauth')] }, `${TOKEN}x`);
    expect(wrong.status).toBe(401);
    const prefix = await send(bot, '/api/bot/ai-turns', { turns: [turn('t-noauth')] }, TOKEN.slice(0, -1));
    expect(prefix.status).toBe(401);
    expect(await sql(ctx.server.app, "SELECT 1 FROM ai_turns WHERE client_id = 't-noauth'")).toEqual([]);
    // The game data calls write into a guild's loot and characters: the same token, or nothing.
    for (const [path, body] of [
      ['/api/bot/loot', { loot: [{ id: 'l-noauth' }] }],
      ['/api/bot/characters', { characters: [{ id: 'c-noauth' }] }],
    ] as const) {
      expect((await send(bot, path, body, null)).status).toBe(401);
      expect((await send(bot, path, body, `${TOKEN}x`)).status).toBe(401);
    }
  });

  it('answers 503 with what to set while BOT_API_TOKEN is unset', async () => {
    const { BOT_API_TOKEN: _, ...env } = ctx.environment.env;
    const off = await startTestApp(env);
    extraApps.push(off);
    const answer = await send(new HttpClient(off.url), '/api/bot/ai-turns', { turns: [turn('t-off')] });
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', error: BOT_INGEST_MESSAGES.notConfigured });
  });

  it('limits each token to BOT_RATE_LIMIT calls a minute with 429 and Retry-After', async () => {
    const token = `other-token-${uniqueSuffix()}-long-enough-too`;
    const limited = await startTestApp({ ...ctx.environment.env, BOT_API_TOKEN: token, BOT_RATE_LIMIT: '2' });
    extraApps.push(limited);
    const client = new HttpClient(limited.url);
    const call = (id: string) => send(client, '/api/bot/ai-turns', { turns: [turn(id)] }, token);
    expect((await call('t-rate-1')).status).toBe(200);
    expect((await call('t-rate-2')).status).toBe(200);
    const third = await call('t-rate-3');
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(third.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await sql(ctx.server.app, "SELECT 1 FROM ai_turns WHERE client_id = 't-rate-3'")).toEqual([]);
    // The main app's token has a count of its own.
    expect((await send(bot, '/api/bot/ai-turns', { turns: [turn('t-rate-main')] })).status).toBe(200);
  });
});

describe('the bot ingestion API: agent turns', () => {
  const batch = [
    turn('t-1'),
    turn('t-2', { discordGuildId: UNKNOWN_GUILD, outcome: 'error', reply: undefined, error: '429 from provider' }),
    { id: 'bad-1', discordGuildId: '12', channelId: CHANNEL, discordUserId: USER, latencyMs: -5 },
    'not an object',
  ];

  it('stores the valid turns, resolves the guild and reports each invalid item by index', async () => {
    const answer = await send(bot, '/api/bot/ai-turns', { turns: batch });
    expect(answer.status).toBe(200);
    expect(answer.body.accepted).toBe(2);
    expect(answer.body.duplicates).toBe(0);
    expect(answer.body.rejected.map((item) => [item.index, item.id])).toEqual([
      [2, 'bad-1'],
      [3, null],
    ]);
    const bad = answer.body.rejected[0]!.errors;
    expect(bad.discordGuildId).toBe('Use a Discord id of 17 to 20 digits');
    expect(Object.keys(bad)).toEqual(expect.arrayContaining(['triggerMessage', 'latencyMs', 'outcome', 'timestamp']));
    expect(answer.body.rejected[1]!.errors._).toEqual(expect.any(String));

    const rows = await sql<Record<string, unknown>>(
      ctx.server.app,
      `SELECT client_id, guild_id, discord_guild_id, outcome, tool_calls, conversation, latency_ms, reply, error, created_at
         FROM ai_turns WHERE client_id IN ('t-1', 't-2') ORDER BY client_id`,
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ client_id: 't-1', guild_id: guildId, outcome: 'responded', latency_ms: 850 });
    expect(rows[0]!.tool_calls).toEqual([
      { name: 'raid_schedule', arguments: { day: 'tuesday' }, result: '20:00', error: null, startedAt: null, durationMs: 30 },
    ]);
    expect(rows[0]!.conversation).toEqual([{ username: 'Jaina', content: 'raid tonight?' }]);
    expect((rows[0]!.created_at as Date).toISOString()).toBe('2026-02-01T19:00:00.000Z');
    expect(rows[1]).toMatchObject({ guild_id: null, discord_guild_id: UNKNOWN_GUILD, reply: null, error: '429 from provider' });
  });

  it('is idempotent: the same batch again stores nothing and counts duplicates', async () => {
    const again = await send(bot, '/api/bot/ai-turns', { turns: batch });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ accepted: 0, duplicates: 2 });
    expect(again.body.rejected).toHaveLength(2);
    const twice = await send(bot, '/api/bot/ai-turns', { turns: [turn('t-3'), turn('t-3', { reply: 'other' })] });
    expect(twice.body).toMatchObject({ accepted: 1, duplicates: 1, rejected: [] });
    const [count] = await sql<{ n: number }>(
      ctx.server.app,
      "SELECT count(*)::int AS n FROM ai_turns WHERE client_id IN ('t-1', 't-2', 't-3')",
    );
    expect(count!.n).toBe(3);
  });

  it('takes 500 items in one call and refuses more, or none, with 400', async () => {
    const full = Array.from({ length: 500 }, (_, i) => turn(`t-bulk-${i}`));
    const answer = await send(bot, '/api/bot/ai-turns', { turns: full });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ accepted: 500, duplicates: 0, rejected: [] });
    const tooMany = await send(bot, '/api/bot/ai-turns', { turns: [...full, turn('t-bulk-500')] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect((await send(bot, '/api/bot/ai-turns', { turns: [] })).status).toBe(400);
    expect((await send(bot, '/api/bot/ai-turns', { samples: [turn('x')] })).status).toBe(400);
  });
});

describe('the bot ingestion API: training samples', () => {
  const batch = [
    memorySample('m-1', { turnId: 't-1' }),
    intentSample('i-1', { turnId: 't-1', wasCorrect: true }),
    intentSample('i-2', { discordGuildId: DISCORD_GUILD, shouldRespond: false, confidence: 0.2 }),
    memorySample('m-2', { turnId: 'no-such-turn', qualityScore: 1.5 }),
    { type: 'opinion', id: 'o-1' },
  ];

  it('stores memory and intent samples, linked to their turn and guild, and reports invalid ones', async () => {
    const answer = await send(bot, '/api/bot/training-samples', { samples: batch });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ accepted: 3, duplicates: 0 });
    expect(answer.body.rejected.map((item) => [item.index, item.id, Object.keys(item.errors)])).toEqual([
      [3, 'm-2', ['qualityScore']],
      [4, 'o-1', ['type']],
    ]);
    const [t1] = await sql<{ id: string }>(ctx.server.app, "SELECT id FROM ai_turns WHERE client_id = 't-1'");
    const [memory] = await sql<Record<string, unknown>>(
      ctx.server.app,
      "SELECT turn_id, guild_id, gem_count, quality_score, human_verified FROM memory_samples WHERE client_id = 'm-1'",
    );
    expect(memory).toEqual({ turn_id: t1!.id, guild_id: guildId, gem_count: 1, quality_score: 0.8, human_verified: false });
    const intents = await sql<Record<string, unknown>>(
      ctx.server.app,
      "SELECT client_id, turn_id, guild_id, should_respond, was_correct FROM intent_samples WHERE client_id IN ('i-1', 'i-2') ORDER BY client_id",
    );
    expect(intents).toEqual([
      { client_id: 'i-1', turn_id: t1!.id, guild_id: guildId, should_respond: true, was_correct: true },
      { client_id: 'i-2', turn_id: null, guild_id: guildId, should_respond: false, was_correct: null },
    ]);
  });

  it('counts a resent batch as duplicates and stores nothing twice', async () => {
    const again = await send(bot, '/api/bot/training-samples', { samples: batch });
    expect(again.body).toMatchObject({ accepted: 0, duplicates: 3 });
    const [counts] = await sql<{ memory: number; intent: number }>(
      ctx.server.app,
      'SELECT (SELECT count(*)::int FROM memory_samples) AS memory, (SELECT count(*)::int FROM intent_samples) AS intent',
    );
    expect(counts).toEqual({ memory: 1, intent: 2 });
  });
});

describe('the bot ingestion API: loot and characters', () => {
  const award = (id: string, overrides: Record<string, unknown> = {}) => ({
    id,
    discordGuildId: DISCORD_GUILD,
    player: 'Thrall-Ravencrest',
    class: 'SHAMAN',
    itemId: 242395,
    itemName: 'Astral Antenna',
    itemString: 'item:242395::::::::80:264::6:4:12676:10356:1498:10255:1:28:2462',
    awardedAt: '2026-11-20T21:14:03Z',
    response: 'Mainspec/Need',
    votes: 3,
    instance: 'Manaforge Omega-Mythic',
    difficulty: 'Mythic',
    boss: 'Plexus Sentinel',
    note: 'bis trinket',
    owner: 'Thrall-Ravencrest',
    ...overrides,
  });
  const lootOf = () =>
    sql<{ character_name: string; item_name: string; response: string; source: string }>(
      ctx.server.app,
      `SELECT character_name, item_name, response, source FROM loot_entries WHERE guild_id = $1 ORDER BY character_name`,
      [guildId],
    );

  it('stores RCLootCouncil awards as an export of them would: one award per player, time and item string', async () => {
    const batch = [
      award('loot-1'),
      award('loot-2', {
        player: 'Jaina-Ravencrest',
        class: 'Mage',
        itemId: 242392,
        itemName: 'Diamantine Voidcore',
        itemString: 'item:242392::::::::80',
      }),
      award('loot-3'),
      award('loot-4', { class: 'Necromancer' }),
      award('loot-5', { discordGuildId: UNKNOWN_GUILD }),
      award('loot-6', { itemString: '' }),
    ];
    const stored = await send(bot, '/api/bot/loot', { loot: batch });
    expect(stored.status, stored.text).toBe(200);
    expect(stored.body).toMatchObject({ accepted: 2, duplicates: 1 });
    expect(stored.body.rejected).toEqual([
      { index: 3, id: 'loot-4', errors: { class: BOT_GAME_DATA_MESSAGES.unknownClass } },
      { index: 4, id: 'loot-5', errors: { discordGuildId: BOT_GAME_DATA_MESSAGES.noGuild } },
      { index: 5, id: 'loot-6', errors: { itemString: expect.any(String) } },
    ]);
    expect(await lootOf()).toEqual([
      { character_name: 'Jaina', item_name: 'Diamantine Voidcore', response: 'Mainspec/Need', source: 'rclootcouncil' },
      { character_name: 'Thrall', item_name: 'Astral Antenna', response: 'Mainspec/Need', source: 'rclootcouncil' },
    ]);
    const characters = await sql<{ name: string; class: string; source_type: string; occurrence_count: number }>(
      ctx.server.app,
      `SELECT c.name, c.class, s.source_type, s.occurrence_count FROM characters c
         JOIN character_sources s ON s.character_id = c.id WHERE c.guild_id = $1 ORDER BY c.name`,
      [guildId],
    );
    expect(characters).toEqual([
      { name: 'Jaina', class: 'Mage', source_type: 'loot_import', occurrence_count: 1 },
      { name: 'Thrall', class: 'Shaman', source_type: 'loot_import', occurrence_count: 1 },
    ]);

    const again = await send(bot, '/api/bot/loot', { loot: batch.slice(0, 3) });
    expect(again.body).toMatchObject({ accepted: 0, duplicates: 3, rejected: [] });
    expect(await lootOf()).toHaveLength(2);
    const runs = await sql<{ source_type: string; subject: string; counts: { loot: number; new: number } }>(
      ctx.server.app,
      'SELECT source_type, subject, counts FROM data_source_runs WHERE guild_id = $1',
      [guildId],
    );
    expect(runs).toEqual([
      {
        source_type: 'loot_import',
        subject: BOT_GAME_DATA_MESSAGES.subject,
        counts: expect.objectContaining({ loot: 2, new: 2 }),
      },
    ]);
  });

  it('merges the characters the bot saw into the guild’s: the known one gains what is new, once', async () => {
    const character = (id: string, overrides: Record<string, unknown> = {}) => ({
      id,
      discordGuildId: DISCORD_GUILD,
      name: 'Thrall',
      realm: 'Ravencrest',
      class: 'Shaman',
      spec: 'Restoration',
      role: 'healer',
      level: 80,
      itemLevel: 650.5,
      seenAt: '2026-11-21T20:00:00Z',
      ...overrides,
    });
    const batch = [
      character('char-1'),
      character('char-2', { name: 'Garrosh', class: 'Warrior', spec: 'Arms', role: 'dps', sourceType: 'combat_log' }),
      character('char-3', { sourceType: 'battlenet' }),
    ];
    const stored = await send(bot, '/api/bot/characters', { characters: batch });
    expect(stored.status, stored.text).toBe(200);
    expect(stored.body).toMatchObject({ accepted: 2, duplicates: 0 });
    expect(stored.body.rejected.map((item) => [item.index, Object.keys(item.errors)])).toEqual([[2, ['sourceType']]]);
    const rows = await sql<{ name: string; spec: string; item_level: string; sources: string[] }>(
      ctx.server.app,
      `SELECT c.name, c.spec, c.item_level::text, array_agg(s.source_type ORDER BY s.source_type) AS sources
         FROM characters c JOIN character_sources s ON s.character_id = c.id
        WHERE c.guild_id = $1 AND c.name IN ('Thrall', 'Garrosh') GROUP BY c.id ORDER BY c.name`,
      [guildId],
    );
    expect(rows).toEqual([
      { name: 'Garrosh', spec: 'Arms', item_level: '650.50', sources: ['combat_log'] },
      { name: 'Thrall', spec: 'Restoration', item_level: '650.50', sources: ['loot_import', 'manual'] },
    ]);
    const again = await send(bot, '/api/bot/characters', { characters: batch.slice(0, 2) });
    expect(again.body).toMatchObject({ accepted: 0, duplicates: 2, rejected: [] });
  });
});
