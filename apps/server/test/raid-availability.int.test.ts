import {
  addDays,
  RAID_AVAILABILITY_MESSAGES,
  RAID_MESSAGES,
  type RaidAbsence,
  type RaidDetail,
  type RaidSummary,
  weekdayOf,
} from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raidsDepsOf } from '../src/modules/raids/raids-deps';
import { sendRaidReminders } from '../src/modules/raids/send-raid-reminders';
import { mailsTo } from './helpers/community';
import { sql } from './helpers/factories';
import { inMinutes, planRaid, type RaidGuild, startRaidGuild } from './helpers/raid-guild';

let guild: RaidGuild;
let inA: { headers: Record<string, string> };
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  guild = await startRaidGuild('69');
  inA = { headers: { 'X-Guild-ID': guild.discordGuildA } };
});

afterAll(async () => {
  await guild?.stop();
});

const raid = (raidId: string, who: 'raider' | 'otherRaider' | 'coOfficer' = 'raider') =>
  guild.clients[who].get<{ raid: RaidDetail }>(`/api/guild/raids/${raidId}`, inA).then((answer) => answer.body.raid);

async function planSeries(firstDate: string, count: number, name: string): Promise<RaidSummary[]> {
  const created = await guild.clients.officer.post<{ raids: RaidSummary[] }>(
    '/api/guild/raid-series',
    { name, instance: 'Undermine', difficulty: 'Heroic', firstDate, weekdays: [weekdayOf(firstDate)], count, startTime: '12:00' },
    inA,
  );
  expect(created.status, created.text).toBe(200);
  return created.body.raids;
}

async function addAbsence(who: 'raider' | 'otherRaider', body: Record<string, unknown>) {
  return guild.clients[who].post<{ message: string; answered: number; absences: RaidAbsence[]; fields?: Record<string, string> }>(
    '/api/guild/raid-absences',
    { timeZone: 'UTC', ...body },
    inA,
  );
}

describe('standing availability', () => {
  it('answers Accept for a new series on the raid days, and an explicit answer overrides it', async () => {
    const day = addDays(today(), 10);
    const saved = await guild.clients.raider.request('PUT', '/api/guild/raid-availability', {
      ...inA,
      body: { weekdays: [weekdayOf(day)], characterId: guild.characters.raider, timeZone: 'UTC' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({
      message: RAID_AVAILABILITY_MESSAGES.daysSaved(0, 0),
      availability: { weekdays: [weekdayOf(day)], characterId: guild.characters.raider, role: 'healer', timeZone: 'UTC' },
    });

    const [first, second] = await planSeries(day, 2, 'Availability night');
    for (const planned of [first!, second!]) {
      const seen = await raid(planned.id);
      expect(seen.myAnswer).toMatchObject({
        status: 'accept',
        role: 'healer',
        byAvailability: true,
        character: { name: 'Thrallina' },
      });
      // The officers' board shows it as the availability's; the member who set none has no answer.
      expect(seen.signups.map((s) => [s.name, s.status, s.byAvailability])).toEqual([['Raider', 'accept', true]]);
      expect((await raid(planned.id, 'otherRaider')).myAnswer).toBeNull();
    }

    const own = await guild.clients.raider.request<{ raid: RaidSummary }>('PUT', `/api/guild/raids/${first!.id}/signup`, {
      ...inA,
      body: { status: 'tentative', role: 'healer' },
    });
    expect(own.status, own.text).toBe(200);
    expect(own.body.raid.myAnswer).toMatchObject({ status: 'tentative', byAvailability: false });
    // An absence over both raids: the explicit answer stays, the availability's becomes Absent.
    const away = await addAbsence('raider', { firstDate: day, lastDate: addDays(day, 7), note: 'Holiday' });
    expect(away.status, away.text).toBe(200);
    expect(away.body.message).toBe(RAID_AVAILABILITY_MESSAGES.absenceSaved(1));
    expect((await raid(first!.id)).myAnswer).toMatchObject({ status: 'tentative', byAvailability: false });
    expect((await raid(second!.id)).myAnswer).toMatchObject({ status: 'absent', comment: 'Holiday', byAvailability: true });

    // Removing the absence gives the raid days back to the raid it answered.
    const removed = await guild.clients.raider.request('DELETE', `/api/guild/raid-absences/${away.body.absences[0]!.id}`, inA);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.message).toBe(RAID_AVAILABILITY_MESSAGES.absenceRemoved);
    expect((await raid(second!.id)).myAnswer).toMatchObject({ status: 'accept', byAvailability: true });
    expect((await raid(first!.id)).myAnswer).toMatchObject({ status: 'tentative', byAvailability: false });
  });

  it('marks Absent the unanswered raids an absence covers, and new raids in it', async () => {
    const day = addDays(today(), 20);
    const before = await planSeries(day, 1, 'Before absence');
    const away = await addAbsence('otherRaider', {
      firstDate: addDays(day, -1),
      lastDate: addDays(day, 10),
      note: 'Moving house',
    });
    expect(away.status, away.text).toBe(200);
    expect(away.body.answered).toBe(1);
    expect(away.body.absences).toMatchObject([{ firstDate: addDays(day, -1), lastDate: addDays(day, 10), note: 'Moving house' }]);
    const after = await planSeries(addDays(day, 7), 1, 'After absence');
    for (const planned of [before[0]!, after[0]!]) {
      expect((await raid(planned.id, 'otherRaider')).myAnswer).toMatchObject({
        status: 'absent',
        comment: 'Moving house',
        byAvailability: true,
      });
    }
    const read = await guild.clients.otherRaider.get<{ absences: RaidAbsence[] }>('/api/guild/raid-availability', inA);
    expect(read.body.absences).toHaveLength(1);
  });

  it('refuses absences that cannot be, with clear messages', async () => {
    const day = addDays(today(), 40);
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ firstDate: day, lastDate: addDays(day, -1) }, 400, 'lastDate', RAID_AVAILABILITY_MESSAGES.lastBeforeFirst],
      [{ firstDate: addDays(today(), -3), lastDate: day }, 400, 'firstDate', RAID_AVAILABILITY_MESSAGES.startsInThePast],
      [{ firstDate: day, lastDate: addDays(day, 400) }, 400, 'lastDate', RAID_AVAILABILITY_MESSAGES.tooLong],
      [{ firstDate: day, lastDate: day, timeZone: 'Mars/Olympus' }, 400, 'timeZone', RAID_AVAILABILITY_MESSAGES.unknownTimeZone],
      [{ firstDate: '40 Dec', lastDate: day }, 400, 'firstDate', RAID_MESSAGES.date],
    ];
    for (const [body, status, field, message] of cases) {
      const refused = await addAbsence('raider', body);
      expect(refused.status, JSON.stringify(body)).toBe(status);
      expect(refused.body.fields?.[field]).toBe(message);
    }
    expect((await addAbsence('raider', { firstDate: day, lastDate: addDays(day, 2) })).status).toBe(200);
    const overlap = await addAbsence('raider', { firstDate: addDays(day, 2), lastDate: addDays(day, 4) });
    expect([overlap.status, overlap.body]).toMatchObject([409, { error: RAID_AVAILABILITY_MESSAGES.overlaps }]);
    // Another member's absence is not found; neither is another guild's character.
    const [absence] = (await guild.clients.raider.get<{ absences: RaidAbsence[] }>('/api/guild/raid-availability', inA)).body
      .absences;
    expect((await guild.clients.otherRaider.request('DELETE', `/api/guild/raid-absences/${absence!.id}`, inA)).status).toBe(404);
    const foreign = await guild.clients.otherRaider.request('PUT', '/api/guild/raid-availability', {
      ...inA,
      body: { weekdays: [1], characterId: guild.characters.raider, timeZone: 'UTC' },
    });
    expect([foreign.status, foreign.body.error]).toEqual([403, RAID_MESSAGES.notYourCharacter]);
    const roleless = await guild.clients.otherRaider.request('PUT', '/api/guild/raid-availability', {
      ...inA,
      body: { weekdays: [1], timeZone: 'UTC' },
    });
    expect([roleless.status, roleless.body.fields]).toEqual([400, { role: RAID_MESSAGES.roleRequired }]);
  });

  it('sends no reminder to a member whose availability answered', async () => {
    for (const who of ['raider', 'otherRaider'] as const) {
      await sql(guild.server.app, 'UPDATE users SET email = $2, email_verified = true WHERE id = $1', [
        guild.userIds[who],
        `${who}@availability.example`,
      ]);
    }
    const soon = inMinutes(120);
    const saved = await guild.clients.raider.request('PUT', '/api/guild/raid-availability', {
      ...inA,
      body: { weekdays: [0, 1, 2, 3, 4, 5, 6], role: 'ranged', timeZone: 'UTC' },
    });
    expect(saved.status, saved.text).toBe(200);
    const planned = await planRaid(guild.clients.officer, inA.headers, {
      name: 'Reminder check',
      instance: 'Undermine',
      difficulty: 'Normal',
      startsAt: soon,
    });
    expect((await raid(planned.id)).myAnswer).toMatchObject({ status: 'accept', role: 'ranged', byAvailability: true });
    const sent = await sendRaidReminders(raidsDepsOf(guild.server.app), {
      raidId: planned.id,
      guildId: guild.tenantA,
      reminders: ['24h'],
    });
    expect(sent.sent).toBeGreaterThan(0);
    expect(await mailsTo(guild.server.app, 'otherRaider@availability.example')).toHaveLength(1);
    expect(await mailsTo(guild.server.app, 'raider@availability.example')).toEqual([]);
  });
});
