import { RAID_REMINDER_MESSAGES, type RaidReminderSent } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueDueReminders, raidReminderJob } from '../src/modules/raids/raid-reminder-job';
import { raidsDepsOf } from '../src/modules/raids/raids-deps';
import { recordRemindersSent } from '../src/modules/raids/record-reminders-sent';
import { mailsTo } from './helpers/community';
import { sql } from './helpers/factories';
import { insertMember } from './helpers/linking-factories';
import { inMinutes, planRaid, type RaidGuild, startRaidGuild } from './helpers/raid-guild';
import { until } from './helpers/wait';

let guild: RaidGuild;
const mailOf = (who: string) => `${who}@raiders.example`;

beforeAll(async () => {
  guild = await startRaidGuild('67');
  // Everyone reachable by e-mail; the co-officer is a member too, but has turned e-mail reminders off.
  await insertMember(guild.server.app, guild.tenantA, { discordUserId: guild.people.coOfficer.id, username: 'cofficer' });
  for (const who of ['raider', 'otherRaider', 'coOfficer'] as const) {
    await sql(guild.server.app, 'UPDATE users SET email = $2, email_verified = true WHERE id = $1', [
      guild.userIds[who],
      mailOf(who),
    ]);
  }
  const turnedOff = await guild.clients.coOfficer.request('PUT', '/api/guild/raid-reminders', {
    headers: { 'X-Guild-ID': guild.discordGuildA },
    body: { byEmail: false, byDiscord: true },
  });
  expect(turnedOff.status, turnedOff.text).toBe(200);
  expect(turnedOff.body).toMatchObject({ message: RAID_REMINDER_MESSAGES.saved, choices: { byEmail: false, byDiscord: true } });
});

afterAll(async () => {
  await guild?.stop();
});

describe('reminders by e-mail', () => {
  it('reminds once, by the job runner, only the members who have not answered and want it', async () => {
    const headers = { 'X-Guild-ID': guild.discordGuildA };
    // Sign-ups close in two hours: the guild's default times are 24h and 1h before, so "24h" is due and "1h" not yet.
    const raid = await planRaid(guild.clients.officer, headers, {
      name: 'Reminder night',
      instance: 'Undermine',
      difficulty: 'Heroic',
      startsAt: inMinutes(120),
    });
    const answered = await guild.clients.raider.request('PUT', `/api/guild/raids/${raid.id}/signup`, {
      headers,
      body: { status: 'accept', role: 'healer' },
    });
    expect(answered.status).toBe(200);

    const own = await guild.clients.otherRaider.get('/api/guild/raid-reminders', { headers });
    expect(own.body.choices).toEqual({ byEmail: true, byDiscord: true });

    const deps = raidsDepsOf(guild.server.app);
    const kind = raidReminderJob(deps);
    // Two scans at once (two processes, say) queue one job for the raid.
    const queued = await Promise.all([queueDueReminders(deps, kind), queueDueReminders(deps, kind)]);
    expect(queued[0]! + queued[1]!).toBe(1);
    await until(async () => (await mailsTo(guild.server.app, mailOf('otherRaider'))).length > 0, 20_000);
    const [mail] = await mailsTo(guild.server.app, mailOf('otherRaider'));
    expect(mail!.subject).toBe('Reminder: answer Reminder night');
    expect(mail!.text).toContain(`/raids/${raid.id}`);

    // Done: another scan finds the reminder run and queues nothing; nobody is mailed twice.
    await until(
      async () =>
        (await sql(guild.server.app, `SELECT 1 FROM jobs WHERE kind = 'raid_reminder' AND status IN ('queued', 'running')`))
          .length === 0,
      20_000,
    );
    expect(await queueDueReminders(deps, kind)).toBe(0);
    expect(await mailsTo(guild.server.app, mailOf('otherRaider'))).toHaveLength(1);
    expect(await mailsTo(guild.server.app, mailOf('raider'))).toEqual([]);
    expect(await mailsTo(guild.server.app, mailOf('coOfficer'))).toEqual([]);
    const reminded = await sql<{ user_id: string; channel: string; reminder: string }>(
      guild.server.app,
      'SELECT user_id, channel, reminder FROM raid_reminders WHERE raid_event_id = $1',
      [raid.id],
    );
    expect(reminded).toEqual([{ user_id: guild.userIds.otherRaider, channel: 'email', reminder: '24h' }]);

    // Officers see who was reminded and who answered since; members may not.
    const sentPath = `/api/guild/raids/${raid.id}/reminders`;
    const before = await guild.clients.officer.get<{ reminders: RaidReminderSent[] }>(sentPath, { headers });
    expect(before.body.reminders).toMatchObject([
      { userId: guild.userIds.otherRaider, name: 'Otherraider', channel: 'email', reminder: '24h', answeredAt: null },
    ]);
    const late = await guild.clients.otherRaider.request('PUT', `/api/guild/raids/${raid.id}/signup`, {
      headers,
      body: { status: 'tentative', role: 'tank' },
    });
    expect(late.status).toBe(200);
    const after = await guild.clients.officer.get<{ reminders: RaidReminderSent[] }>(sentPath, { headers });
    expect(after.body.reminders[0]!.answeredAt).not.toBeNull();
    expect((await guild.clients.raider.get(sentPath, { headers })).status).toBe(403);

    // The bot's direct messages are recorded the same way, once per member and time.
    const db = guild.server.app.services.db;
    const discord = { raidId: raid.id, reminder: '1h', channel: 'discord' as const };
    expect(await recordRemindersSent(db, discord, [guild.userIds.coOfficer])).toEqual([guild.userIds.coOfficer]);
    expect(await recordRemindersSent(db, discord, [guild.userIds.coOfficer])).toEqual([]);
    const both = await guild.clients.officer.get<{ reminders: RaidReminderSent[] }>(sentPath, { headers });
    expect(both.body.reminders.map((r) => [r.name, r.channel, r.reminder])).toEqual([
      ['Otherraider', 'email', '24h'],
      ['Cofficer', 'discord', '1h'],
    ]);
  });
});
