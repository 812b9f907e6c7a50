import {
  COMMUNITY_MESSAGES,
  COMMUNITY_NAMESPACE,
  type CommunityServerEvents,
  RAID_MESSAGES,
  type RaidAnswered,
  type RaidDetail,
  type RaidSummary,
  type RaidTemplate,
} from '@guildhall/contract';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from './helpers/factories';
import type { HttpClient } from './helpers/http-client';
import { inDays, inMinutes, type RaidGuild, startRaidGuild } from './helpers/raid-guild';
import type { TestApp } from './helpers/test-app';

let guild: RaidGuild;
let server: TestApp;
let clients: RaidGuild['clients'];
let characters: RaidGuild['characters'];
let tenantB: string;
let raider: RaidGuild['people']['raider'];
let GUILD_A: string;
let GUILD_B: string;
let inA: { headers: Record<string, string> };
let inB: { headers: Record<string, string> };

beforeAll(async () => {
  guild = await startRaidGuild('64');
  ({ server, clients, characters, tenantB } = guild);
  raider = guild.people.raider;
  GUILD_A = guild.discordGuildA;
  GUILD_B = guild.discordGuildB;
  inA = { headers: { 'X-Guild-ID': GUILD_A } };
  inB = { headers: { 'X-Guild-ID': GUILD_B } };
});

afterAll(async () => {
  await guild?.stop();
});

const template = {
  name: 'Heroic night',
  instance: 'Manaforge Omega',
  difficulty: 'Heroic',
  size: 20,
  seats: { tanks: 2, healers: 4, melee: 7, ranged: 7 },
  startTime: '20:00',
  durationMinutes: 180,
  signupDeadlineMinutes: 60,
  notes: 'Flasks and food',
};

async function createTemplate(body = template): Promise<RaidTemplate> {
  const created = await clients.officer!.post<{ template: RaidTemplate }>('/api/guild/raid-templates', body, inA);
  expect(created.status, created.text).toBe(200);
  return created.body.template;
}

async function createRaid(body: Record<string, unknown>, as = clients.officer!, options = inA): Promise<RaidSummary> {
  const created = await as.post<{ raid: RaidSummary }>('/api/guild/raids', body, options);
  expect(created.status, created.text).toBe(200);
  return created.body.raid;
}

const readRaid = async (raidId: string, as = clients.raider!) =>
  as.get<{ raid: RaidDetail; timeZone: string; error?: string }>(`/api/guild/raids/${raidId}`, inA);

const signUp = (raidId: string, body: Record<string, unknown>, as = clients.raider!, options = inA) =>
  as.request<{ raid: RaidSummary; message: string; error?: string }>('PUT', `/api/guild/raids/${raidId}/signup`, {
    ...options,
    body,
  });

describe('planning from a template and answering from the calendar', () => {
  it('plans a raid from a template, shows it with the member’s answer and seats, and keeps one answer per member', async () => {
    const heroic = await createTemplate({ ...template, name: 'Heroic night A' });
    const startsAt = inDays(3);
    const raid = await createRaid({ templateId: heroic.id, startsAt });
    expect(raid).toMatchObject({
      name: 'Heroic night A',
      instance: 'Manaforge Omega',
      difficulty: 'Heroic',
      size: 20,
      seats: { tanks: 2, healers: 4, melee: 7, ranged: 7 },
      leader: { name: 'Officer' },
      myAnswer: null,
      notes: 'Flasks and food',
    });
    expect(Date.parse(raid.endsAt!) - Date.parse(startsAt)).toBe(180 * 60_000);
    expect(Date.parse(startsAt) - Date.parse(raid.signupDeadline!)).toBe(60 * 60_000);

    const first = await signUp(raid.id, { status: 'accept', characterId: characters.raider, comment: 'Ready' });
    expect(first.status, first.text).toBe(200);
    expect(first.body.message).toBe(RAID_MESSAGES.signupSaved);
    expect(first.body.raid.myAnswer).toMatchObject({ status: 'accept', role: 'healer', character: { name: 'Thrallina' } });
    expect(first.body.raid.filled).toEqual({ tanks: 0, healers: 1, melee: 0, ranged: 0 });

    const second = await signUp(raid.id, { status: 'tentative', characterId: characters.raider, role: 'healer' });
    expect(second.status, second.text).toBe(200);
    expect(second.body.raid.myAnswer).toMatchObject({ status: 'tentative', comment: '' });
    expect(second.body.raid.filled.healers).toBe(0);
    expect(second.body.raid.answers).toMatchObject({ accept: 0, tentative: 1 });
    const rows = await sql(server.app, 'SELECT status FROM raid_signups WHERE raid_event_id = $1', [raid.id]);
    expect(rows).toEqual([{ status: 'tentative' }]);

    const late = await signUp(raid.id, { status: 'late', role: 'healer' });
    expect(late.status).toBe(400);
    expect(late.body.error).toBe(RAID_MESSAGES.lateMinutes);
    const lateWithMinutes = await signUp(raid.id, { status: 'late', lateMinutes: 15, role: 'healer' });
    expect(lateWithMinutes.body.raid.myAnswer).toMatchObject({ status: 'late', lateMinutes: 15 });

    const calendar = await clients.raider!.get<{ raids: RaidSummary[]; timeZone: string; canManage: boolean }>(
      `/api/guild/raids?from=${encodeURIComponent(inDays(2))}&to=${encodeURIComponent(inDays(4))}`,
      inA,
    );
    expect(calendar.status, calendar.text).toBe(200);
    expect(calendar.body.canManage).toBe(false);
    const listed = calendar.body.raids.find((r) => r.id === raid.id)!;
    expect(listed.myAnswer).toMatchObject({ status: 'late', lateMinutes: 15 });
    expect(listed.filled.healers).toBe(1);
    const officerView = await clients.officer!.get<{ raids: RaidSummary[]; canManage: boolean }>(
      `/api/guild/raids?from=${encodeURIComponent(inDays(2))}&to=${encodeURIComponent(inDays(4))}`,
      inA,
    );
    expect(officerView.body.canManage).toBe(true);
    expect(officerView.body.raids.find((r) => r.id === raid.id)!.myAnswer).toBeNull();

    const detail = await readRaid(raid.id);
    expect(detail.body.raid.signups.map((s) => [s.name, s.status])).toEqual([['Raider', 'late']]);
    expect(detail.body.raid.history.map((h) => [h.label, h.actor])).toEqual([['Raid planned', 'Officer']]);

    const withdrawn = await clients.raider!.request<{ raid: RaidSummary }>('DELETE', `/api/guild/raids/${raid.id}/signup`, inA);
    expect(withdrawn.body.raid.myAnswer).toBeNull();
    const again = await clients.raider!.request('DELETE', `/api/guild/raids/${raid.id}/signup`, inA);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe(RAID_MESSAGES.notSignedUp);
  });

  it('lists the member’s own characters only', async () => {
    const own = await clients.raider!.get<{ characters: { name: string; isPrimary: boolean }[] }>(
      '/api/guild/my-characters',
      inA,
    );
    expect(own.body.characters).toEqual([expect.objectContaining({ name: 'Thrallina', isPrimary: true })]);
    const none = await clients.officer!.get<{ characters: unknown[] }>('/api/guild/my-characters', inA);
    expect(none.body.characters).toEqual([]);
  });
});

describe('answers that are refused', () => {
  it('refuses an answer after the deadline, for someone else’s character, and for a cancelled raid', async () => {
    const closed = await createRaid({
      name: 'Closed night',
      instance: 'Manaforge Omega',
      difficulty: 'Normal',
      startsAt: inMinutes(120),
      signupDeadline: inMinutes(-1),
    });
    const late = await signUp(closed.id, { status: 'accept', role: 'melee' });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(RAID_MESSAGES.deadlinePassed);

    const open = await createRaid({ name: 'Open night', instance: 'Manaforge Omega', difficulty: 'Normal', startsAt: inDays(5) });
    const stolen = await signUp(open.id, { status: 'accept', characterId: characters.otherRaider });
    expect(stolen.status).toBe(403);
    expect(stolen.body.error).toBe(RAID_MESSAGES.notYourCharacter);
    expect(await sql(server.app, 'SELECT 1 FROM raid_signups WHERE raid_event_id = $1', [open.id])).toEqual([]);

    expect((await signUp(open.id, { status: 'accept', characterId: characters.otherRaider }, clients.otherRaider)).status).toBe(
      200,
    );
    const cancelled = await clients.officer!.post<{ raid: RaidSummary }>(
      `/api/guild/raids/${open.id}/cancel`,
      { version: open.version, reason: 'Half the raid is at a wedding' },
      inA,
    );
    expect(cancelled.status, cancelled.text).toBe(200);
    const refused = await signUp(open.id, { status: 'accept', characterId: characters.raider });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(RAID_MESSAGES.raidCancelled('Half the raid is at a wedding'));
    // The member who had answered sees the reason on the calendar and on the raid.
    const seen = await readRaid(open.id, clients.otherRaider);
    expect(seen.body.raid).toMatchObject({ cancelReason: 'Half the raid is at a wedding', myAnswer: { status: 'accept' } });
    expect(seen.body.raid.history.map((h) => [h.label, h.reason])).toEqual([
      ['Raid planned', null],
      ['Raid cancelled', 'Half the raid is at a wedding'],
    ]);
    const twice = await clients.officer!.post(`/api/guild/raids/${open.id}/cancel`, { version: 2, reason: 'Again' }, inA);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe(RAID_MESSAGES.alreadyCancelled);
  });
});

describe('who may plan, and which guild', () => {
  it('refuses planning, editing, cancelling and templates to a member without raids.manage (403)', async () => {
    const raid = await createRaid({ name: 'Guarded', instance: 'Undermine', difficulty: 'Mythic', startsAt: inDays(6) });
    const raider = clients.raider!;
    const attempts = [
      await raider.post('/api/guild/raids', { name: 'Mine', instance: 'X', difficulty: 'Normal', startsAt: inDays(6) }, inA),
      await raider.post(
        '/api/guild/raid-series',
        { name: 'Mine', instance: 'X', difficulty: 'Normal', firstDate: '2027-01-06', weekdays: [3], count: 2 },
        inA,
      ),
      await raider.request('PATCH', `/api/guild/raids/${raid.id}`, { ...inA, body: { version: 1, name: 'Renamed' } }),
      await raider.post(`/api/guild/raids/${raid.id}/cancel`, { version: 1, reason: 'Because' }, inA),
      await raider.get('/api/guild/raid-templates', inA),
      await raider.post('/api/guild/raid-templates', template, inA),
    ];
    expect(attempts.map((a) => a.status)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(attempts[0]!.body.error).toBe(COMMUNITY_MESSAGES.guildPermissionDenied);
    expect((await readRaid(raid.id)).body.raid).toMatchObject({ name: 'Guarded', cancelledAt: null, version: 1 });
  });

  it('keeps guild B’s raids from a member of guild A, whatever header they send', async () => {
    const raidB = await createRaid(
      { name: 'Other guild night', instance: 'Undermine', difficulty: 'Normal', startsAt: inDays(2) },
      clients.outsider!,
      inB,
    );
    const [row] = await sql<{ guild_id: string }>(server.app, 'SELECT guild_id FROM raid_events WHERE id = $1', [raidB.id]);
    expect(row!.guild_id).toBe(tenantB);
    // Naming guild B: not one of their guilds.
    const header = await clients.raider!.get(`/api/guild/raids/${raidB.id}`, inB);
    expect(header.status).toBe(403);
    expect((await signUp(raidB.id, { status: 'accept', role: 'melee' }, clients.raider!, inB)).status).toBe(403);
    // Naming their own guild A: guild B's raid is not there.
    const read = await readRaid(raidB.id);
    expect(read.status).toBe(404);
    expect(read.body.error).toBe(RAID_MESSAGES.notFound);
    const answer = await signUp(raidB.id, { status: 'accept', role: 'melee' });
    expect(answer.status).toBe(404);
    const edit = await clients.officer!.request('PATCH', `/api/guild/raids/${raidB.id}`, {
      ...inA,
      body: { version: 1, name: 'Hijacked' },
    });
    expect(edit.status).toBe(404);
    const calendar = await clients.raider!.get<{ raids: RaidSummary[] }>(
      `/api/guild/raids?from=${encodeURIComponent(inDays(1))}&to=${encodeURIComponent(inDays(3))}`,
      inA,
    );
    expect(calendar.body.raids.map((r) => r.id)).not.toContain(raidB.id);
    expect(await sql(server.app, 'SELECT 1 FROM raid_signups WHERE raid_event_id = $1', [raidB.id])).toEqual([]);
  });
});

describe('two officers editing one raid', () => {
  it('gives the second edit on a stale version a conflict instead of overwriting, one after the other and at once', async () => {
    const raid = await createRaid({ name: 'Contested', instance: 'Undermine', difficulty: 'Heroic', startsAt: inDays(8) });
    const first = await clients.officer!.request<{ raids: RaidSummary[] }>('PATCH', `/api/guild/raids/${raid.id}`, {
      ...inA,
      body: { version: raid.version, notes: 'Bring potions' },
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body.raids[0]).toMatchObject({ notes: 'Bring potions', version: 2 });
    const second = await clients.coOfficer!.request('PATCH', `/api/guild/raids/${raid.id}`, {
      ...inA,
      body: { version: raid.version, notes: 'No potions needed' },
    });
    expect(second.status).toBe(409);
    expect(second.body.error).toBe(RAID_MESSAGES.editConflict);

    const racing = await Promise.all(
      [clients.officer!, clients.coOfficer!].map((client, i) =>
        client.request('PATCH', `/api/guild/raids/${raid.id}`, { ...inA, body: { version: 2, name: `Racer ${i}` } }),
      ),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
    const detail = await readRaid(raid.id);
    expect(detail.body.raid.notes).toBe('Bring potions');
    expect(detail.body.raid.version).toBe(3);
    expect(detail.body.raid.history.filter((h) => h.label === 'Raid edited').map((h) => h.changes)).toEqual([
      ['notes'],
      ['name'],
    ]);
  });
});

describe('a weekly series in the guild’s time zone', () => {
  it('keeps 20:00 in Berlin across the spring change, and edits this, following or all raids', async () => {
    const zone = await clients.officer!.request('PUT', '/api/guild/config', {
      ...inA,
      body: { category: 'general', settings: { timezone: 'Europe/Berlin' } },
    });
    expect(zone.status, zone.text).toBe(200);
    const weekly = await createTemplate({ ...template, name: 'Weekly Wednesday', signupDeadlineMinutes: 0 });
    // Wednesdays from 17 March 2027; Berlin moves to summer time on Sunday 28 March.
    const created = await clients.officer!.post<{ raids: RaidSummary[]; seriesId: string; message: string }>(
      '/api/guild/raid-series',
      { templateId: weekly.id, firstDate: '2027-03-17', weekdays: [3], count: 3 },
      inA,
    );
    expect(created.status, created.text).toBe(200);
    expect(created.body.message).toBe(RAID_MESSAGES.seriesCreated(3));
    const raids = created.body.raids;
    expect(raids.map((r) => r.startsAt)).toEqual([
      '2027-03-17T19:00:00.000Z',
      '2027-03-24T19:00:00.000Z',
      '2027-03-31T18:00:00.000Z',
    ]);
    expect(raids.every((r) => r.seriesId === created.body.seriesId && r.signupDeadline === null)).toBe(true);

    // "This and following" from the second raid: 21:00 Berlin, on each raid's own day.
    const moved = await clients.officer!.request<{ raids: RaidSummary[] }>('PATCH', `/api/guild/raids/${raids[1]!.id}`, {
      ...inA,
      body: { version: 1, scope: 'following', startsAt: '2027-03-24T20:00:00.000Z' },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.raids.map((r) => [r.startsAt, r.endsAt])).toEqual([
      ['2027-03-24T20:00:00.000Z', '2027-03-24T23:00:00.000Z'],
      ['2027-03-31T19:00:00.000Z', '2027-03-31T22:00:00.000Z'],
    ]);
    // "All": the name of every raid; "this": only the first's notes.
    const renamed = await clients.officer!.request<{ raids: RaidSummary[] }>('PATCH', `/api/guild/raids/${raids[0]!.id}`, {
      ...inA,
      body: { version: 1, scope: 'all', name: 'Wednesday progress' },
    });
    expect(renamed.body.raids.map((r) => r.name)).toEqual(['Wednesday progress', 'Wednesday progress', 'Wednesday progress']);
    expect(renamed.body.raids[0]!.startsAt).toBe('2027-03-17T19:00:00.000Z');
    const single = await clients.officer!.request<{ raids: RaidSummary[] }>('PATCH', `/api/guild/raids/${raids[0]!.id}`, {
      ...inA,
      body: { version: 2, notes: 'Only the first' },
    });
    expect(single.body.raids).toHaveLength(1);
    const third = await readRaid(raids[2]!.id);
    expect(third.body.timeZone).toBe('Europe/Berlin');
    expect(third.body.raid).toMatchObject({ name: 'Wednesday progress', notes: 'Flasks and food' });
    expect(third.body.raid.history.map((h) => [h.label, h.scope, h.changes])).toEqual([
      ['Raid planned', null, []],
      ['Raid edited', 'following', ['start', 'end']],
      ['Raid edited', 'all', ['name']],
    ]);
    const notSeries = await createRaid({ name: 'Lone', instance: 'Undermine', difficulty: 'Normal', startsAt: inDays(9) });
    const scoped = await clients.officer!.request('PATCH', `/api/guild/raids/${notSeries.id}`, {
      ...inA,
      body: { version: 1, scope: 'all', name: 'x' },
    });
    expect(scoped.status).toBe(400);
    expect(scoped.body.error).toBe(RAID_MESSAGES.seriesOnly);
  });
});

describe('bad input', () => {
  it('answers with the contract’s message and never a 500', async () => {
    const officerClient = clients.officer!;
    const base = { name: 'Bad', instance: 'Undermine', difficulty: 'Normal', startsAt: inDays(4) };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, endsAt: inDays(3) }, 'endsAt', RAID_MESSAGES.endBeforeStart],
      [{ ...base, templateId: '00000000-0000-4000-8000-000000000000' }, 'templateId', RAID_MESSAGES.templateNotFound],
      [{ ...base, seats: { tanks: -1, healers: 2, melee: 3, ranged: 3 } }, 'seats.tanks', RAID_MESSAGES.seatsNegative],
      [{ ...base, size: 10, seats: { tanks: 2, healers: 3, melee: 4, ranged: 4 } }, 'seats', RAID_MESSAGES.seatsOverSize],
      [{ ...base, signupDeadline: inDays(5) }, 'signupDeadline', RAID_MESSAGES.deadlineAfterStart],
      [{ ...base, name: undefined }, 'name', RAID_MESSAGES.nameRequired],
    ];
    for (const [body, field, message] of cases) {
      const answer = await officerClient.post('/api/guild/raids', body, inA);
      expect(answer.status, `${field}: ${answer.text}`).toBe(400);
      expect(answer.body.error).toBe(message);
      expect((answer.body.fields as Record<string, string>)[field]).toBe(message);
    }
    const templateSeats = await officerClient.post(
      '/api/guild/raid-templates',
      { ...template, seats: { ...template.seats, melee: -2 } },
      inA,
    );
    expect(templateSeats.status).toBe(400);
    expect(templateSeats.body.error).toBe(RAID_MESSAGES.seatsNegative);
    const series = await officerClient.post(
      '/api/guild/raid-series',
      { ...base, firstDate: '2027-01-06', weekdays: [3], count: 2, untilDate: '2027-02-01' },
      inA,
    );
    expect(series.status).toBe(400);
    expect(series.body.error).toBe(RAID_MESSAGES.seriesEnd);
    const range = await officerClient.get(
      `/api/guild/raids?from=${encodeURIComponent(inDays(0))}&to=${encodeURIComponent(inDays(90))}`,
      inA,
    );
    expect(range.status).toBe(400);
    expect(range.body.error).toBe(RAID_MESSAGES.rangeTooLong);
    const duplicate = await officerClient.post('/api/guild/raid-templates', { ...template, name: 'HEROIC NIGHT A' }, inA);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe(RAID_MESSAGES.templateNameTaken);
    const raid = await createRaid(base);
    const noChange = await officerClient.request('PATCH', `/api/guild/raids/${raid.id}`, { ...inA, body: { version: 1 } });
    expect(noChange.status).toBe(400);
    expect(noChange.body.error).toBe(RAID_MESSAGES.noChange);
    const badEdit = await officerClient.request('PATCH', `/api/guild/raids/${raid.id}`, {
      ...inA,
      body: { version: 1, endsAt: inDays(1) },
    });
    expect(badEdit.status).toBe(400);
    expect(badEdit.body.error).toBe(RAID_MESSAGES.endBeforeStart);
  });
});

describe('live answers', () => {
  const connect = (client: HttpClient, guildId: string): Socket<CommunityServerEvents> =>
    io(`${server.url}${COMMUNITY_NAMESPACE}`, {
      transports: ['websocket'],
      reconnection: false,
      auth: { guildId },
      extraHeaders: { cookie: client.cookieHeader() },
    });
  const connected = (socket: Socket) =>
    new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });

  it("pushes an answer to the guild's room, and refuses a guild that is not the member's", async () => {
    const raid = await createRaid({ name: 'Live night', instance: 'Undermine', difficulty: 'Heroic', startsAt: inDays(3) });
    const watcher = connect(clients.officer!, GUILD_A);
    const stranger = connect(clients.outsider!, GUILD_B);
    try {
      await Promise.all([connected(watcher), connected(stranger)]);
      const strangerHeard: RaidAnswered[] = [];
      stranger.on('raid:answered', (answer) => strangerHeard.push(answer));
      const heard = new Promise<RaidAnswered>((resolve) => watcher.once('raid:answered', resolve));
      const answered = await signUp(raid.id, { status: 'tentative', role: 'healer' });
      expect(answered.status, answered.text).toBe(200);
      const [userRow] = await sql<{ id: string }>(server.app, 'SELECT id FROM users WHERE discord_id = $1', [raider.id]);
      expect(await heard).toEqual({ raidId: raid.id, userId: userRow!.id, status: 'tentative' });
      expect(strangerHeard).toEqual([]);
    } finally {
      watcher.close();
      stranger.close();
    }
    const intruder = connect(clients.raider!, GUILD_B);
    await expect(connected(intruder)).rejects.toThrow(COMMUNITY_MESSAGES.guildNotAvailable);
    intruder.close();
    const anonymous = io(`${server.url}${COMMUNITY_NAMESPACE}`, {
      transports: ['websocket'],
      reconnection: false,
      auth: { guildId: GUILD_A },
    });
    await expect(connected(anonymous)).rejects.toThrow(COMMUNITY_MESSAGES.signInRequired);
    anonymous.close();
  });
});
