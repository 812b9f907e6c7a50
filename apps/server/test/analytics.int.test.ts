import { ANALYTICS_MESSAGES, type AnalyticsGuild, type AnalyticsOverview } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { type IsolatedApp, startSignedInApp, stopTestApp } from './helpers/test-app';

// A small fixed data set in March 2026, hand-counted below. Weeks start on Monday: 2026-03-02 and 2026-03-09.
const RANGE = 'from=2026-03-02T00:00:00Z&to=2026-03-16T00:00:00Z';
const OVERVIEW = '/api/admin/analytics/overview';

let ctx: IsolatedApp & { owner: HttpClient };
const ids: Record<string, string> = {};

async function insert(text: string, params: unknown[] = []) {
  return sql<{ id: string }>(ctx.server.app, text, params);
}

beforeAll(async () => {
  ctx = await startSignedInApp();
  const guild = async (key: string, name: string, region: string, lootSystem: string, discordId: string) => {
    const [row] = await insert(
      `INSERT INTO guilds (guild_name, server, region, loot_system, discord_guild_id) VALUES ($1, 'Stormrage', $2, $3, $4) RETURNING id`,
      [name, region, lootSystem, discordId],
    );
    ids[key] = row!.id;
  };
  await guild('A', 'Analytics Alpha', 'US', 'DKP', 'dA');
  await guild('B', 'Analytics Beta', 'EU', 'EPGP', 'dB');
  await guild('C', 'Analytics Gamma', 'EU', 'DKP', 'dC');

  const character = async (key: string, guildKey: string, name: string, cls: string, role: string) => {
    const [row] = await insert(
      `INSERT INTO characters (guild_id, name, realm, class, role) VALUES ($1, $2, 'Stormrage', $3, $4) RETURNING id`,
      [ids[guildKey], name, cls, role],
    );
    ids[key] = row!.id;
  };
  await character('a1', 'A', 'Aeli', 'Paladin', 'healer');
  await character('a2', 'A', 'Brom', 'Warrior', 'tank');
  await character('a3', 'A', 'Cyra', 'Mage', 'dps');
  await character('a4', 'A', 'Dax', 'Mage', 'dps');
  await character('b1', 'B', 'Elowen', 'Priest', 'healer');
  await character('b2', 'B', 'Fenn', 'Rogue', 'dps');

  const raid = async (key: string, guildKey: string, startsAt: string) => {
    const [row] = await insert(
      `INSERT INTO raid_events (guild_id, name, instance, difficulty, starts_at) VALUES ($1, 'Raid', 'Manaforge', 'Heroic', $2) RETURNING id`,
      [ids[guildKey], startsAt],
    );
    ids[key] = row!.id;
  };
  await raid('rA1', 'A', '2026-03-03T20:00:00Z');
  await raid('rA2', 'A', '2026-03-10T20:00:00Z');
  await raid('rA3', 'A', '2026-02-20T20:00:00Z');
  await raid('rB1', 'B', '2026-03-04T20:00:00Z');
  await raid('rB2', 'B', '2026-03-11T20:00:00Z');
  const attendance: [string, string, string][] = [
    ['rA1', 'a1', 'present'],
    ['rA1', 'a2', 'late'],
    ['rA1', 'a3', 'absent'],
    ['rA1', 'a4', 'present'],
    ['rA2', 'a1', 'present'],
    ['rA2', 'a2', 'present'],
    ['rA2', 'a3', 'present'],
    ['rA3', 'a4', 'present'],
    ['rB1', 'b1', 'present'],
    ['rB1', 'b2', 'absent'],
    ['rB2', 'b1', 'present'],
  ];
  // One statement for all rows: the rollup trigger counts a whole statement at once.
  await insert(
    `INSERT INTO raid_attendance (raid_event_id, character_id, status)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[])`,
    [attendance.map(([r]) => ids[r]), attendance.map(([, c]) => ids[c]), attendance.map(([, , s]) => s)],
  );
  // rB2 is deleted below: its attendance must leave the figures with it.
  await insert('DELETE FROM raid_events WHERE id = $1', [ids.rB2]);

  const loot = async (guildKey: string, characterKey: string | null, awardedAt: string) =>
    insert(
      `INSERT INTO loot_entries (guild_id, character_id, character_name, item_id, item_name, awarded_at)
       VALUES ($1, $2, 'someone', 1, 'Item', $3)`,
      [ids[guildKey], characterKey ? ids[characterKey] : null, awardedAt],
    );
  await loot('A', 'a1', '2026-03-03T21:00:00Z');
  await loot('A', 'a1', '2026-03-10T21:00:00Z');
  await loot('A', 'a2', '2026-03-03T21:30:00Z');
  await loot('A', 'a4', '2026-02-20T21:00:00Z');
  await loot('A', null, '2026-03-10T22:00:00Z');
  await loot('B', 'b1', '2026-03-20T21:00:00Z');
  // Moved into the range afterwards: the update trigger moves it between days.
  await insert(`UPDATE loot_entries SET awarded_at = '2026-03-04T21:00:00Z' WHERE guild_id = $1`, [ids.B]);

  const user = async (key: string, createdAt: string, discordGuild: string | null) => {
    const [row] = await insert(`INSERT INTO users (username, created_at) VALUES ($1, $2) RETURNING id`, [
      `analytics-${key}-${Date.now()}`,
      createdAt,
    ]);
    ids[key] = row!.id;
    if (discordGuild)
      await insert(`INSERT INTO user_discord_guilds (user_id, discord_guild_id, name) VALUES ($1, $2, 'g')`, [
        row!.id,
        discordGuild,
      ]);
  };
  await user('u1', '2026-03-03T10:00:00Z', 'dA');
  await user('u2', '2026-03-05T10:00:00Z', 'dB');
  await user('u3', '2026-01-01T10:00:00Z', 'dA');
  await user('u4', '2026-03-05T11:00:00Z', null);
  const session = (userKey: string, createdAt: string, lastSeenAt: string) =>
    insert(
      `INSERT INTO community_sessions (token_hash, user_id, created_at, last_seen_at, expires_at)
       VALUES (md5(random()::text), $1, $2, $3, $3::timestamptz + interval '30 days')`,
      [ids[userKey], createdAt, lastSeenAt],
    );
  await session('u1', '2026-03-03T10:00:00Z', '2026-03-04T09:00:00Z');
  await session('u3', '2026-03-10T08:00:00Z', '2026-03-10T09:00:00Z');
  const token = (userKey: string, createdAt: string) =>
    insert(
      `INSERT INTO refresh_tokens (token_hash, family_id, user_id, created_at, expires_at)
       VALUES (md5(random()::text), gen_random_uuid(), $1, $2, $2::timestamptz + interval '7 days')`,
      [ids[userKey], createdAt],
    );
  await token('u2', '2026-03-05T10:00:00Z');
  await token('u4', '2026-03-05T11:00:00Z');
  await token('u4', '2026-03-06T11:00:00Z');

  const member = async (key: string, guildKey: string, left: boolean) => {
    const [row] = await insert(
      `INSERT INTO discord_members (guild_id, discord_user_id, username, left_at) VALUES ($1, $2, $2, $3) RETURNING id`,
      [ids[guildKey], `du-${key}`, left ? new Date().toISOString() : null],
    );
    ids[key] = row!.id;
  };
  await member('mA1', 'A', false);
  await member('mA2', 'A', false);
  await member('mA3', 'A', true);
  await member('mB1', 'B', false);
  const link = (characterKey: string, guildKey: string, memberKey: string, type: string) =>
    insert(`INSERT INTO character_links (guild_id, character_id, discord_member_id, link_type) VALUES ($1, $2, $3, $4)`, [
      ids[guildKey],
      ids[characterKey],
      ids[memberKey],
      type,
    ]);
  await link('a1', 'A', 'mA1', 'manual');
  await link('a2', 'A', 'mA2', 'automatic');
  await link('b1', 'B', 'mB1', 'claim');

  const sync = (guildKey: string, status: string, ago: string) =>
    insert(
      `INSERT INTO jobs (kind, guild_id, actor, status, max_attempts, created_at, finished_at)
       VALUES ('member_sync', $1, '{"type": "system"}', $2, 3, now() - $3::interval, now() - $3::interval + interval '1 minute')`,
      [ids[guildKey], status, ago],
    );
  await sync('A', 'succeeded', '2 hours');
  await sync('B', 'succeeded', '3 days');
  await sync('B', 'failed', '1 hour');

  const turn = (n: number, guildKey: string | null, outcome: string, provider: string, createdAt: string) =>
    insert(
      `INSERT INTO ai_turns (client_id, guild_id, discord_guild_id, channel_id, discord_user_id, trigger_message,
                             should_respond, intent_confidence, outcome, provider, model, latency_ms, created_at)
       VALUES ($1, $2, 'd', 'c', 'u', 'hi', true, 0.9, $3, $4, 'm', 10, $5)`,
      [`analytics-turn-${n}-${Date.now()}`, guildKey ? ids[guildKey] : null, outcome, provider, createdAt],
    );
  await turn(1, 'A', 'responded', 'openai', '2026-03-03T12:00:00Z');
  await turn(2, 'A', 'ignored', 'openai', '2026-03-03T13:00:00Z');
  await turn(3, 'B', 'error', 'anthropic', '2026-03-04T12:00:00Z');
  await turn(4, null, 'responded', 'anthropic', '2026-03-05T12:00:00Z');
  await turn(5, 'A', 'responded', 'openai', '2026-04-05T12:00:00Z');
});

afterAll(async () => {
  await stopTestApp(ctx?.server, ctx?.environment);
});

async function overview(query: string) {
  const answer = await ctx.owner.get<AnalyticsOverview>(`${OVERVIEW}?${query}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

const activeDays = (body: AnalyticsOverview) =>
  Object.fromEntries(body.days.filter((day) => day.activeMembers > 0).map((day) => [day.day, day.activeMembers]));

describe('the analytics overview', () => {
  it('counts raids, attendance, active guilds and loot per week, with empty weeks present', async () => {
    const body = await overview(RANGE);
    expect(body.range).toEqual({ from: '2026-03-02T00:00:00.000Z', to: '2026-03-16T00:00:00.000Z' });
    expect(body.weeks).toEqual([
      {
        week: '2026-03-02',
        activeGuilds: 2,
        raids: 2,
        attendanceTotal: 6,
        attendanceCame: 4,
        attendanceRate: 4 / 6,
        lootItems: 3,
      },
      { week: '2026-03-09', activeGuilds: 1, raids: 1, attendanceTotal: 3, attendanceCame: 3, attendanceRate: 1, lootItems: 2 },
    ]);
    expect(body.summary).toMatchObject({ raids: 3, attendanceRate: 7 / 9, lootItems: 5, activeGuilds: 2, signUps: 3 });
    expect(body.summary.guilds).toBeGreaterThanOrEqual(3);
    const empty = await overview('from=2025-01-05T00:00:00Z&to=2025-01-19T00:00:00Z');
    expect(empty.weeks.map((week) => [week.week, week.raids, week.attendanceRate])).toEqual([
      ['2024-12-30', 0, null],
      ['2025-01-06', 0, null],
      ['2025-01-13', 0, null],
    ]);
    expect(empty.days).toHaveLength(14);
  });

  it('counts sign-ups and daily active members from sessions and token refreshes', async () => {
    const body = await overview(RANGE);
    expect(body.days).toHaveLength(14);
    expect(body.days[0]!.day).toBe('2026-03-02');
    const signUps = Object.fromEntries(body.days.filter((day) => day.signUps > 0).map((day) => [day.day, day.signUps]));
    expect(signUps).toEqual({ '2026-03-03': 1, '2026-03-05': 2 });
    expect(activeDays(body)).toEqual({ '2026-03-03': 1, '2026-03-04': 1, '2026-03-05': 2, '2026-03-06': 1, '2026-03-10': 1 });
    expect(body.summary.activeMembers).toBe(4);
  });

  it('shows loot per loot system, linking coverage by origin, member-sync freshness and bot activity', async () => {
    const body = await overview(`${RANGE}&region=EU`);
    expect(body.lootBySystem).toEqual([
      { lootSystem: 'EPGP', guilds: 1, items: 1 },
      { lootSystem: 'DKP', guilds: 1, items: 0 },
    ]);
    const all = await overview(RANGE);
    expect(all.lootBySystem.find((row) => row.lootSystem === 'EPGP')).toEqual({ lootSystem: 'EPGP', guilds: 1, items: 1 });
    expect(all.lootBySystem.find((row) => row.lootSystem === 'DKP')?.items).toBe(4);
    expect(all.linking).toEqual({
      characters: 6,
      linked: 3,
      coverage: 0.5,
      byOrigin: [
        { origin: 'manual', links: 1 },
        { origin: 'automatic', links: 1 },
        { origin: 'claim', links: 1 },
      ],
    });
    expect(all.memberSync).toMatchObject({ syncedLastDay: 1, syncedLastWeek: 1, stale: 0, currentMembers: 3 });
    expect(all.memberSync.never).toBe(all.memberSync.guilds - 2);
    expect(all.bot).toEqual({
      turns: 4,
      responded: 2,
      ignored: 1,
      errors: 1,
      responseRate: 0.5,
      providers: [
        { provider: 'anthropic', turns: 2 },
        { provider: 'openai', turns: 2 },
      ],
    });
    expect(all.days.find((day) => day.day === '2026-03-03')).toMatchObject({ botTurns: 2, botResponded: 1, botIgnored: 1 });
  });

  it('narrows every figure to one guild or one region', async () => {
    const alpha = await overview(`${RANGE}&guildId=${ids.A}`);
    expect(alpha.summary).toMatchObject({
      guilds: 1,
      activeGuilds: 1,
      raids: 2,
      attendanceRate: 6 / 7,
      lootItems: 4,
      signUps: 1,
    });
    expect(activeDays(alpha)).toEqual({ '2026-03-03': 1, '2026-03-04': 1, '2026-03-10': 1 });
    expect(alpha.summary.activeMembers).toBe(2);
    expect(alpha.linking).toMatchObject({ characters: 4, linked: 2, coverage: 0.5 });
    expect(alpha.memberSync).toMatchObject({ guilds: 1, syncedLastDay: 1, never: 0, currentMembers: 2 });
    expect(alpha.bot).toMatchObject({ turns: 2, responded: 1, providers: [{ provider: 'openai', turns: 2 }] });

    const eu = await overview(`${RANGE}&region=EU`);
    expect(eu.summary).toMatchObject({ guilds: 2, activeGuilds: 1, raids: 1, attendanceRate: 0.5, lootItems: 1, signUps: 1 });
    expect(eu.summary.activeMembers).toBe(1);
    expect(eu.linking).toMatchObject({
      characters: 2,
      linked: 1,
      byOrigin: expect.arrayContaining([{ origin: 'claim', links: 1 }]),
    });
    expect(eu.memberSync).toMatchObject({ guilds: 2, syncedLastWeek: 1, never: 1 });

    // The range: only the first week.
    const firstWeek = await overview(`from=2026-03-02T00:00:00Z&to=2026-03-09T00:00:00Z&guildId=${ids.A}`);
    expect(firstWeek.weeks).toHaveLength(1);
    expect(firstWeek.summary).toMatchObject({ raids: 1, lootItems: 2, attendanceRate: 3 / 4 });
  });

  it('refuses bad input with 400 and a message', async () => {
    const cases: [string, string][] = [
      ['from=yesterday', 'from'],
      ['guildId=not-a-uuid', 'guildId'],
      ['region=MARS', 'region'],
      ['from=2026-03-10T00:00:00Z&to=2026-03-02T00:00:00Z', 'from'],
      ['from=2024-01-01T00:00:00Z&to=2026-03-02T00:00:00Z', 'from'],
    ];
    for (const [query, field] of cases) {
      const answer = await ctx.owner.get<{ success: boolean; fields?: Record<string, string> }>(`${OVERVIEW}?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(answer.body.fields?.[field], query).toBeTruthy();
    }
    const reversed = await ctx.owner.get<{ fields: Record<string, string> }>(
      `${OVERVIEW}?from=2026-03-10T00:00:00Z&to=2026-03-02T00:00:00Z`,
    );
    expect(reversed.body.fields.from).toBe(ANALYTICS_MESSAGES.rangeOrder);
    const tooLong = await ctx.owner.get<{ fields: Record<string, string> }>(`${OVERVIEW}?from=2024-01-01T00:00:00Z`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields.from).toBe(ANALYTICS_MESSAGES.rangeTooLong);
    const guild = await ctx.owner.get(`/api/admin/analytics/guilds/${ids.A}?raids=0`);
    expect(guild.status).toBe(400);
    const missing = await ctx.owner.get('/api/admin/analytics/guilds/6f1f5a56-9d7e-4b55-8f43-9f0d3c7d2a10');
    expect(missing.status).toBe(404);
  });

  it('is closed to admins without the Analytics permissions, open to those with one', async () => {
    const support = await createTestAdmin(ctx.server.app, { role: 'support' });
    const client = new HttpClient(ctx.server.url);
    await client.signIn(support.username, support.password);
    expect((await client.get(`${OVERVIEW}?${RANGE}`)).status).toBe(403);
    expect((await client.get(`/api/admin/analytics/guilds/${ids.A}`)).status).toBe(403);
    const viewer = await createTestAdmin(ctx.server.app, { role: 'viewer' });
    const allowed = new HttpClient(ctx.server.url);
    await allowed.signIn(viewer.username, viewer.password);
    expect((await allowed.get(`${OVERVIEW}?${RANGE}`)).status).toBe(200);
    expect((await new HttpClient(ctx.server.url).get(`${OVERVIEW}?${RANGE}`)).status).toBe(401);
  });
});

describe('the per-guild analytics', () => {
  it('lists the roster by class and role, attendance over the latest raids and loot against it', async () => {
    const answer = await ctx.owner.get<AnalyticsGuild>(`/api/admin/analytics/guilds/${ids.A}?${RANGE}`);
    expect(answer.status, answer.text).toBe(200);
    const body = answer.body;
    expect(body.guild).toMatchObject({ id: ids.A, name: 'Analytics Alpha', region: 'US', lootSystem: 'DKP' });
    expect(body.roster).toEqual([
      { class: 'Mage', role: 'dps', characters: 2 },
      { class: 'Paladin', role: 'healer', characters: 1 },
      { class: 'Warrior', role: 'tank', characters: 1 },
    ]);
    expect(body.raidsCounted).toBe(2);
    expect(body.totalItems).toBe(4);
    expect(body.members.map((m) => [m.name, m.attended, m.attendanceRate, m.items, m.itemShare])).toEqual([
      ['Aeli', 2, 1, 2, 0.5],
      ['Brom', 2, 1, 1, 0.25],
      ['Cyra', 1, 0.5, 0, 0],
      ['Dax', 1, 0.5, 0, 0],
    ]);
    expect(body.weeks.map((week) => [week.week, week.raids, week.lootItems])).toEqual([
      ['2026-03-02', 1, 2],
      ['2026-03-09', 1, 2],
    ]);

    // Only the latest raid (rA2): Dax was not there.
    const latest = await ctx.owner.get<AnalyticsGuild>(`/api/admin/analytics/guilds/${ids.A}?${RANGE}&raids=1`);
    expect(latest.body.raidsCounted).toBe(1);
    expect(Object.fromEntries(latest.body.members.map((m) => [m.name, m.attended]))).toEqual({
      Aeli: 1,
      Brom: 1,
      Cyra: 1,
      Dax: 0,
    });
  });
});

describe('the rollups as guilds change', () => {
  it('moves loot with a guild that changes region and loot system, and drops a deleted guild', async () => {
    await sql(ctx.server.app, `UPDATE guilds SET region = 'KR', loot_system = 'Loot_Council' WHERE id = $1`, [ids.B]);
    const kr = await overview(`${RANGE}&region=KR`);
    expect(kr.lootBySystem).toEqual([{ lootSystem: 'Loot_Council', guilds: 1, items: 1 }]);
    const eu = await overview(`${RANGE}&region=EU`);
    expect(eu.summary.lootItems).toBe(0);
    expect((await overview(RANGE)).summary.lootItems).toBe(5);

    await sql(ctx.server.app, 'DELETE FROM guilds WHERE id = $1', [ids.B]);
    const all = await overview(RANGE);
    expect(all.summary).toMatchObject({ lootItems: 4, raids: 2 });
    expect(all.lootBySystem.find((row) => row.lootSystem === 'Loot_Council')).toBeUndefined();
  });
});
