import {
  COMMUNITY_NAMESPACE,
  COMPOSITION_MESSAGES,
  type CommunityServerEvents,
  RAID_MESSAGES,
  type RaidComposition,
  type RaidCompositionChanged,
  type RaidDetail,
} from '@guildhall/contract';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listUnansweredMembers } from '../src/modules/raids/list-unanswered-members';
import type { HttpClient } from './helpers/http-client';
import { inDays, planRaid, type RaidGuild, startRaidGuild } from './helpers/raid-guild';

let guild: RaidGuild;
let inA: { headers: Record<string, string> };

beforeAll(async () => {
  guild = await startRaidGuild('66');
  inA = { headers: { 'X-Guild-ID': guild.discordGuildA } };
});

afterAll(async () => {
  await guild?.stop();
});

const newRaid = (name: string, startsAt = inDays(3)) =>
  planRaid(guild.clients.officer, inA.headers, { name, instance: 'Undermine', difficulty: 'Heroic', startsAt });

const answer = async (raidId: string, client: HttpClient, body: Record<string, unknown>) => {
  const answered = await client.request('PUT', `/api/guild/raids/${raidId}/signup`, { ...inA, body });
  expect(answered.status, answered.text).toBe(200);
};

const readBoard = (raidId: string, client: HttpClient, options = inA) =>
  client.get<{ composition: RaidComposition; error?: string }>(`/api/guild/raids/${raidId}/composition`, options);

const place = (raidId: string, userId: string, body: Record<string, unknown>, client = guild.clients.officer, options = inA) =>
  client.request<{ composition: RaidComposition; message: string; error?: string; fields?: Record<string, string> }>(
    'PUT',
    `/api/guild/raids/${raidId}/composition/placements/${userId}`,
    { ...options, body },
  );

const publish = (raidId: string, body: Record<string, unknown>, client = guild.clients.officer) =>
  client.request<{ composition: RaidComposition; message: string; error?: string }>(
    'PUT',
    `/api/guild/raids/${raidId}/composition/publication`,
    { ...inA, body },
  );

describe('the composition board', () => {
  it('places answers by role and on the bench, publishes at the officer’s word, and members see it only then', async () => {
    const raid = await newRaid('Board night');
    await answer(raid.id, guild.clients.raider, { status: 'accept', characterId: guild.characters.raider });
    await answer(raid.id, guild.clients.otherRaider, { status: 'tentative', characterId: guild.characters.otherRaider });

    const first = await place(raid.id, guild.userIds.raider, { version: 1, slot: 'healer' });
    expect(first.status, first.text).toBe(200);
    expect(first.body.message).toBe(COMPOSITION_MESSAGES.placed);
    const second = await place(raid.id, guild.userIds.otherRaider, { version: first.body.composition.version, slot: 'bench' });
    expect(second.body.composition).toMatchObject({
      version: 3,
      isPublished: false,
      placements: [
        { userId: guild.userIds.raider, slot: 'healer' },
        { userId: guild.userIds.otherRaider, slot: 'bench' },
      ],
    });

    const unpublished = await readBoard(raid.id, guild.clients.raider);
    expect(unpublished.body.composition.placements).toEqual([]);

    const published = await publish(raid.id, { version: 3, publishAt: new Date().toISOString() });
    expect(published.status, published.text).toBe(200);
    expect(published.body.message).toBe(COMPOSITION_MESSAGES.published);
    const seen = await readBoard(raid.id, guild.clients.raider);
    expect(seen.body.composition).toMatchObject({ isPublished: true, version: 4 });
    expect(seen.body.composition.placements).toHaveLength(2);

    // Published means locked, until an officer reopens it.
    const locked = await place(raid.id, guild.userIds.raider, { version: 4, slot: 'bench' });
    expect(locked.status).toBe(409);
    expect(locked.body.error).toBe(COMPOSITION_MESSAGES.locked);
    const reopened = await publish(raid.id, { version: 4, publishAt: null });
    expect(reopened.body.message).toBe(COMPOSITION_MESSAGES.reopened);
    expect((await readBoard(raid.id, guild.clients.raider)).body.composition.placements).toEqual([]);
    const later = await publish(raid.id, { version: 5, publishAt: inDays(1) });
    expect(later.body).toMatchObject({ message: COMPOSITION_MESSAGES.scheduled, composition: { isPublished: false } });

    const detail = await guild.clients.raider.get<{ raid: RaidDetail }>(`/api/guild/raids/${raid.id}`, inA);
    expect(detail.body.raid.history.map((entry) => [entry.label, entry.changes])).toEqual([
      ['Raid planned', []],
      ['Raid seat changed', ['Raider: Healers']],
      ['Raid seat changed', ['Otherraider: Bench']],
      ['Raid composition published', []],
      ['Raid composition reopened', []],
      ['Raid composition published', []],
    ]);
  });

  it('keeps both officers’ moves: the second, made on a stale board, is a conflict and writes nothing', async () => {
    const raid = await newRaid('Two officers');
    await answer(raid.id, guild.clients.raider, { status: 'accept', role: 'healer' });
    await answer(raid.id, guild.clients.otherRaider, { status: 'accept', role: 'tank' });
    const mine = await place(raid.id, guild.userIds.raider, { version: 1, slot: 'healer' });
    expect(mine.status).toBe(200);
    const theirs = await place(raid.id, guild.userIds.otherRaider, { version: 1, slot: 'tank' }, guild.clients.coOfficer);
    expect(theirs.status).toBe(409);
    expect(theirs.body.error).toBe(COMPOSITION_MESSAGES.conflict);
    const board = (await readBoard(raid.id, guild.clients.coOfficer)).body.composition;
    expect(board.placements).toEqual([{ userId: guild.userIds.raider, slot: 'healer' }]);
    const again = await place(
      raid.id,
      guild.userIds.otherRaider,
      { version: board.version, slot: 'tank' },
      guild.clients.coOfficer,
    );
    expect(again.body.composition.placements).toHaveLength(2);
  });

  it('refuses what cannot be placed, members, and another guild, with the contract’s messages', async () => {
    const raid = await newRaid('Refusals');
    await answer(raid.id, guild.clients.raider, { status: 'absent' });
    const absent = await place(raid.id, guild.userIds.raider, { version: 1, slot: 'melee' });
    expect(absent.status).toBe(400);
    expect(absent.body.error).toBe(COMPOSITION_MESSAGES.absentNoSeat);
    expect(absent.body.fields?.slot).toBe(COMPOSITION_MESSAGES.absentNoSeat);
    expect((await place(raid.id, guild.userIds.raider, { version: 1, slot: 'bench' })).status).toBe(200);
    const unanswered = await place(raid.id, guild.userIds.otherRaider, { version: 2, slot: 'tank' });
    expect(unanswered.status).toBe(404);
    expect(unanswered.body.error).toBe(COMPOSITION_MESSAGES.notAnswered);
    const byMember = await place(raid.id, guild.userIds.raider, { version: 2, slot: null }, guild.clients.raider);
    expect(byMember.status).toBe(403);
    const inB = { headers: { 'X-Guild-ID': guild.discordGuildB } };
    const foreign = await place(raid.id, guild.userIds.raider, { version: 2, slot: null }, guild.clients.outsider, inB);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe(RAID_MESSAGES.notFound);
    expect((await readBoard(raid.id, guild.clients.outsider, inB)).status).toBe(404);
    const badSlot = await place(raid.id, guild.userIds.raider, { version: 2, slot: 'dps' });
    expect(badSlot.status).toBe(400);

    // Withdrawing the answer takes the member off the board.
    const withdrawn = await guild.clients.raider.request('DELETE', `/api/guild/raids/${raid.id}/signup`, inA);
    expect(withdrawn.status).toBe(200);
    expect((await readBoard(raid.id, guild.clients.officer)).body.composition.placements).toEqual([]);

    const cancelled = await guild.clients.officer.post(
      `/api/guild/raids/${raid.id}/cancel`,
      { version: 1, reason: 'Server down' },
      inA,
    );
    expect(cancelled.status, cancelled.text).toBe(200);
    const afterCancel = await place(raid.id, guild.userIds.raider, { version: 2, slot: null });
    expect(afterCancel.status).toBe(409);
    expect(afterCancel.body.error).toBe(COMPOSITION_MESSAGES.cancelled);
  });

  it('counts how often each member who answered sat on the bench in recent weeks', async () => {
    const earlier = await newRaid('Benched before', inDays(1));
    await answer(earlier.id, guild.clients.otherRaider, { status: 'bench', role: 'tank' });
    expect((await place(earlier.id, guild.userIds.otherRaider, { version: 1, slot: 'bench' })).status).toBe(200);
    const next = await newRaid('Next night', inDays(8));
    await answer(next.id, guild.clients.otherRaider, { status: 'accept', role: 'tank' });
    await answer(next.id, guild.clients.raider, { status: 'accept', role: 'healer' });
    const board = (await readBoard(next.id, guild.clients.officer)).body.composition;
    expect(board.benchCounts[guild.userIds.otherRaider]).toBeGreaterThanOrEqual(1);
    expect(board.benchCounts[guild.userIds.raider]).toBe(0);
  });

  it('pushes a change to every open board of the guild', async () => {
    const raid = await newRaid('Live board');
    await answer(raid.id, guild.clients.raider, { status: 'accept', role: 'healer' });
    const watcher: Socket<CommunityServerEvents> = io(`${guild.server.url}${COMMUNITY_NAMESPACE}`, {
      transports: ['websocket'],
      reconnection: false,
      auth: { guildId: guild.discordGuildA },
      extraHeaders: { cookie: guild.clients.raider.cookieHeader() },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        watcher.once('connect', resolve);
        watcher.once('connect_error', reject);
      });
      const heard = new Promise<RaidCompositionChanged>((resolve) => watcher.once('raid:composition', resolve));
      expect((await place(raid.id, guild.userIds.raider, { version: 1, slot: 'healer' })).status).toBe(200);
      expect(await heard).toEqual({ raidId: raid.id, version: 2 });
    } finally {
      watcher.close();
    }
  });
});

describe('who has not answered a raid', () => {
  it('lists the guild’s members without an answer, for reminders by e-mail and by the bot', async () => {
    const raid = await newRaid('Reminder night');
    await answer(raid.id, guild.clients.raider, { status: 'accept', role: 'healer' });
    const members = await listUnansweredMembers(guild.server.app.services.db, guild.tenantA, raid.id);
    expect(members).toEqual([
      {
        discordUserId: guild.people.otherRaider.id,
        userId: guild.userIds.otherRaider,
        name: 'otherraider',
        email: null,
        remindByEmail: true,
        remindByDiscord: true,
      },
    ]);
    await expect(listUnansweredMembers(guild.server.app.services.db, guild.tenantB, raid.id)).rejects.toThrow(
      RAID_MESSAGES.notFound,
    );
  });
});
