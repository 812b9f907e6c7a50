import {
  addDays,
  COMMUNITY_NAMESPACE,
  type CommunityServerEvents,
  RAID_AVAILABILITY_MESSAGES,
  type RaidAnswered,
  type RaidDetail,
  weekdayOf,
} from '@guildhall/contract';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raidsDepsOf } from '../src/modules/raids/raids-deps';
import { sendRaidReminders } from '../src/modules/raids/send-raid-reminders';
import { mailsTo } from './helpers/community';
import { sql } from './helpers/factories';
import type { HttpClient } from './helpers/http-client';
import { inMinutes, planRaid, type RaidGuild, startRaidGuild } from './helpers/raid-guild';
import { until } from './helpers/wait';

// Raid days answer the raids already planned on them too (issue 31), as an absence does: open, unanswered ones only,
// never inside an absence; changing or clearing them withdraws only the answers they gave open raids.

type Who = 'raider' | 'otherRaider' | 'coOfficer' | 'officer';

let guild: RaidGuild;
let inA: { headers: Record<string, string> };
const today = () => new Date().toISOString().slice(0, 10);
/** The first test's raid day (UTC date); the second's is 16 days on, so their weekdays never meet. */
const baseDay = addDays(today(), 14);

beforeAll(async () => {
  guild = await startRaidGuild('73');
  inA = { headers: { 'X-Guild-ID': guild.discordGuildA } };
});

afterAll(async () => {
  await guild?.stop();
});

const raid = (raidId: string, who: Who = 'raider') =>
  guild.clients[who].get<{ raid: RaidDetail }>(`/api/guild/raids/${raidId}`, inA).then((answer) => answer.body.raid);

const plan = (name: string, startsAt: string) =>
  planRaid(guild.clients.officer, inA.headers, { name, instance: 'Undermine', difficulty: 'Heroic', startsAt }).then(
    (planned) => planned.id,
  );

/** 20:00 UTC on a date. */
const evening = (date: string) => `${date}T20:00:00.000Z`;

interface SavedDays {
  message: string;
  answered: number;
  withdrawn: number;
}

const saveDays = (who: Who, body: Record<string, unknown>) =>
  guild.clients[who].request<SavedDays>('PUT', '/api/guild/raid-availability', { ...inA, body });

/** An officer's socket on the guild's room, and the answers it hears. */
async function watchAnswers(): Promise<{ heard: RaidAnswered[]; close(): void }> {
  const socket: Socket<CommunityServerEvents> = io(`${guild.server.url}${COMMUNITY_NAMESPACE}`, {
    transports: ['websocket'],
    reconnection: false,
    auth: { guildId: guild.discordGuildA },
    extraHeaders: { cookie: (guild.clients.officer as HttpClient).cookieHeader() },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const heard: RaidAnswered[] = [];
  socket.on('raid:answered', (answer) => heard.push(answer));
  return { heard, close: () => socket.close() };
}

const byRaid = (a: { raidId: string }, b: { raidId: string }) => a.raidId.localeCompare(b.raidId);

describe('raid days and the raids already planned', () => {
  it('answers Accept the open raids on the raid days that the member has not answered, in their zone', async () => {
    const lateNight = await plan('Late night', `${baseDay}T02:00:00.000Z`); // Los Angeles: the day before, evening
    const dayBefore = await plan('Day before', evening(addDays(baseDay, -1)));
    const sameUtcDay = await plan('Same UTC day', evening(baseDay)); // Los Angeles: the raid day's weekday + 1
    const ownAnswer = await plan('Own answer', evening(addDays(baseDay, 6)));
    const closed = await plan('Closed', evening(addDays(baseDay, -8)));
    const cancelled = await plan('Cancelled', evening(addDays(baseDay, 13)));
    const away = await plan('Away', evening(addDays(baseDay, 20)));
    const foreign = await planRaid(
      guild.clients.outsider,
      { 'X-Guild-ID': guild.discordGuildB },
      {
        name: 'Other guild',
        instance: 'Undermine',
        difficulty: 'Heroic',
        startsAt: evening(addDays(baseDay, -1)),
      },
    );

    const own = await guild.clients.raider.request('PUT', `/api/guild/raids/${ownAnswer}/signup`, {
      ...inA,
      body: { status: 'tentative', role: 'healer', comment: 'Maybe' },
    });
    expect(own.status, own.text).toBe(200);
    await sql(guild.server.app, "UPDATE raid_events SET signup_deadline = now() - interval '1 minute' WHERE id = $1", [closed]);
    const cancel = await guild.clients.officer.post(`/api/guild/raids/${cancelled}/cancel`, { version: 1, reason: 'No' }, inA);
    expect(cancel.status, cancel.text).toBe(200);
    // An absence over a raid day whose Absent answer the member took back: the raid waits for them, inside the absence.
    const absence = await guild.clients.raider.post(
      '/api/guild/raid-absences',
      { firstDate: addDays(baseDay, 20), lastDate: addDays(baseDay, 20), timeZone: 'America/Los_Angeles', note: 'Away' },
      inA,
    );
    expect([absence.status, absence.body.answered]).toEqual([200, 1]);
    expect((await guild.clients.raider.request('DELETE', `/api/guild/raids/${away}/signup`, inA)).status).toBe(200);

    const live = await watchAnswers();
    try {
      const raidDay = (weekdayOf(baseDay) + 6) % 7;
      const saved = await saveDays('raider', {
        weekdays: [raidDay],
        characterId: guild.characters.raider,
        timeZone: 'America/Los_Angeles',
      });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body).toMatchObject({
        answered: 2,
        withdrawn: 0,
        message: RAID_AVAILABILITY_MESSAGES.daysSaved(2, 0),
      });

      for (const answered of [lateNight, dayBefore]) {
        const seen = await raid(answered);
        expect(seen.myAnswer).toMatchObject({
          status: 'accept',
          role: 'healer',
          byAvailability: true,
          character: { name: 'Thrallina' },
        });
        // The raid's answers, as the officers and the other members read them, say it is the availability's.
        const asOfficer = await raid(answered, 'officer');
        expect(asOfficer.signups.map((s) => [s.name, s.status, s.role, s.byAvailability])).toEqual([
          ['Raider', 'accept', 'healer', true],
        ]);
        expect([asOfficer.answers.accept, asOfficer.filled.healers]).toEqual([1, 1]);
      }
      for (const untouched of [sameUtcDay, closed, cancelled, away]) {
        expect((await raid(untouched)).myAnswer, untouched).toBeNull();
      }
      expect((await raid(ownAnswer)).myAnswer).toMatchObject({ status: 'tentative', comment: 'Maybe', byAvailability: false });
      const foreignAnswers = await sql(guild.server.app, 'SELECT 1 FROM raid_signups WHERE raid_event_id = $1', [foreign.id]);
      expect(foreignAnswers).toEqual([]);

      // Calendars and the bot's raid posts hear each answer given, as they hear a sign-up.
      await until(() => live.heard.length >= 2);
      expect(live.heard.sort(byRaid)).toEqual(
        [lateNight, dayBefore]
          .map((raidId): RaidAnswered => ({ raidId, userId: guild.userIds.raider, status: 'accept' }))
          .sort(byRaid),
      );

      // Saving the same days again answers nothing twice.
      const again = await saveDays('raider', {
        weekdays: [raidDay],
        characterId: guild.characters.raider,
        timeZone: 'America/Los_Angeles',
      });
      expect(again.body).toMatchObject({ answered: 0, withdrawn: 0, message: RAID_AVAILABILITY_MESSAGES.daysSaved(0, 0) });
    } finally {
      live.close();
    }
  });

  it('withdraws only the Accept answers the raid days gave open raids when they change or are cleared', async () => {
    const day = addDays(baseDay, 16);
    const [kept, dropped] = [weekdayOf(day), weekdayOf(addDays(day, 1))];
    const onKept = await plan('Kept day', evening(day));
    const onDropped = await plan('Dropped day', evening(addDays(day, 1)));
    const ownAccept = await plan('Own accept', evening(addDays(day, 7)));
    const closing = await plan('Closing', evening(addDays(day, 14)));
    const away = await plan('Away day', evening(addDays(day, 21)));
    const own = await guild.clients.otherRaider.request('PUT', `/api/guild/raids/${ownAccept}/signup`, {
      ...inA,
      body: { status: 'accept', role: 'tank' },
    });
    expect(own.status, own.text).toBe(200);
    const absence = await guild.clients.otherRaider.post(
      '/api/guild/raid-absences',
      { firstDate: addDays(day, 21), lastDate: addDays(day, 21), timeZone: 'UTC', note: 'Wedding' },
      inA,
    );
    expect([absence.status, absence.body.answered]).toEqual([200, 1]);

    const both = await saveDays('otherRaider', {
      weekdays: [kept, dropped],
      characterId: guild.characters.otherRaider,
      timeZone: 'UTC',
    });
    expect(both.status, both.text).toBe(200);
    expect(both.body).toMatchObject({ answered: 3, withdrawn: 0 });
    for (const answered of [onKept, onDropped, closing]) {
      expect((await raid(answered, 'otherRaider')).myAnswer).toMatchObject({
        status: 'accept',
        role: 'tank',
        byAvailability: true,
      });
    }
    // Its sign-ups close: from now on it is history.
    await sql(guild.server.app, "UPDATE raid_events SET signup_deadline = now() - interval '1 minute' WHERE id = $1", [closing]);

    const live = await watchAnswers();
    try {
      const fewer = await saveDays('otherRaider', {
        weekdays: [kept],
        characterId: guild.characters.otherRaider,
        timeZone: 'UTC',
      });
      expect(fewer.status, fewer.text).toBe(200);
      expect(fewer.body).toMatchObject({ answered: 0, withdrawn: 1, message: RAID_AVAILABILITY_MESSAGES.daysSaved(0, 1) });
      expect((await raid(onDropped, 'otherRaider')).myAnswer).toBeNull();
      expect((await raid(onDropped, 'officer')).signups).toEqual([]);
      expect((await raid(onKept, 'otherRaider')).myAnswer).toMatchObject({ status: 'accept', byAvailability: true });

      const cleared = await saveDays('otherRaider', { weekdays: [], timeZone: 'UTC' });
      expect(cleared.status, cleared.text).toBe(200);
      expect(cleared.body).toMatchObject({
        availability: null,
        answered: 0,
        withdrawn: 1,
        message: RAID_AVAILABILITY_MESSAGES.daysCleared(1),
      });
      expect((await raid(onKept, 'otherRaider')).myAnswer).toBeNull();
      // Their own Accept, the closed raid's answer and the absence's Absent stay.
      expect((await raid(ownAccept, 'otherRaider')).myAnswer).toMatchObject({ status: 'accept', byAvailability: false });
      expect((await raid(closing, 'otherRaider')).myAnswer).toMatchObject({ status: 'accept', byAvailability: true });
      expect((await raid(away, 'otherRaider')).myAnswer).toMatchObject({
        status: 'absent',
        comment: 'Wedding',
        byAvailability: true,
      });

      await until(() => live.heard.length >= 2);
      expect(live.heard).toEqual([
        { raidId: onDropped, userId: guild.userIds.otherRaider, status: null },
        { raidId: onKept, userId: guild.userIds.otherRaider, status: null },
      ]);
    } finally {
      live.close();
    }
  });

  it('counts a raid the raid days answered afterwards as answered for reminders', async () => {
    for (const who of ['coOfficer', 'otherRaider'] as const) {
      await sql(guild.server.app, 'UPDATE users SET email = $2, email_verified = true WHERE id = $1', [
        guild.userIds[who],
        `${who}@planned.example`,
      ]);
    }
    const soon = await plan('Reminder check', inMinutes(120));
    expect((await raid(soon, 'coOfficer')).myAnswer).toBeNull();
    const saved = await saveDays('coOfficer', { weekdays: [0, 1, 2, 3, 4, 5, 6], role: 'ranged', timeZone: 'UTC' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.answered).toBeGreaterThanOrEqual(1);
    expect((await raid(soon, 'coOfficer')).myAnswer).toMatchObject({ status: 'accept', role: 'ranged', byAvailability: true });
    const sent = await sendRaidReminders(raidsDepsOf(guild.server.app), {
      raidId: soon,
      guildId: guild.tenantA,
      reminders: ['24h'],
    });
    expect(sent.sent).toBeGreaterThan(0);
    expect(await mailsTo(guild.server.app, 'otherRaider@planned.example')).toHaveLength(1);
    expect(await mailsTo(guild.server.app, 'coOfficer@planned.example')).toEqual([]);
  });
});
