import { AUDIT_LOG_MESSAGES, type AuditEntry } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { type IsolatedApp, startSignedInApp, stopTestApp } from './helpers/test-app';
import { uniqueSuffix } from './helpers/test-database';

const AUDIT = '/api/admin/audit-logs';

let ctx: IsolatedApp & { owner: HttpClient };
const actor = `Auditee_${uniqueSuffix()}`;
const actorId = '2f1f5a56-9d7e-4b55-8f43-9f0d3c7d2a10';

/** Records of one made-up actor, an hour apart, oldest first, so each filter has a known answer. */
const SEEDED = [
  { action: 'guild.created', targetType: 'guild', targetId: 'g-1', hoursAgo: 5, details: { note: 'a "quoted", comma' } },
  { action: 'guild.updated', targetType: 'guild', targetId: 'g-1', hoursAgo: 4, details: {} },
  { action: 'player_account.discord_linked', targetType: 'player_account', targetId: 'p-1', hoursAgo: 3, details: {} },
  { action: 'guild.deleted', targetType: 'guild', targetId: 'g-2', hoursAgo: 2, details: { formula: '=1+1' } },
  // Its subject starts like 'guild' but is another: the 'guild.' prefix must not find it.
  { action: 'guild_config.updated', targetType: 'guild', targetId: 'g-3', hoursAgo: 1, details: {} },
];

beforeAll(async () => {
  ctx = await startSignedInApp();
  for (const entry of SEEDED) {
    await sql(
      ctx.server.app,
      `INSERT INTO audit_log (actor_type, actor_id, actor_name, action, target_type, target_id, details, ip, created_at)
       VALUES ('admin', $1, $2, $3, $4, $5, $6::jsonb, '10.1.2.3', now() - make_interval(hours => $7))`,
      [actorId, actor, entry.action, entry.targetType, entry.targetId, JSON.stringify(entry.details), entry.hoursAgo],
    );
  }
});

afterAll(async () => {
  await stopTestApp(ctx?.server, ctx?.environment);
});

async function list(query: string) {
  const answer = await ctx.owner.get<{ data: AuditEntry[]; pagination: Record<string, number> }>(`${AUDIT}?${query}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('the audit log API', () => {
  it('lists newest first, filtered by actor name in any case or by id', async () => {
    const byName = await list(`actor=${actor.toUpperCase()}`);
    expect(byName.data.map((entry) => entry.action)).toEqual([
      'guild_config.updated',
      'guild.deleted',
      'player_account.discord_linked',
      'guild.updated',
      'guild.created',
    ]);
    expect(byName.pagination).toEqual({ page: 1, limit: 50, total: 5, pages: 1 });
    expect(byName.data[0]).toMatchObject({ actorType: 'admin', actorId, actorName: actor, ip: '10.1.2.3', targetId: 'g-3' });
    expect((await list(`actor=${actorId}`)).pagination.total).toBe(5);
    expect((await list(`actor=${actor.slice(0, -2)}`)).pagination.total).toBe(0);
  });

  it('filters by a catalog action, by a subject ending in ".", by target and by time range, and pages', async () => {
    const exact = await list(`actor=${actor}&action=guild.updated`);
    expect(exact.data.map((entry) => entry.action)).toEqual(['guild.updated']);
    const subject = await list(`actor=${actor}&action=guild.`);
    expect(subject.data.map((entry) => entry.action)).toEqual(['guild.deleted', 'guild.updated', 'guild.created']);
    const target = await list(`actor=${actor}&targetType=guild&targetId=g-1`);
    expect(target.data.map((entry) => entry.action)).toEqual(['guild.updated', 'guild.created']);
    const from = new Date(Date.now() - 3.5 * 3600_000).toISOString();
    const to = new Date(Date.now() - 1.5 * 3600_000).toISOString();
    const range = await list(`actor=${actor}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    expect(range.data.map((entry) => entry.action)).toEqual(['guild.deleted', 'player_account.discord_linked']);
    const page2 = await list(`actor=${actor}&limit=2&page=2`);
    expect(page2.data.map((entry) => entry.action)).toEqual(['player_account.discord_linked', 'guild.updated']);
    expect(page2.pagination).toEqual({ page: 2, limit: 2, total: 5, pages: 3 });

    const reversed = await ctx.owner.get(`${AUDIT}?from=${encodeURIComponent(to)}&to=${encodeURIComponent(from)}`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.fields).toEqual({ from: AUDIT_LOG_MESSAGES.rangeInvalid });
  });

  it('refuses an action the catalog does not hold with a 400 that says so, on the list and the export', async () => {
    for (const action of ['guild.made', 'admin.login', 'guilds.', 'guild', '%']) {
      for (const path of [AUDIT, `${AUDIT}/export`]) {
        const answer = await ctx.owner.get(`${path}?action=${encodeURIComponent(action)}`);
        expect(answer.status, `${path} ${action}`).toBe(400);
        expect(answer.body.fields).toEqual({ action: AUDIT_LOG_MESSAGES.unknownAction });
      }
    }
  });

  it('offers the recorded target types as facets (the actions are the catalog)', async () => {
    const facets = await ctx.owner.get<{ targetTypes: string[] }>(`${AUDIT}/facets`);
    expect(facets.status).toBe(200);
    expect(facets.body).toEqual({
      success: true,
      targetTypes: expect.arrayContaining(['guild', 'player_account', 'admin_session']),
    });
    expect(new Set(facets.body.targetTypes).size).toBe(facets.body.targetTypes.length);
  });

  it("names each record's target where it is a guild, an admin, a player or a character; other ids stay ids", async () => {
    const namer = `Namer_${uniqueSuffix()}`;
    const [guild] = await sql<{ id: string }>(
      ctx.server.app,
      `INSERT INTO guilds (guild_name, server, discord_guild_id) VALUES ('Onyx Vanguard', 'Silvermoon', $1) RETURNING id`,
      [`49${Date.now()}`.slice(0, 18)],
    );
    const admin = await createTestAdmin(ctx.server.app, { role: 'viewer' });
    const [player] = await sql<{ id: string }>(
      ctx.server.app,
      "INSERT INTO player_accounts (display_name) VALUES ('Thrall Player') RETURNING id",
    );
    const [character] = await sql<{ id: string }>(
      ctx.server.app,
      "INSERT INTO characters (guild_id, name, realm, class, role) VALUES ($1, 'Jaina', 'Stormrage', 'Mage', 'dps') RETURNING id",
      [guild!.id],
    );
    const targets = [
      ['guild', guild!.id],
      ['admin_user', admin.id],
      ['player_account', player!.id],
      ['character', character!.id],
      ['admin_session', 'not-a-uuid'],
      ['guild', '00000000-0000-4000-8000-000000000000'],
    ];
    for (const [index, [type, id]] of targets.entries()) {
      await sql(
        ctx.server.app,
        `INSERT INTO audit_log (actor_type, actor_name, action, target_type, target_id, created_at)
         VALUES ('system', $1, 'guild.updated', $2, $3, now() - make_interval(secs => $4))`,
        [namer, type, id, index],
      );
    }
    const page = await list(`actor=${namer}`);
    expect(page.data.map((entry) => [entry.targetType, entry.targetName])).toEqual([
      ['guild', 'Onyx Vanguard'],
      ['admin_user', admin.username],
      ['player_account', 'Thrall Player'],
      ['character', 'Jaina-Stormrage'],
      ['admin_session', null],
      ['guild', null],
    ]);
    expect(page.data[0]!.targetId).toBe(guild!.id);
    // Paging still counts and cuts in the log's order.
    const second = await list(`actor=${namer}&limit=2&page=2`);
    expect(second.data.map((entry) => entry.targetName)).toEqual(['Thrall Player', 'Jaina-Stormrage']);
    expect(second.pagination.total).toBe(6);
  });

  it('exports the filtered records as a CSV attachment, newest first, and audits the export', async () => {
    const answer = await ctx.owner.get(`${AUDIT}/export?actor=${actor}&action=guild.`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = answer.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,created_at,actor_type,actor_id,actor_name,action,target_type,target_id,ip,details');
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).map((line) => line.split(',')[5])).toEqual(['guild.deleted', 'guild.updated', 'guild.created']);
    expect(lines[3]).toContain('"{""note"":""a \\""quoted\\"", comma""}"');
    const [exported] = await sql<{ details: { filters: Record<string, string> } }>(
      ctx.server.app,
      "SELECT details FROM audit_log WHERE action = 'audit.exported' ORDER BY id DESC LIMIT 1",
    );
    expect(exported!.details.filters).toMatchObject({ actor, action: 'guild.' });
  });

  it('streams an export larger than one page in order', async () => {
    const bulkActor = `Bulk_${uniqueSuffix()}`;
    await sql(
      ctx.server.app,
      `INSERT INTO audit_log (actor_type, actor_name, action, created_at)
       SELECT 'system', $1, 'raw_data.exported', now() - make_interval(secs => n) FROM generate_series(1, 2500) AS n`,
      [bulkActor],
    );
    const answer = await ctx.owner.get(`${AUDIT}/export?actor=${bulkActor}`);
    const rows = answer.text.trimEnd().split('\r\n').slice(1);
    expect(rows).toHaveLength(2500);
    const times = rows.map((row) => new Date(row.split(',')[1]!).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('needs admin.audit_logs', async () => {
    const viewer = await createTestAdmin(ctx.server.app, { role: 'viewer' });
    const client = new HttpClient(ctx.server.url);
    await client.signIn(viewer.username, viewer.password);
    expect((await client.get(AUDIT)).status).toBe(403);
    const auditor = await createTestAdmin(ctx.server.app, { role: 'viewer', permissions: ['admin.audit_logs'] });
    const allowed = new HttpClient(ctx.server.url);
    await allowed.signIn(auditor.username, auditor.password);
    expect((await allowed.get(`${AUDIT}/export`)).status).toBe(200);
  });
});
