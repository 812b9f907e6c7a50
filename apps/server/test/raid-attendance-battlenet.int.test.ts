import {
  type AttendanceStanding,
  attendanceSummary,
  type RaidAttendance,
  type RoleSyncChange,
  type RosterEntry,
} from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeDueAttendance } from '../src/modules/raids/take-attendance';
import { BattlenetFake, wowCharacter } from './fakes/battlenet-fake';
import { type FakeDiscordUser, fakeDiscordUser } from './fakes/discord-fake';
import { signInWithDiscord } from './helpers/community';
import { answerOf, discordInteractions } from './helpers/discord-interactions';
import { sql } from './helpers/factories';
import type { HttpClient } from './helpers/http-client';
import { insertCharacter, insertMember } from './helpers/linking-factories';
import { inDays, planRaid, type RaidGuild, startRaidGuild } from './helpers/raid-guild';

// A member whose only character is claimed through their verified Battle.net account: the claim is their link, so
// their raids count on every attendance path as a linked member's do.

const ROLE = { raider: '761000000000000101', bench: '761000000000000102' } as const;

let guild: RaidGuild;
let inA: { headers: Record<string, string> };
const bnet = new BattlenetFake();
const claimer: FakeDiscordUser = fakeDiscordUser('765100000000000009', 'jainara');
let claimerWeb: HttpClient;
let claimedCharacter: string;

const run = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => sql<Row>(guild.server.app, text, params);

/** Connects Battle.net from the member's browser as the settings card does: start, Battle.net's page, the callback. */
async function connectBattlenet(browser: HttpClient): Promise<string | null> {
  const start = await browser.get<{ authUrl: string }>('/auth/battlenet?region=eu');
  expect(start.status, start.text).toBe(200);
  bnet.loginAs = {
    id: 761_000_001,
    battletag: 'Jainara#1761',
    wowAccounts: [[wowCharacter('Jainara', 'Stormrage', { class: 'Mage' })]],
  };
  const authorize = await fetch(start.body.authUrl, { redirect: 'manual' });
  const back = new URL(authorize.headers.get('location')!);
  const callback = await browser.get(`${back.pathname}${back.search}`);
  expect(callback.status, callback.text).toBe(302);
  return new URL(String(callback.headers.location), 'http://guildhall.test').searchParams.get('battlenetLink');
}

/** Moves a raid into the past, as if it had been played. */
const playRaid = (raidId: string) =>
  run(
    `UPDATE raid_events SET starts_at = now() - interval '4 hours', ends_at = now() - interval '1 hour', signup_deadline = NULL
      WHERE id = $1`,
    [raidId],
  );

beforeAll(async () => {
  await bnet.start();
  guild = await startRaidGuild('76', {
    BNET_CLIENT_ID: bnet.clientId,
    BNET_CLIENT_SECRET: bnet.clientSecret,
    BNET_OAUTH_BASE: bnet.oauthBase,
    BNET_API_BASE: bnet.apiBase,
  });
  inA = { headers: { 'X-Guild-ID': guild.discordGuildA } };
  guild.fake.addGuild(
    claimer,
    { id: guild.discordGuildA, name: 'Raid Planners', icon: null, owner: false, permissions: '3072' },
    { withBot: true },
  );
  claimerWeb = await signInWithDiscord(guild.fake, guild.server.url, claimer);
  // The member row a member sync leaves, and the roster's character: nobody has linked them.
  await insertMember(guild.server.app, guild.tenantA, { discordUserId: claimer.id, username: claimer.username });
  claimedCharacter = await insertCharacter(guild.server.app, guild.tenantA, { name: 'Jainara', class: 'Mage', role: 'dps' });
});

afterAll(async () => {
  await guild?.stop();
  await bnet.stop();
});

describe('a member whose only character is claimed through Battle.net', () => {
  it('has their raids counted: their own rate, the officers’ and the roster’s, /attendance and role sync’s rule', async () => {
    expect(await connectBattlenet(claimerWeb)).toBe('connected');
    const links = await run<{ character_id: string; link_type: string }>(
      `SELECT l.character_id, l.link_type FROM character_links l JOIN discord_members m ON m.id = l.discord_member_id
        WHERE m.discord_user_id = $1`,
      [claimer.id],
    );
    expect(links).toEqual([{ character_id: claimedCharacter, link_type: 'claim' }]);

    // One raid they came to, signed up with the claimed character and seated; one they never answered.
    const came = await planRaid(guild.clients.officer, inA.headers, {
      name: 'Came night',
      instance: 'Undermine',
      difficulty: 'Heroic',
      startsAt: inDays(1),
    });
    const signed = await claimerWeb.request('PUT', `/api/guild/raids/${came.id}/signup`, {
      ...inA,
      body: { status: 'accept', characterId: claimedCharacter, role: 'ranged' },
    });
    expect(signed.status, signed.text).toBe(200);
    const board = await guild.clients.officer.get<{ composition: { version: number } }>(
      `/api/guild/raids/${came.id}/composition`,
      inA,
    );
    const [claimerUser] = await run<{ id: string }>('SELECT id FROM users WHERE discord_id = $1', [claimer.id]);
    const placed = await guild.clients.officer.request(
      'PUT',
      `/api/guild/raids/${came.id}/composition/placements/${claimerUser!.id}`,
      { ...inA, body: { version: board.body.composition.version, slot: 'ranged' } },
    );
    expect(placed.status, placed.text).toBe(200);
    const missed = await planRaid(guild.clients.officer, inA.headers, {
      name: 'Missed night',
      instance: 'Undermine',
      difficulty: 'Heroic',
      startsAt: inDays(2),
    });
    await playRaid(came.id);
    await playRaid(missed.id);
    expect(await takeDueAttendance(guild.server.app.services.db)).toBe(2);

    // Taking attendance knows their character: present at one raid, absent from the other.
    for (const [raid, status] of [
      [came.id, 'present'],
      [missed.id, 'absent'],
    ] as const) {
      const read = await claimerWeb.get<{ attendance: RaidAttendance }>(`/api/guild/raids/${raid}/attendance`, inA);
      expect(read.status, read.text).toBe(200);
      expect(read.body.attendance.entries.find((entry) => entry.character.name === 'Jainara')).toMatchObject({
        status,
        source: 'signups',
      });
    }
    const expected: AttendanceStanding = {
      counts: { present: 1, late: 0, benched: 0, absent_notice: 0, absent: 1 },
      rate: 50,
      meetsRule: false,
    };

    // Their own rate, on the web and in Discord.
    const mine = await claimerWeb.get<{
      standing: AttendanceStanding;
      isMember: boolean;
      rule: { percent: number; weeks: number };
    }>('/api/guild/attendance/me', inA);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body).toMatchObject({ isMember: true, standing: expected });
    const discord = discordInteractions(guild.fake, guild.server.url);
    const reply = answerOf(
      await discord.deliver(discord.command(claimer, { guildId: guild.discordGuildA, permissions: '3072' }, 'attendance')),
    );
    expect(reply.content).toBe(attendanceSummary(expected.counts, mine.body.rule));

    // The roster: the officers see their rate and rank them by it; the member sees it on their own line.
    const byOfficer = await guild.clients.officer.get<{ entries: RosterEntry[] }>(
      '/api/guild/roster?sort=attendance&order=desc&limit=100',
      inA,
    );
    expect(byOfficer.status, byOfficer.text).toBe(200);
    expect(byOfficer.body.entries.find((entry) => entry.name === 'Jainara')?.attendance).toEqual(expected);
    const ranked = byOfficer.body.entries.filter((entry) => entry.attendance?.rate != null).map((entry) => entry.name);
    expect(ranked[0]).toBe('Jainara');
    const byMember = await claimerWeb.get<{ entries: RosterEntry[] }>('/api/guild/roster?search=Jainara', inA);
    expect(byMember.status, byMember.text).toBe(200);
    expect(byMember.body.entries.map((entry) => [entry.name, entry.attendance])).toEqual([['Jainara', expected]]);

    // Role sync's attendance rule: below 80 %, they belong on the bench.
    guild.fake.roles.set(guild.discordGuildA, [
      { id: guild.discordGuildA, name: '@everyone', color: 0, position: 0, permissions: '1024', managed: false },
      { id: ROLE.raider, name: 'Raider', color: 0, position: 2, permissions: '0', managed: false },
      { id: ROLE.bench, name: 'Bench', color: 0, position: 1, permissions: '0', managed: false },
    ]);
    const saved = await guild.clients.officer.request('PUT', '/api/guild/role-sync', {
      ...inA,
      body: { isEnabled: true, roles: { raider: ROLE.raider, bench: ROLE.bench } },
    });
    expect(saved.status, saved.text).toBe(200);
    const preview = await guild.clients.officer.get<{ changes: RoleSyncChange[] }>('/api/guild/role-sync/preview', inA);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.changes.filter((change) => change.discordUserId === claimer.id)).toEqual([
      expect.objectContaining({ roleId: ROLE.bench, action: 'add', why: 'Bench' }),
    ]);
  });
});
