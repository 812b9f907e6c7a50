import { AI_TURN_MESSAGES, type AiTurnDetail, type AiTurnStats, type AiTurnSummary } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import { HttpClient } from './helpers/http-client';
import { type IsolatedApp, startSignedInApp, stopTestApp } from './helpers/test-app';

let ctx: IsolatedApp & { owner: HttpClient };
let covenant: string;
const ids: Record<string, string> = {};

interface Fixture {
  key: string;
  guild: 'covenant' | 'wardens';
  outcome: 'responded' | 'ignored' | 'error';
  provider: string;
  model: string;
  latency: number;
  prompt: number;
  completion: number;
  at: string;
  trigger: string;
  reply?: string;
  error?: string;
  tools?: number;
}

/** Five turns whose figures are worked out by hand below. */
const TURNS: Fixture[] = [
  {
    key: 'schedule',
    guild: 'covenant',
    outcome: 'responded',
    provider: 'openai',
    model: 'gpt-4o-mini',
    latency: 1000,
    prompt: 100,
    completion: 50,
    at: '2026-01-10T19:00:00Z',
    trigger: '@Guildbot when is raid tonight',
    reply: 'Raid is Tuesday at 20:00',
    tools: 2,
  },
  {
    key: 'limited',
    guild: 'covenant',
    outcome: 'error',
    provider: 'openai',
    model: 'gpt-4o-mini',
    latency: 3000,
    prompt: 200,
    completion: 0,
    at: '2026-01-10T21:00:00Z',
    trigger: '@Guildbot who got the trinket',
    error: '429 Rate limit reached',
  },
  {
    key: 'wipe',
    guild: 'covenant',
    outcome: 'ignored',
    provider: 'anthropic',
    model: 'claude-3-5-haiku',
    latency: 400,
    prompt: 80,
    completion: 2,
    at: '2026-01-11T20:00:00Z',
    trigger: 'lol that wipe',
  },
  {
    key: 'vacation',
    guild: 'wardens',
    outcome: 'responded',
    provider: 'anthropic',
    model: 'claude-3-5-haiku',
    latency: 1200,
    prompt: 300,
    completion: 100,
    at: '2026-01-12T18:00:00Z',
    trigger: '@Guildbot remember Kaethas is on vacation',
    reply: 'Got it',
  },
  {
    key: 'strat',
    guild: 'wardens',
    outcome: 'responded',
    provider: 'ollama',
    model: 'llama3.1:8b',
    latency: 5000,
    prompt: 500,
    completion: 200,
    at: '2026-01-12T22:00:00Z',
    trigger: '@Guildbot strat for Fractillus?',
    reply: 'Spread for the beams',
  },
];

beforeAll(async () => {
  ctx = await startSignedInApp();
  const app = ctx.server.app;
  covenant = await insertGuild(app, { guild_name: 'Crimson Covenant' });
  const wardens = await insertGuild(app, { guild_name: 'Ashen Wardens' });
  const guildIds = { covenant, wardens };
  for (const turn of TURNS) {
    const tools = Array.from({ length: turn.tools ?? 0 }, (_, i) => ({
      name: i === 0 ? 'lookup_raid_schedule' : 'search_loot_history',
      arguments: { range: 'this_week' },
      result: 'Tue 20:00',
      error: null,
      startedAt: turn.at,
      durationMs: 120 + i,
    }));
    const [row] = await sql<{ id: string }>(
      app,
      `INSERT INTO ai_turns (client_id, guild_id, discord_guild_id, channel_id, discord_user_id, username, trigger_message,
                             conversation, should_respond, intent_confidence, outcome, provider, model, temperature, prompt_tokens,
                             completion_tokens, latency_ms, tool_calls, reply, error, created_at)
       VALUES ($1, $2, '400000000000000001', '400000000000000002', '400000000000000003', 'Kaethas', $3, $4, $5, 0.875, $6, $7, $8,
               0.2, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
      [
        `test-${turn.key}`,
        guildIds[turn.guild],
        turn.trigger,
        JSON.stringify([{ username: 'Morwenna', content: 'anyone know?' }]),
        turn.outcome !== 'ignored',
        turn.outcome,
        turn.provider,
        turn.model,
        turn.prompt,
        turn.completion,
        turn.latency,
        JSON.stringify(tools),
        turn.reply ?? null,
        turn.error ?? null,
        turn.at,
      ],
    );
    ids[turn.key] = row!.id;
  }
  const [intent] = await sql<{ id: string }>(
    app,
    `INSERT INTO intent_samples (client_id, turn_id, current_message, should_respond, confidence, provider_used, model_used,
                                 human_verified, created_at)
     VALUES ('test-intent', $1, 'when is raid tonight', true, 0.875, 'openai', 'gpt-4o-mini', true, now()) RETURNING id`,
    [ids.schedule],
  );
  const [memory] = await sql<{ id: string }>(
    app,
    `INSERT INTO memory_samples (client_id, turn_id, message_content, llm_provider, llm_model, created_at)
     VALUES ('test-memory', $1, 'when is raid tonight', 'openai', 'gpt-4o-mini', now()) RETURNING id`,
    [ids.schedule],
  );
  ids.intentSample = intent!.id;
  ids.memorySample = memory!.id;
});

afterAll(() => stopTestApp(ctx?.server, ctx?.environment));

interface ListBody {
  turns: AiTurnSummary[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}
const list = async (query: string) => {
  const answer = await ctx.owner.get<ListBody>(`/api/admin/ai-turns${query}`);
  expect(answer.status).toBe(200);
  return answer.body;
};
const keysOf = (body: ListBody) => body.turns.map((turn) => Object.keys(ids).find((key) => ids[key] === turn.id));

describe('GET /api/admin/ai-turns', () => {
  it('lists every turn newest first, with the guild name and the tool-call count', async () => {
    const body = await list('');
    expect(keysOf(body)).toEqual(['strat', 'vacation', 'wipe', 'limited', 'schedule']);
    expect(body.pagination).toEqual({ page: 1, limit: 25, total: 5, totalPages: 1 });
    const schedule = body.turns.at(-1)!;
    expect(schedule).toMatchObject({
      guildName: 'Crimson Covenant',
      provider: 'openai',
      outcome: 'responded',
      toolCallCount: 2,
      latencyMs: 1000,
      promptTokens: 100,
      completionTokens: 50,
      timestamp: '2026-01-10T19:00:00.000Z',
    });
  });

  it('pages in SQL', async () => {
    const body = await list('?limit=2&page=2');
    expect(keysOf(body)).toEqual(['wipe', 'limited']);
    expect(body.pagination).toEqual({ page: 2, limit: 2, total: 5, totalPages: 3 });
    expect(keysOf(await list('?limit=2&page=3'))).toEqual(['schedule']);
    expect((await list('?limit=2&page=9')).turns).toEqual([]);
  });

  it.each([
    ['guild', () => `?guildId=${covenant}`, ['wipe', 'limited', 'schedule']],
    ['provider', () => '?provider=anthropic', ['vacation', 'wipe']],
    ['model', () => '?model=llama3.1:8b', ['strat']],
    ['outcome', () => '?outcome=error', ['limited']],
    ['from', () => '?from=2026-01-11T00:00:00Z', ['strat', 'vacation', 'wipe']],
    ['to', () => '?to=2026-01-10T23:59:59Z', ['limited', 'schedule']],
    ['search in the trigger, by word prefix', () => '?search=vacat', ['vacation']],
    ['search in the reply', () => '?search=tuesday', ['schedule']],
    ['search in the error', () => '?search=rate%20limit', ['limited']],
    ['several filters at once', () => '?provider=openai&outcome=responded&from=2026-01-10T00:00:00Z', ['schedule']],
    ['a search of punctuation only (no filter)', () => '?search=%27%26%7C', ['strat', 'vacation', 'wipe', 'limited', 'schedule']],
  ])('filters by %s', async (_name, query, expected) => {
    const body = await list(query());
    expect(keysOf(body)).toEqual(expected);
    expect(body.pagination.total).toBe(expected.length);
  });

  it('refuses bad filters with a 400 and a message', async () => {
    const reversed = await ctx.owner.get<{ error: string; fields: Record<string, string> }>(
      '/api/admin/ai-turns?from=2026-01-12T00:00:00Z&to=2026-01-10T00:00:00Z',
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body.fields.to).toBe('Start date must be before end date');
    for (const query of ['?outcome=maybe', '?limit=500', '?page=0', '?guildId=abc', '?from=yesterday']) {
      expect((await ctx.owner.get(`/api/admin/ai-turns${query}`)).status).toBe(400);
    }
  });
});

describe('GET /api/admin/ai-turns/stats', () => {
  const stats = async (query = '') => {
    const answer = await ctx.owner.get<{ data: AiTurnStats }>(`/api/admin/ai-turns/stats${query}`);
    expect(answer.status).toBe(200);
    return answer.body.data;
  };

  it('counts per day by outcome with tokens, per provider p50/p95 latency and error rate, and totals', async () => {
    const data = await stats();
    expect(data.perDay).toEqual([
      { day: '2026-01-10', turns: 2, responded: 1, ignored: 0, errors: 1, promptTokens: 300, completionTokens: 50 },
      { day: '2026-01-11', turns: 1, responded: 0, ignored: 1, errors: 0, promptTokens: 80, completionTokens: 2 },
      { day: '2026-01-12', turns: 2, responded: 2, ignored: 0, errors: 0, promptTokens: 800, completionTokens: 300 },
    ]);
    // percentile_cont interpolates: p95 of [400, 1200] = 400 + 0.95 × 800.
    expect(data.byProvider).toEqual([
      { provider: 'anthropic', turns: 2, latencyP50: 800, latencyP95: 1160, errorRate: 0, tokens: 482 },
      { provider: 'ollama', turns: 1, latencyP50: 5000, latencyP95: 5000, errorRate: 0, tokens: 700 },
      { provider: 'openai', turns: 2, latencyP50: 2000, latencyP95: 2900, errorRate: 0.5, tokens: 350 },
    ]);
    // p95 of [400, 1000, 1200, 3000, 5000]: 3000 + 0.8 × 2000.
    expect(data.totals).toEqual({ turns: 5, errorRate: 0.2, tokens: 1532, latencyP95: 4600 });
    expect(data.latencyPerDay).toEqual([
      { day: '2026-01-10', provider: 'openai', latencyP50: 2000, latencyP95: 2900 },
      { day: '2026-01-11', provider: 'anthropic', latencyP50: 400, latencyP95: 400 },
      { day: '2026-01-12', provider: 'anthropic', latencyP50: 1200, latencyP95: 1200 },
      { day: '2026-01-12', provider: 'ollama', latencyP50: 5000, latencyP95: 5000 },
    ]);
    expect(data.providers).toEqual(['anthropic', 'ollama', 'openai']);
    expect(data.guilds.map((guild) => guild.name)).toEqual(['Ashen Wardens', 'Crimson Covenant']);
    expect(data.models).toEqual(['claude-3-5-haiku', 'gpt-4o-mini', 'llama3.1:8b']);
  });

  it('applies the same filters, and keeps every provider and model for the selects', async () => {
    const data = await stats('?provider=openai');
    expect(data.totals).toEqual({ turns: 2, errorRate: 0.5, tokens: 350, latencyP95: 2900 });
    expect(data.perDay.map((day) => day.day)).toEqual(['2026-01-10']);
    expect(data.providers).toEqual(['anthropic', 'ollama', 'openai']);
    const none = await stats('?search=nothingmatchesthis');
    expect(none).toMatchObject({ perDay: [], byProvider: [], totals: { turns: 0, errorRate: 0, tokens: 0, latencyP95: null } });
    expect((await ctx.owner.get('/api/admin/ai-turns/stats?outcome=nope')).status).toBe(400);
  });
});

describe('GET /api/admin/ai-turns/:id', () => {
  it('shows the conversation, the tool calls, the reply and the samples the turn left', async () => {
    const answer = await ctx.owner.get<{ data: AiTurnDetail }>(`/api/admin/ai-turns/${ids.schedule}`);
    expect(answer.status).toBe(200);
    const turn = answer.body.data;
    expect(turn).toMatchObject({
      clientId: 'test-schedule',
      guildName: 'Crimson Covenant',
      conversation: [{ username: 'Morwenna', content: 'anyone know?' }],
      reply: 'Raid is Tuesday at 20:00',
      error: null,
      temperature: 0.2,
      intentConfidence: 0.875,
      shouldRespond: true,
    });
    expect(turn.toolCalls.map((call) => [call.name, call.durationMs])).toEqual([
      ['lookup_raid_schedule', 120],
      ['search_loot_history', 121],
    ]);
    expect(turn.samples).toEqual([
      { type: 'intent', id: ids.intentSample, humanVerified: true },
      { type: 'memory', id: ids.memorySample, humanVerified: false },
    ]);
    const failed = await ctx.owner.get<{ data: AiTurnDetail }>(`/api/admin/ai-turns/${ids.limited}`);
    expect(failed.body.data).toMatchObject({ error: '429 Rate limit reached', reply: null, samples: [], toolCalls: [] });
  });

  it('answers 404 with a message for a turn that does not exist, 400 for an id that is not one', async () => {
    const missing = await ctx.owner.get<{ error: string }>('/api/admin/ai-turns/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(AI_TURN_MESSAGES.turnNotFound);
    expect((await ctx.owner.get('/api/admin/ai-turns/not-a-uuid')).status).toBe(400);
  });
});

describe('access', () => {
  it('needs admin.full_access: 401 signed out, 403 for an admin without it', async () => {
    const anonymous = new HttpClient(ctx.server.url);
    expect((await anonymous.get('/api/admin/ai-turns')).status).toBe(401);
    const viewer = await createTestAdmin(ctx.server.app, { role: 'viewer', permissions: ['admin.manage_users'] });
    const client = new HttpClient(ctx.server.url);
    await client.signIn(viewer.username, viewer.password);
    for (const path of ['/api/admin/ai-turns', '/api/admin/ai-turns/stats', `/api/admin/ai-turns/${ids.schedule}`]) {
      expect((await client.get(path)).status).toBe(403);
    }
  });
});
