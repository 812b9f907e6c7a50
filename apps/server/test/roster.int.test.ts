import { ROSTER_MESSAGES, type RosterEntry } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from './helpers/factories';
import type { HttpClient } from './helpers/http-client';
import { insertCharacter, insertMember } from './helpers/linking-factories';
import { type RaidGuild, startRaidGuild } from './helpers/raid-guild';

let guild: RaidGuild;
let inA: { headers: Record<string, string> };
const run = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => sql<Row>(guild.server.app, text, params);
/** The raider's member row and their alt; the unlinked character's id. */
const ids = { raiderMember: '', raiderAlt: '', otherMember: '', unlinked: '' };

type RosterPage = { entries: RosterEntry[]; total: number; page: number; limit: number; canManage: boolean; error?: string };
const roster = async (query: string, client: HttpClient = guild.clients.officer) => {
  const read = await client.get<RosterPage>(`/api/guild/roster${query}`, inA);
  return read;
};
const names = (page: { entries: RosterEntry[] }) => page.entries.map((entry) => entry.name);

beforeAll(async () => {
  guild = await startRaidGuild('69');
  inA = { headers: { 'X-Guild-ID': guild.discordGuildA } };
  const [raider] = await run<{ discord_member_id: string }>(
    'SELECT discord_member_id FROM character_links WHERE character_id = $1',
    [guild.characters.raider],
  );
  ids.raiderMember = raider!.discord_member_id;
  const [other] = await run<{ discord_member_id: string }>(
    'SELECT discord_member_id FROM character_links WHERE character_id = $1',
    [guild.characters.otherRaider],
  );
  ids.otherMember = other!.discord_member_id;
  // The raider's alt, a priest with a higher item level; a character nobody claimed; and a character that left the guild.
  ids.raiderAlt = await insertCharacter(guild.server.app, guild.tenantA, { name: 'Anduinne', class: 'Priest', role: 'healer' });
  await run(
    `INSERT INTO character_links (guild_id, character_id, discord_member_id, is_primary, priority, link_type)
     VALUES ($1, $2, $3, false, 'alt', 'claim')`,
    [guild.tenantA, ids.raiderAlt, ids.raiderMember],
  );
  ids.unlinked = await insertCharacter(guild.server.app, guild.tenantA, { name: 'Zuljinn', class: 'Hunter', role: 'dps' });
  const gone = await insertCharacter(guild.server.app, guild.tenantA, { name: 'Goneaway', class: 'Rogue', role: 'dps' });
  await run(`UPDATE characters SET left_guild_at = now() WHERE id = $1`, [gone]);
  await run(`UPDATE characters SET item_level = 672, guild_rank = 3, spec = 'Holy' WHERE id = $1`, [ids.raiderAlt]);
  await run(`UPDATE characters SET item_level = 655, guild_rank = 1, last_activity_at = now() WHERE id = $1`, [
    guild.characters.otherRaider,
  ]);
  await run(`UPDATE characters SET guild_rank = 5, last_activity_at = now() - interval '20 days' WHERE id = $1`, [ids.unlinked]);
  // Attendance: the raider came to one raid of two in the window, the other raider to both.
  for (const [weeksAgo, raider, other] of [
    [1, 'present', 'present'],
    [2, 'absent', 'late'],
  ] as const) {
    const [raid] = await run<{ id: string }>(
      `INSERT INTO raid_events (guild_id, name, instance, difficulty, starts_at)
       VALUES ($1, 'Past night', 'Undermine', 'Heroic', now() - make_interval(days => $2::int * 7)) RETURNING id`,
      [guild.tenantA, weeksAgo],
    );
    await run(`INSERT INTO raid_attendance (raid_event_id, character_id, status) VALUES ($1, $2, $3), ($1, $4, $5)`, [
      raid!.id,
      guild.characters.raider,
      raider,
      guild.characters.otherRaider,
      other,
    ]);
  }
  await insertMember(guild.server.app, guild.tenantA, { discordUserId: '695100000000000077', username: 'nocharacters' });
});

afterAll(async () => {
  await guild?.stop();
});

describe('the roster', () => {
  it('lists the guild’s current characters with their members by name, paged in SQL', async () => {
    const all = await roster('');
    expect(all.status, all.text).toBe(200);
    expect(all.body).toMatchObject({ total: 4, page: 1, limit: 50, canManage: true });
    expect(names(all.body)).toEqual(['Anduinne', 'Bolvar', 'Thrallina', 'Zuljinn']);
    const alt = all.body.entries[0]!;
    expect(alt).toMatchObject({
      class: 'Priest',
      spec: 'Holy',
      role: 'healer',
      itemLevel: 672,
      rank: 3,
      member: { id: ids.raiderMember, name: 'raider', isMain: false, isTrial: false, isInactive: false },
      attendance: { rate: 50, meetsRule: false, counts: { present: 1, absent: 1 } },
    });
    expect(all.body.entries[3]).toMatchObject({ name: 'Zuljinn', member: null, attendance: null });

    const second = await roster('?limit=3&page=2');
    expect(second.body).toMatchObject({ total: 4, page: 2 });
    expect(names(second.body)).toEqual(['Zuljinn']);
  });

  it('filters by kind, class, role, mark and search, and sorts by item level, rank, last seen and attendance', async () => {
    expect(names((await roster('?kind=main')).body)).toEqual(['Bolvar', 'Thrallina']);
    expect(names((await roster('?kind=alt')).body)).toEqual(['Anduinne']);
    expect(names((await roster('?kind=unlinked')).body)).toEqual(['Zuljinn']);
    expect(names((await roster('?class=Priest')).body)).toEqual(['Anduinne']);
    expect(names((await roster('?role=healer')).body)).toEqual(['Anduinne', 'Thrallina']);
    expect(names((await roster('?search=RAIDER')).body)).toEqual(['Anduinne', 'Bolvar', 'Thrallina']);
    expect(names((await roster('?search=%25')).body)).toEqual([]);
    expect(names((await roster('?sort=itemLevel&order=desc')).body)).toEqual(['Anduinne', 'Bolvar', 'Thrallina', 'Zuljinn']);
    expect(names((await roster('?sort=rank')).body)).toEqual(['Bolvar', 'Anduinne', 'Zuljinn', 'Thrallina']);
    expect(names((await roster('?sort=lastSeen&order=desc')).body)[0]).toBe('Bolvar');
    expect(names((await roster('?sort=attendance&order=desc')).body)).toEqual(['Bolvar', 'Anduinne', 'Thrallina', 'Zuljinn']);

    const bad = await roster('?sort=mood&class=Bard');
    expect(bad.status).toBe(400);
  });

  it('shows a member their own rate and no one else’s, and keeps the attendance sort for officers', async () => {
    const page = await roster('', guild.clients.raider);
    expect(page.status, page.text).toBe(200);
    expect(page.body.canManage).toBe(false);
    const rateOf = (name: string) => page.body.entries.find((entry) => entry.name === name)?.attendance?.rate ?? null;
    expect(rateOf('Thrallina')).toBe(50);
    expect(rateOf('Anduinne')).toBe(50);
    expect(rateOf('Bolvar')).toBeNull();
    const sorted = await roster('?sort=attendance', guild.clients.raider);
    expect(sorted.status).toBe(400);
    expect(sorted.body.error).toBe(ROSTER_MESSAGES.attendanceSortOfficers);
    const foreign = await guild.clients.outsider.get<RosterPage>('/api/guild/roster', {
      headers: { 'X-Guild-ID': guild.discordGuildB },
    });
    expect(foreign.body.total).toBe(0);
  });

  it('lets officers mark mains, trials and inactive members, audited, and refuses members', async () => {
    const refusedMark = await guild.clients.raider.request('PUT', `/api/guild/roster/members/${ids.otherMember}/marks`, {
      ...inA,
      body: { isTrial: true },
    });
    expect(refusedMark.status).toBe(403);
    const refusedMain = await guild.clients.raider.request('PUT', `/api/guild/roster/characters/${ids.raiderAlt}/main`, inA);
    expect(refusedMain.status).toBe(403);

    const marked = await guild.clients.officer.request<{ message: string }>(
      'PUT',
      `/api/guild/roster/members/${ids.otherMember}/marks`,
      { ...inA, body: { isTrial: true } },
    );
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body.message).toBe(ROSTER_MESSAGES.marked);
    const inactive = await guild.clients.officer.request('PUT', `/api/guild/roster/members/${ids.raiderMember}/marks`, {
      ...inA,
      body: { isInactive: true },
    });
    expect(inactive.status).toBe(200);
    expect(names((await roster('?mark=trial')).body)).toEqual(['Bolvar']);
    expect(names((await roster('?mark=inactive')).body)).toEqual(['Anduinne', 'Thrallina']);
    expect(names((await roster('?mark=active')).body)).toEqual(['Bolvar']);

    const main = await guild.clients.officer.request<{ message: string }>(
      'PUT',
      `/api/guild/roster/characters/${ids.raiderAlt}/main`,
      inA,
    );
    expect(main.status, main.text).toBe(200);
    expect(main.body.message).toBe(ROSTER_MESSAGES.mainSet('Anduinne'));
    expect(names((await roster('?kind=main')).body)).toEqual(['Anduinne', 'Bolvar']);
    const notLinked = await guild.clients.officer.request<{ error: string }>(
      'PUT',
      `/api/guild/roster/characters/${ids.unlinked}/main`,
      inA,
    );
    expect(notLinked.status).toBe(409);
    expect(notLinked.body.error).toBe(ROSTER_MESSAGES.notLinked);
    const empty = await guild.clients.officer.request<{ error: string }>(
      'PUT',
      `/api/guild/roster/members/${ids.otherMember}/marks`,
      {
        ...inA,
        body: {},
      },
    );
    expect(empty.status).toBe(400);

    const audit = await run<{ action: string; details: Record<string, unknown> }>(
      `SELECT action, details FROM audit_log WHERE action LIKE 'guild.roster_m%' ORDER BY created_at, id`,
    );
    expect(audit.map((row) => row.action)).toEqual([
      'guild.roster_member_marked',
      'guild.roster_member_marked',
      'guild.roster_main_set',
    ]);
    expect(audit[0]!.details).toMatchObject({
      member: 'otherraider',
      before: { isTrial: false, isInactive: false },
      after: { isTrial: true, isInactive: false },
    });
  });
});
