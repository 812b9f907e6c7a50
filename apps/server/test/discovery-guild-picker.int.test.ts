import type { DiscoveryGuild } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import { HttpClient } from './helpers/http-client';
import { startSignedInApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

const PICKER = '/api/admin/character-discovery/guilds';

type PickerAnswer = { guilds: DiscoveryGuild[]; total: number; defaultGuildId: string | null };

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;
const ids: Record<string, string> = {};

const withDiscord = async (id: string, discordGuildId: string) =>
  sql(server.app, 'UPDATE guilds SET discord_guild_id = $2 WHERE id = $1', [id, discordGuildId]);

beforeAll(async () => {
  ({ environment, server, owner } = await startSignedInApp());
  ids.aerie = await insertGuild(server.app, { guild_name: 'Aerie Watch', server: 'Moon Guard', is_active: false });
  ids.bastion = await insertGuild(server.app, { guild_name: 'bastion of Light', server: 'Stormrage' });
  ids.citadel = await insertGuild(server.app, { guild_name: 'Citadel', server: 'Moon Guard' });
  ids.dawn = await insertGuild(server.app, { guild_name: 'Dawn Blades', server: 'Area 52' });
  await withDiscord(ids.aerie, '900000000000000001');
  await withDiscord(ids.citadel, '900000000000000003');
  await withDiscord(ids.dawn, '900000000000000004');
});

afterAll(async () => {
  await stopTestApp(server, environment);
});

describe('the guild picker of the discovery screen', () => {
  it('lists guilds by name and falls back to the first active guild with a Discord server', async () => {
    const answer = await owner.get<PickerAnswer>(PICKER);
    expect(answer.status).toBe(200);
    expect(answer.body.guilds.map((guild) => guild.name)).toEqual(['Aerie Watch', 'bastion of Light', 'Citadel', 'Dawn Blades']);
    expect(answer.body.total).toBe(4);
    expect(answer.body.guilds[0]).toMatchObject({ isActive: false, discordGuildId: '900000000000000001', server: 'Moon Guard' });
    expect(answer.body.guilds[1]?.discordGuildId).toBeNull();
    // Aerie Watch is inactive and bastion of Light has no Discord server: Citadel is the fallback.
    expect(answer.body.defaultGuildId).toBe(ids.citadel);
  });

  it('searches name and server, and limits the page', async () => {
    const byServer = await owner.get<PickerAnswer>(`${PICKER}?search=moon`);
    expect(byServer.body.guilds.map((guild) => guild.id)).toEqual([ids.aerie, ids.citadel]);
    expect(byServer.body.total).toBe(2);
    const byName = await owner.get<PickerAnswer>(`${PICKER}?search=BLADES`);
    expect(byName.body.guilds.map((guild) => guild.id)).toEqual([ids.dawn]);
    const limited = await owner.get<PickerAnswer>(`${PICKER}?limit=2`);
    expect(limited.body.guilds).toHaveLength(2);
    expect(limited.body.total).toBe(4);
    expect(limited.body.defaultGuildId).toBe(ids.citadel);
  });

  it('is closed to admins without Character Discovery access', async () => {
    const viewer = await createTestAdmin(server.app, { role: 'viewer', permissions: ['admin.system_monitoring'] });
    const client = new HttpClient(server.url);
    await client.signIn(viewer.username, viewer.password);
    expect((await client.get(PICKER)).status).toBe(403);
    expect((await new HttpClient(server.url).get(PICKER)).status).toBe(401);
  });
});
