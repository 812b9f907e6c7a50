import {
  characterAlreadyLinked,
  DISCOVERY_MESSAGES,
  type DiscoveryCharacter,
  type DiscoveryMember,
  MESSAGES,
} from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import { HttpClient } from './helpers/http-client';
import { insertCharacter, insertMember } from './helpers/linking-factories';
import { OWNER, startSignedInApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

const BASE = '/api/admin/character-discovery';
const LINK = `${BASE}/characters/link`;

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;
let guildId: string;
let otherGuildId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ({ environment, server, owner } = await startSignedInApp());
  guildId = await insertGuild(server.app, { guild_name: 'Silver Hand' });
  otherGuildId = await insertGuild(server.app, { guild_name: 'Other Guild' });
  await insertMember(server.app, guildId, { discordUserId: '500000000000000001', username: 'kaelen', globalName: 'Kaelen' });
  await insertMember(server.app, guildId, {
    discordUserId: '500000000000000002',
    username: 'morwen',
    nickname: 'Morwen | Healer',
  });
  await insertMember(server.app, guildId, {
    discordUserId: '500000000000000003',
    username: 'gone',
    leftAt: new Date().toISOString(),
  });
  await insertMember(server.app, otherGuildId, { discordUserId: '500000000000000009', username: 'stranger' });
  ids.kaelen = await insertCharacter(server.app, guildId, { name: 'Kaelen', class: 'Death Knight', role: 'tank' });
  ids.kaelenAlt = await insertCharacter(server.app, guildId, {
    name: 'Kaelenlock',
    class: 'Warlock',
    guildNote: 'alt of Kaelen',
  });
  ids.morwen = await insertCharacter(server.app, guildId, { name: 'Morwen', class: 'Priest', role: 'healer' });
  ids.foreign = await insertCharacter(server.app, otherGuildId, { name: 'Outsider' });
});

afterAll(async () => {
  await stopTestApp(server, environment);
});

const link = (body: Record<string, unknown>) =>
  owner.post<{ link: { id: string; isPrimary: boolean; priority: string; linkType: string }; message: string; error?: string }>(
    LINK,
    {
      guildId,
      priority: 'main',
      ...body,
    },
  );
const unlink = (linkId: string, guild = guildId) => owner.request('DELETE', `${LINK}/${linkId}?guildId=${guild}`);
const members = async () =>
  (await owner.get<{ members: DiscoveryMember[] }>(`${BASE}/discord/members?guildId=${guildId}&includeLinked=true`)).body.members;
const unlinked = async () =>
  (await owner.get<{ characters: DiscoveryCharacter[] }>(`${BASE}/characters/unlinked?guildId=${guildId}`)).body.characters;

describe('discovery lists', () => {
  it('lists unlinked characters with the card fields, searchable over name and notes, with filters from the data', async () => {
    const answer = await owner.get<{ characters: DiscoveryCharacter[]; total: number; filters: { classes: string[] } }>(
      `${BASE}/characters/unlinked?guildId=${guildId}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.characters.map((c) => c.name)).toEqual(['Kaelen', 'Kaelenlock', 'Morwen']);
    expect(answer.body.filters.classes).toEqual(['Death Knight', 'Priest', 'Warlock']);
    expect(answer.body.characters[0]).toMatchObject({
      characterName: 'Kaelen',
      server: 'Stormrage',
      realm: 'Stormrage',
      role: 'tank',
      itemLevel: { overall: 650, equipped: 648 },
      activityCount: 7,
    });
    const byNote = await owner.get<{ characters: DiscoveryCharacter[] }>(
      `${BASE}/characters/unlinked?guildId=${guildId}&search=alt%20of`,
    );
    expect(byNote.body.characters.map((c) => c.name)).toEqual(['Kaelenlock']);
  });

  it('lists current members by display name, without those who left or belong to another guild', async () => {
    const list = await members();
    expect(list.map((m) => m.displayName)).toEqual(['Kaelen', 'Morwen | Healer']);
    expect(list[0]).toMatchObject({ discordUserId: '500000000000000001', linkedCharacters: [] });
  });

  it('answers 404 for an unknown guild', async () => {
    const answer = await owner.get(`${BASE}/characters/unlinked?guildId=00000000-0000-4000-8000-00000000dead`);
    expect(answer.status).toBe(404);
  });
});

describe('linking by hand', () => {
  it('links a character, makes the first one primary, and shows it under the member', async () => {
    const first = await link({ characterId: ids.kaelen, discordUserId: '500000000000000001' });
    expect(first.status).toBe(200);
    expect(first.body.link).toMatchObject({ isPrimary: true, priority: 'main', linkType: 'manual' });
    const second = await link({ characterId: ids.kaelenAlt, discordUserId: '500000000000000001', priority: 'alt' });
    expect(second.body.link).toMatchObject({ isPrimary: false, priority: 'alt' });

    const kaelen = (await members()).find((m) => m.username === 'kaelen')!;
    expect(kaelen.linkedCharacters.map((c) => [c.name, c.isPrimary, c.confidence])).toEqual([
      ['Kaelen', true, null],
      ['Kaelenlock', false, null],
    ]);
    expect((await unlinked()).map((c) => c.name)).toEqual(['Morwen']);
  });

  it('refuses a character that is already linked (409), naming who has it', async () => {
    const answer = await link({ characterId: ids.kaelen, discordUserId: '500000000000000002' });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'CONFLICT', error: characterAlreadyLinked('Kaelen', 'Kaelen') });
  });

  it('treats a character or member of another guild, and a member who left, as not found', async () => {
    const foreignCharacter = await link({ characterId: ids.foreign, discordUserId: '500000000000000002' });
    expect(foreignCharacter.status).toBe(404);
    expect(foreignCharacter.body.error).toBe(DISCOVERY_MESSAGES.characterNotFound);
    const foreignMember = await link({ characterId: ids.morwen, discordUserId: '500000000000000009' });
    expect(foreignMember.status).toBe(404);
    expect(foreignMember.body.error).toBe(DISCOVERY_MESSAGES.memberNotInGuild);
    const leftMember = await link({ characterId: ids.morwen, discordUserId: '500000000000000003' });
    expect(leftMember.status).toBe(404);
  });

  it('unlinks; the next link of the member becomes primary; a link of another guild is not found', async () => {
    const kaelen = (await members()).find((m) => m.username === 'kaelen')!;
    const primary = kaelen.linkedCharacters.find((c) => c.isPrimary)!;
    expect((await unlink(primary.linkId, otherGuildId)).status).toBe(404);
    const answer = await unlink(primary.linkId);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Kaelen unlinked from Kaelen');
    const after = (await members()).find((m) => m.username === 'kaelen')!;
    expect(after.linkedCharacters.map((c) => [c.name, c.isPrimary])).toEqual([['Kaelenlock', true]]);
    expect((await unlink(primary.linkId)).status).toBe(404);
  });

  it('audits every link and unlink with its origin', async () => {
    const rows = await sql<{ action: string; origin: string; actor_name: string; target_id: string }>(
      server.app,
      `SELECT action, details->>'origin' AS origin, actor_name, target_id FROM audit_log
        WHERE action IN ('character.linked', 'character.unlinked') ORDER BY id`,
    );
    expect(rows.map((row) => [row.action, row.origin, row.target_id])).toEqual([
      ['character.linked', 'manual', ids.kaelen],
      ['character.linked', 'manual', ids.kaelenAlt],
      ['character.unlinked', 'manual', ids.kaelen],
    ]);
    expect(rows.every((row) => row.actor_name === OWNER.username)).toBe(true);
  });
});

describe('who may use character discovery', () => {
  it('answers 401 without a session and 403 for a viewer; guild.manage_members is enough', async () => {
    const anonymous = new HttpClient(server.url);
    expect((await anonymous.get(`${BASE}/characters/unlinked?guildId=${guildId}`)).status).toBe(401);

    const viewer = await createTestAdmin(server.app, { role: 'viewer' });
    const viewerClient = new HttpClient(server.url);
    await viewerClient.signIn(viewer.username, viewer.password);
    const refused = await viewerClient.post(LINK, { guildId, characterId: ids.morwen, discordUserId: '500000000000000002' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(MESSAGES.accessDeniedBody);

    const manager = await createTestAdmin(server.app, { role: 'viewer', permissions: ['guild.manage_members'] });
    const managerClient = new HttpClient(server.url);
    await managerClient.signIn(manager.username, manager.password);
    expect((await managerClient.get(`${BASE}/summary?guildId=${guildId}`)).status).toBe(200);
  });
});
