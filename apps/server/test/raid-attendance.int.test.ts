import {
  ATTENDANCE_MESSAGES,
  type AttendanceStanding,
  attendanceSummary,
  type RaidAttendance,
  type RaidDetail,
} from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAttendance } from '../src/modules/data-sources/combat-log-queries';
import { takeDueAttendance } from '../src/modules/raids/take-attendance';
import { answerOf, discordInteractions } from './helpers/discord-interactions';
import { sql } from './helpers/factories';
import type { HttpClient } from './helpers/http-client';
import { insertCharacter, insertMember } from './helpers/linking-factories';
import { inDays, planRaid, type RaidGuild, startRaidGuild } from './helpers/raid-guild';

let guild: RaidGuild;
let inA: { headers: Record<string, string> };
/** Characters beyond the raid guild's two raiders: the officers' and a member who never signs in. */
const more: Record<'officer' | 'coOfficer' | 'silent', string> = { officer: '', coOfficer: '', silent: '' };

const run = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => sql<Row>(guild.server.app, text, params);

/** A character linked as the main of a new member row of the guild. */
async function linkMain(discordUserId: string, username: string, name: string): Promise<string> {
  const memberId = await insertMember(guild.server.app, guild.tenantA, { discordUserId, username });
  const characterId = await insertCharacter(guild.server.app, guild.tenantA, { name, class: 'Mage', role: 'dps' });
  await run(
    `INSERT INTO character_links (guild_id, character_id, discord_member_id, is_primary, link_type) VALUES ($1, $2, $3, true, 'manual')`,
    [guild.tenantA, characterId, memberId],
  );
  return characterId;
}

beforeAll(async () => {
  guild = await startRaidGuild('68');
  inA = { headers: { 'X-Guild-ID': guild.discordGuildA } };
  more.officer = await linkMain(guild.people.officer.id, 'officer', 'Officerino');
  more.coOfficer = await linkMain(guild.people.coOfficer.id, 'cofficer', 'Cofficia');
  more.silent = await linkMain('685100000000000099', 'silent', 'Silentia');
});

afterAll(async () => {
  await guild?.stop();
});

const answer = async (raidId: string, client: HttpClient, body: Record<string, unknown>) => {
  const answered = await client.request('PUT', `/api/guild/raids/${raidId}/signup`, { ...inA, body });
  expect(answered.status, answered.text).toBe(200);
};

const place = async (raidId: string, userId: string, slot: string) => {
  const board = await guild.clients.officer.get<{ composition: { version: number } }>(
    `/api/guild/raids/${raidId}/composition`,
    inA,
  );
  const placed = await guild.clients.officer.request('PUT', `/api/guild/raids/${raidId}/composition/placements/${userId}`, {
    ...inA,
    body: { version: board.body.composition.version, slot },
  });
  expect(placed.status, placed.text).toBe(200);
};

/** Moves a raid into the past, as if it had been played: started 4 h ago, ended an hour ago. */
const playRaid = (raidId: string) =>
  run(
    `UPDATE raid_events SET starts_at = now() - interval '4 hours', ends_at = now() - interval '1 hour', signup_deadline = NULL
      WHERE id = $1`,
    [raidId],
  );

const readAttendance = async (raidId: string, client = guild.clients.raider) => {
  const read = await client.get<{ attendance: RaidAttendance; canManage: boolean }>(`/api/guild/raids/${raidId}/attendance`, inA);
  expect(read.status, read.text).toBe(200);
  return read.body;
};

/** Each character's status (and source) by name. */
const byName = (attendance: RaidAttendance) =>
  Object.fromEntries(attendance.entries.map((entry) => [entry.character.name, `${entry.status} (${entry.source})`]));

const correct = (raidId: string, characterId: string, body: Record<string, unknown>, client = guild.clients.officer) =>
  client.request<{ attendance: RaidAttendance; message: string; error?: string; fields?: Record<string, string> }>(
    'PUT',
    `/api/guild/raids/${raidId}/attendance/${characterId}`,
    { ...inA, body },
  );

/** A played raid where the raider accepted and sat as a healer, the other raider came late as a tank. */
async function playedRaid(name: string) {
  const raid = await planRaid(guild.clients.officer, inA.headers, {
    name,
    instance: 'Undermine',
    difficulty: 'Heroic',
    startsAt: inDays(1),
  });
  await answer(raid.id, guild.clients.raider, { status: 'accept', characterId: guild.characters.raider, role: 'healer' });
  await answer(raid.id, guild.clients.otherRaider, {
    status: 'late',
    lateMinutes: 15,
    characterId: guild.characters.otherRaider,
    role: 'tank',
  });
  return raid;
}

describe('attendance from the sign-ups and the composition', () => {
  it('is taken once the raid ends: seats present or late, the bench benched, absences with and without notice', async () => {
    const raid = await playedRaid('Attendance night');
    await answer(raid.id, guild.clients.officer, { status: 'accept', characterId: more.officer, role: 'ranged' });
    await answer(raid.id, guild.clients.coOfficer, { status: 'absent', comment: 'Away this week' });
    await place(raid.id, guild.userIds.raider, 'healer');
    await place(raid.id, guild.userIds.otherRaider, 'tank');
    await place(raid.id, guild.userIds.officer, 'bench');

    // Not played yet: nothing to take, and the officer cannot take it early.
    expect(await takeDueAttendance(guild.server.app.services.db)).toBe(0);
    const early = await guild.clients.officer.post<{ error: string }>(`/api/guild/raids/${raid.id}/attendance`, {}, inA);
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(ATTENDANCE_MESSAGES.notStarted);

    await playRaid(raid.id);
    expect(await takeDueAttendance(guild.server.app.services.db)).toBe(1);
    const { attendance, canManage } = await readAttendance(raid.id);
    expect(canManage).toBe(false);
    expect(attendance.takenAt).not.toBeNull();
    expect(attendance.hasReport).toBe(false);
    expect(byName(attendance)).toEqual({
      Bolvar: 'late (signups)',
      Cofficia: 'absent_notice (signups)',
      Officerino: 'benched (signups)',
      Silentia: 'absent (signups)',
      Thrallina: 'present (signups)',
    });

    // Idempotent: the scan finds it taken, and taking it again by hand gives the same records.
    expect(await takeDueAttendance(guild.server.app.services.db)).toBe(0);
    const again = await guild.clients.officer.post<{ attendance: RaidAttendance; message: string }>(
      `/api/guild/raids/${raid.id}/attendance`,
      {},
      inA,
    );
    expect(again.status, again.text).toBe(200);
    expect(again.body.message).toBe(ATTENDANCE_MESSAGES.taken(5));
    expect(byName(again.body.attendance)).toEqual(byName(attendance));
    // The analytics rollup counts who came: present and late.
    const [rollup] = await run('SELECT attendance_total, attendance_came FROM analytics_raids WHERE raid_event_id = $1', [
      raid.id,
    ]);
    expect(rollup).toEqual({ attendance_total: 5, attendance_came: 2 });
  });

  it('refuses members taking or correcting attendance, another guild’s raid, and a cancelled raid', async () => {
    const raid = await playedRaid('Refusal night');
    await playRaid(raid.id);
    const take = await guild.clients.raider.post(`/api/guild/raids/${raid.id}/attendance`, {}, inA);
    expect(take.status).toBe(403);
    expect((await correct(raid.id, guild.characters.raider, { status: 'absent' }, guild.clients.raider)).status).toBe(403);
    const foreign = await guild.clients.outsider.get(`/api/guild/raids/${raid.id}/attendance`, {
      headers: { 'X-Guild-ID': guild.discordGuildB },
    });
    expect(foreign.status).toBe(404);
    await run(`UPDATE raid_events SET cancelled_at = now(), cancel_reason = 'Server down' WHERE id = $1`, [raid.id]);
    const cancelled = await correct(raid.id, guild.characters.raider, { status: 'absent' });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.error).toBe(ATTENDANCE_MESSAGES.cancelled);
    const bad = await correct(raid.id, guild.characters.raider, { status: 'gone' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ status: ATTENDANCE_MESSAGES.statusRequired });
  });
});

describe('attendance from a Warcraft Logs report', () => {
  it('takes the report’s presence over the sign-ups, also when the report comes after', async () => {
    const raid = await playedRaid('Logged night');
    await playRaid(raid.id);
    expect(await takeDueAttendance(guild.server.app.services.db)).toBe(1);
    expect(byName((await readAttendance(raid.id)).attendance)).toMatchObject({
      Bolvar: 'late (signups)',
      Silentia: 'absent (signups)',
    });

    // The report, as the logs import writes it: Thrallina and Silentia were there, Bolvar was not.
    await guild.server.app.services.db.transaction((tx) => insertAttendance(tx, raid.id, [guild.characters.raider, more.silent]));
    expect(await takeDueAttendance(guild.server.app.services.db)).toBe(1);
    const { attendance } = await readAttendance(raid.id);
    expect(attendance.hasReport).toBe(true);
    expect(byName(attendance)).toEqual({
      Bolvar: 'absent (signups)',
      Cofficia: 'absent (signups)',
      Officerino: 'absent (signups)',
      Silentia: 'present (report)',
      Thrallina: 'present (report)',
    });
  });
});

describe('an officer’s correction', () => {
  it('wins over the sign-ups and the report, and is in the raid’s history members read', async () => {
    const raid = await playedRaid('Corrected night');
    await playRaid(raid.id);
    await guild.server.app.services.db.transaction((tx) => insertAttendance(tx, raid.id, [guild.characters.raider]));
    await takeDueAttendance(guild.server.app.services.db);
    expect(byName((await readAttendance(raid.id)).attendance).Bolvar).toBe('absent (signups)');

    const corrected = await correct(raid.id, guild.characters.otherRaider, {
      status: 'absent_notice',
      note: 'Told us in Discord',
    });
    expect(corrected.status, corrected.text).toBe(200);
    expect(corrected.body.message).toBe(ATTENDANCE_MESSAGES.corrected);
    expect(corrected.body.attendance.entries.find((entry) => entry.character.name === 'Bolvar')).toMatchObject({
      status: 'absent_notice',
      source: 'officer',
      correctedBy: 'Officer',
    });
    const twice = await correct(raid.id, guild.characters.otherRaider, { status: 'absent_notice' });
    expect(twice.status).toBe(400);
    expect(twice.body.fields).toEqual({ status: ATTENDANCE_MESSAGES.sameStatus });

    // The officer says Thrallina, whom the report saw, came late; a later report and a retake keep both corrections.
    expect((await correct(raid.id, guild.characters.raider, { status: 'late' })).status).toBe(200);
    await guild.server.app.services.db.transaction((tx) =>
      insertAttendance(tx, raid.id, [guild.characters.raider, guild.characters.otherRaider]),
    );
    const retaken = await guild.clients.officer.post<{ attendance: RaidAttendance }>(
      `/api/guild/raids/${raid.id}/attendance`,
      {},
      inA,
    );
    expect(byName(retaken.body.attendance)).toMatchObject({ Bolvar: 'absent_notice (officer)', Thrallina: 'late (officer)' });

    const read = await guild.clients.raider.get<{ raid: RaidDetail }>(`/api/guild/raids/${raid.id}`, inA);
    const corrections = read.body.raid.history.filter((entry) => entry.action === 'raid.attendance_corrected');
    expect(corrections).toEqual([
      expect.objectContaining({
        label: 'Attendance corrected',
        actor: 'Officer',
        changes: ['Bolvar: Absent without notice → Absent with notice'],
        reason: 'Told us in Discord',
      }),
      expect.objectContaining({ changes: ['Thrallina: Present → Late'], reason: null }),
    ]);
  });
});

describe('the rate against the guild’s rule', () => {
  const RULE = '/api/guild/config';

  /** A raid of the guild `weeksAgo` weeks back where the other raider's character had `status`. */
  async function pastRecord(weeksAgo: number, status: string, cancelled = false) {
    const [raid] = await run<{ id: string }>(
      `INSERT INTO raid_events (guild_id, name, instance, difficulty, starts_at, cancelled_at, cancel_reason)
       VALUES ($1, 'Past night', 'Undermine', 'Heroic', now() - make_interval(days => $2::int * 7 - 1), $3, $4) RETURNING id`,
      [guild.tenantA, weeksAgo, cancelled ? new Date() : null, cancelled ? 'Called off' : null],
    );
    await run(`INSERT INTO raid_attendance (raid_event_id, character_id, status) VALUES ($1, $2, $3)`, [
      raid!.id,
      guild.characters.otherRaider,
      status,
    ]);
  }

  const mine = async (client: HttpClient) => {
    const read = await client.get<{ rule: { percent: number; weeks: number }; standing: AttendanceStanding; isMember: boolean }>(
      '/api/guild/attendance/me',
      inA,
    );
    expect(read.status, read.text).toBe(200);
    return read.body;
  };

  it('counts present, late and benched as attended over the window, and says it in /attendance', async () => {
    await run('DELETE FROM raid_attendance WHERE character_id = $1', [guild.characters.otherRaider]);
    await pastRecord(1, 'present');
    await pastRecord(2, 'benched');
    await pastRecord(3, 'absent');
    await pastRecord(1, 'absent', true);
    await pastRecord(10, 'present');

    const byDefault = await mine(guild.clients.otherRaider);
    expect(byDefault.rule).toEqual({ percent: 80, weeks: 8 });
    expect(byDefault.standing).toEqual({
      counts: { present: 1, late: 0, benched: 1, absent_notice: 0, absent: 1 },
      rate: 66,
      meetsRule: false,
    });

    const tooHigh = await guild.clients.officer.request<{ fields: Record<string, string> }>('PUT', RULE, {
      ...inA,
      body: { category: 'raids', settings: { attendanceRule: 150 } },
    });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.fields).toEqual({ attendanceRule: 'Must be between 1 and 100' });
    const saved = await guild.clients.officer.request('PUT', RULE, {
      ...inA,
      body: { category: 'raids', settings: { attendanceRule: 75, attendanceWeeks: 12 } },
    });
    expect(saved.status, saved.text).toBe(200);
    const longer = await mine(guild.clients.otherRaider);
    expect(longer.rule).toEqual({ percent: 75, weeks: 12 });
    expect(longer.standing).toMatchObject({ rate: 75, meetsRule: true });

    const discord = discordInteractions(guild.fake, guild.server.url);
    const reply = answerOf(
      await discord.deliver(
        discord.command(guild.people.otherRaider, { guildId: guild.discordGuildA, permissions: '3072' }, 'attendance'),
      ),
    );
    expect(reply.flags).toBe(64);
    expect(reply.content).toBe(attendanceSummary(longer.standing.counts, longer.rule));
    expect(reply.content).toBe(
      "Your attendance: 75 % over the last 12 weeks (3 of 4 raids). The guild's rule is 75 %: you meet it.",
    );

    // Someone without a linked character has nothing recorded, and is told so.
    const outsiderReply = answerOf(
      await discord.deliver(discord.command(guild.people.outsider, { guildId: guild.discordGuildB }, 'attendance')),
    );
    expect(outsiderReply.content).toBe(ATTENDANCE_MESSAGES.noMember);
  });
});
