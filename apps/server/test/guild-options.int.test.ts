import type { GuildOption, Permission, Role } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import { HttpClient } from './helpers/http-client';
import { startSignedInApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

const PICKER = '/api/admin/guild-options';

type PickerAnswer = { data: GuildOption[]; total: number; page: number; pageSize: number; defaultGuildId: string | null };

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

describe('the one guild picker (every admin screen that picks a guild)', () => {
  it('lists guilds by name and falls back to the first active guild with a Discord server', async () => {
    const answer = await owner.get<PickerAnswer>(PICKER);
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((guild) => guild.name)).toEqual(['Aerie Watch', 'bastion of Light', 'Citadel', 'Dawn Blades']);
    expect(answer.body.total).toBe(4);
    expect(answer.body.data[0]).toMatchObject({ isActive: false, discordGuildId: '900000000000000001', server: 'Moon Guard' });
    expect(answer.body.data[1]?.discordGuildId).toBeNull();
    // Aerie Watch is inactive and bastion of Light has no Discord server: Citadel is the fallback.
    expect(answer.body.defaultGuildId).toBe(ids.citadel);
  });

  it('searches name and server, and pages by name', async () => {
    const byServer = await owner.get<PickerAnswer>(`${PICKER}?search=moon`);
    expect(byServer.body.data.map((guild) => guild.id)).toEqual([ids.aerie, ids.citadel]);
    expect(byServer.body.total).toBe(2);
    const byName = await owner.get<PickerAnswer>(`${PICKER}?search=BLADES`);
    expect(byName.body.data.map((guild) => guild.id)).toEqual([ids.dawn]);
    const first = await owner.get<PickerAnswer>(`${PICKER}?pageSize=2`);
    expect(first.body.data.map((guild) => guild.id)).toEqual([ids.aerie, ids.bastion]);
    expect(first.body).toMatchObject({ total: 4, page: 1, pageSize: 2, defaultGuildId: ids.citadel });
    const second = await owner.get<PickerAnswer>(`${PICKER}?pageSize=2&page=2`);
    expect(second.body.data.map((guild) => guild.id)).toEqual([ids.citadel, ids.dawn]);
    const past = await owner.get<PickerAnswer>(`${PICKER}?pageSize=2&page=3`);
    expect(past.body.data).toEqual([]);
    expect(past.body.total).toBe(4);
  });

  it('finds one guild by id (a guild opened from a link), and refuses an id that is not one', async () => {
    const one = await owner.get<PickerAnswer>(`${PICKER}?id=${ids.dawn}`);
    expect(one.body.data.map((guild) => guild.name)).toEqual(['Dawn Blades']);
    expect(one.body.total).toBe(1);
    expect((await owner.get(`${PICKER}?id=dawn`)).status).toBe(400);
    expect((await owner.get(`${PICKER}?pageSize=500`)).status).toBe(400);
  });

  /** An admin of the given role (built-in or made here) and extra permissions, signed in. */
  const signedInAdmin = async (role: string, permissions: Permission[] = []) => {
    const admin = await createTestAdmin(server.app, { role: role as Role, permissions });
    const client = new HttpClient(server.url);
    await client.signIn(admin.username, admin.password);
    return client;
  };
  // Every built-in role opens a screen with a guild picker (the viewer opens Analytics): a role of the audit log alone.
  const auditorRole = async () => {
    const made = await owner.post('/api/admin/roles', {
      name: 'picker_auditor',
      label: 'Auditor',
      permissions: ['admin.audit_logs'],
    });
    expect([200, 409]).toContain(made.status);
    return 'picker_auditor';
  };

  it('is open to the admins of each screen with a guild picker, and to no one else', async () => {
    const auditor = await auditorRole();
    // Permissions (guild grants), Character Discovery (and Raw Data, full access only).
    for (const permission of ['settings.edit_permissions', 'admin.manage_roles', 'guild.manage_members'] as const) {
      const client = await signedInAdmin(auditor, [permission]);
      expect((await client.get<PickerAnswer>(PICKER)).body.total, permission).toBe(4);
    }
  });

  it('is open to the admins who may open Analytics, whose guild filter is the one guild picker', async () => {
    const auditor = await auditorRole();
    for (const permission of ['admin.system_monitoring', 'admin.system_config'] as const) {
      const client = await signedInAdmin(auditor, [permission]);
      const answer = await client.get<PickerAnswer>(`${PICKER}?search=dawn`);
      expect(answer.status, permission).toBe(200);
      expect(answer.body.data.map((guild) => guild.name)).toEqual(['Dawn Blades']);
    }
    // The built-in viewer role is an Analytics admin.
    expect((await (await signedInAdmin('viewer')).get(PICKER)).status).toBe(200);
  });

  it('is closed to admins of no screen with a guild picker (an auditor may not open Analytics)', async () => {
    const client = await signedInAdmin(await auditorRole());
    const refused = await client.get(PICKER);
    expect(refused.status).toBe(403);
    expect(refused.body.success).toBe(false);
    expect((await new HttpClient(server.url).get(PICKER)).status).toBe(401);
  });
});
