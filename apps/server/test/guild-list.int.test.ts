import { bulkGuildsDone, GUILD_MESSAGES, guildNotFound } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvObjects } from './helpers/csv';
import { download } from './helpers/download';
import { sql } from './helpers/factories';
import { insertGuild, insertGuildData, insertMembers } from './helpers/guild-factories';
import type { HttpClient } from './helpers/http-client';
import { OWNER, startSignedInApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;

/** The known data set: name, server, region, status; created one hour apart, the first oldest. */
const KNOWN = [
  ['Storm Vanguard', 'Area 52', 'US', true],
  ['Silent Tide', 'Stormrage', 'US', true],
  ['Ashen Oath', 'Silvermoon', 'EU', true],
  ['Iron Legion', 'Tarren Mill', 'EU', false],
  ['50% Club', 'Draenor', 'EU', true],
  ['Under_score', 'Kazzak', 'EU', true],
  ['불멸의 군단', 'Azshara', 'KR', true],
  ['星辰之誓', '白银之手', 'CN', false],
  ['Stormcallers', 'Illidan', 'US', false],
  ['Golden Dawn', 'STORMSCALE', 'EU', true],
  ['Wild Pact', 'Hyjal', 'EU', false],
  ['Void Circle', 'Proudmoore', 'US', true],
  ['Crimson Wardens', 'Sargeras', 'US', true],
  ['Twilight Order', 'Ravencrest', 'EU', true],
  ['Radiant Blades', 'Durotan', 'KR', false],
  ['Sacred Council', 'Moon Guard', 'US', true],
  ['Fallen Remnant', 'Ysondre', 'EU', true],
  ['Savage Requiem', 'Nemesis', 'EU', false],
  ['Obsidian Watch', 'Gordunni', 'EU', true],
  ['Azure Horizon', 'Antonidas', 'EU', true],
  ['Ember Syndicate', 'Blackrock', 'EU', true],
  ['=HYPERLINK("http://evil.example")', 'Draenor', 'EU', true],
  ['Last Ascendancy', 'Kazzak', 'EU', true],
] as const;

type Listed = { id: string; guild_name: string; server: string; region: string; is_active: boolean; memberCount: number };
type ListAnswer = { guilds: Listed[]; total: number; page: number; limit: number };
const ids = new Map<string, string>();
const base = Date.UTC(2025, 0, 1);

beforeAll(async () => {
  ({ environment, server, owner } = await startSignedInApp());
  for (const [i, [guild_name, guildServer, region, is_active]] of KNOWN.entries()) {
    const description = guild_name === 'Ashen Oath' ? 'Raids Tue, Thu\n"Mythic" only' : null;
    const id = await insertGuild(server.app, {
      guild_name,
      server: guildServer,
      region,
      is_active,
      description,
      created_at: new Date(base + i * 3_600_000).toISOString(),
    });
    ids.set(guild_name, id);
  }
  await insertMembers(server.app, ids.get('Storm Vanguard')!, { current: 5, left: 2 });
});

afterAll(async () => {
  await stopTestApp(server, environment);
});

const list = (query: string) => owner.get<ListAnswer>(`/api/admin/guilds?${query}`);
/** The known guilds a filter should return, newest first. */
const expected = (keep: (row: (typeof KNOWN)[number]) => boolean) =>
  KNOWN.filter(keep)
    .map(([name]) => name)
    .reverse();
const names = (answer: { body: ListAnswer }) => answer.body.guilds.map((g) => g.guild_name);

describe('the guild list', () => {
  it('pages 10 at a time, newest first, with the total', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => list(`page=${page}&limit=10`)));
    expect(pages.map((p) => p.body.guilds.length)).toEqual([10, 10, 3]);
    for (const p of pages) expect(p.body.total).toBe(KNOWN.length);
    expect(pages.flatMap(names)).toEqual(expected(() => true));
    expect((await list('page=4&limit=10')).body.guilds).toEqual([]);
    expect((await list('')).body).toMatchObject({ page: 1, limit: 10 });
  });

  it('searches name or server, in any case, as a substring', async () => {
    const storm = await list('search=STORM&limit=100');
    const matches = expected(([n, s]) => n.toLowerCase().includes('storm') || s.toLowerCase().includes('storm'));
    expect(names(storm)).toEqual(matches);
    expect(storm.body.total).toBe(matches.length);
    expect(names(await list('search=%EB%B6%88%EB%A9%B8'))).toEqual(['불멸의 군단']);
    expect(names(await list('search=%E7%99%BD%E9%93%B6'))).toEqual(['星辰之誓']);
  });

  it('takes % and _ in a search literally', async () => {
    expect(names(await list('search=50%25'))).toEqual(['50% Club']);
    expect(names(await list('search=_'))).toEqual(['Under_score']);
  });

  it('filters by status and region, alone and with a search, paging the result', async () => {
    const inactive = await list('status=inactive&limit=100');
    expect(names(inactive)).toEqual(expected(([, , , active]) => !active));
    const euActive = expected(([, , region, active]) => region === 'EU' && active);
    const page1 = await list('status=active&region=EU&limit=5');
    const page2 = await list('status=active&region=EU&limit=5&page=2');
    expect(page1.body.total).toBe(euActive.length);
    expect([...names(page1), ...names(page2)]).toEqual(euActive.slice(0, 10));
    const searched = await list('status=active&region=EU&search=dr&limit=100');
    expect(names(searched)).toEqual(
      expected(([n, s, region, active]) => region === 'EU' && active && `${n} ${s}`.toLowerCase().includes('dr')),
    );
    expect(names(await list('region=KR&status=all'))).toEqual(expected(([, , region]) => region === 'KR'));
  });

  it('refuses a query parameter out of range in a sentence that names it', async () => {
    const refused = (query: string) => owner.get<{ error: string; fields: Record<string, string> }>(`/api/admin/guilds?${query}`);
    const tooMany = await refused('limit=1000');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({
      success: false,
      error: 'limit must be at most 100',
      code: 'VALIDATION_FAILED',
      fields: { limit: 'limit must be at most 100' },
    });
    expect((await refused('page=1.5')).body.fields).toEqual({ page: 'page must be a whole number' });
    expect((await refused('page=0&limit=ten')).body.fields).toEqual({
      page: 'page must be at least 1',
      limit: 'limit must be a number',
    });
    expect((await refused('region=Mars')).body.error).toBe('region must be one of: US, EU, KR, CN, all');
    expect((await owner.request('DELETE', '/api/admin/guilds/not-an-id')).body.error).toBe('id must be a valid id');
  });

  it('keeps the form messages the schema writes (spec 1 §5)', async () => {
    const answer = await owner.post('/api/admin/guilds', { guild_name: 'x', server: 'Area 52', region: 'US', faction: 'Horde' });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toMatchObject({ guild_name: GUILD_MESSAGES.nameLength });
  });

  it('counts only members still in the guild', async () => {
    const [storm] = (await list('search=Storm%20Vanguard')).body.guilds;
    expect(storm).toMatchObject({ guild_name: 'Storm Vanguard', memberCount: 5 });
  });
});

describe('bulk actions', () => {
  const activeOf = async (guildIds: string[]) =>
    (
      await sql<{ is_active: boolean }>(server.app, 'SELECT is_active FROM guilds WHERE id = ANY($1) ORDER BY id', [guildIds])
    ).map((row) => row.is_active);

  it('deactivate and activate three guilds in one call, audited, and the dashboard counts follow', async () => {
    const three = ['Ashen Oath', 'Golden Dawn', 'Void Circle'].map((name) => ids.get(name)!);
    const answer = await owner.request('PATCH', '/api/admin/guilds/bulk', { body: { guildIds: three, action: 'deactivate' } });
    expect(answer.body).toEqual({ success: true, updated: 3, message: bulkGuildsDone(3, 'deactivated') });
    expect(await activeOf(three)).toEqual([false, false, false]);
    const [counts] = await sql<{ total: number; active: number }>(
      server.app,
      'SELECT count(*)::int AS total, count(*) FILTER (WHERE is_active)::int AS active FROM guilds',
    );
    expect((await owner.get('/api/admin/guild-stats')).body).toMatchObject({
      total: counts!.total,
      active: counts!.active,
      inactive: counts!.total - counts!.active,
    });
    const [audit] = await sql<{ details: { guildIds: string[] }; actor_name: string }>(
      server.app,
      "SELECT details, actor_name FROM audit_log WHERE action = 'guild.deactivated' ORDER BY id DESC LIMIT 1",
    );
    expect(audit!.actor_name).toBe(OWNER.username);
    expect(audit!.details.guildIds.sort()).toEqual([...three].sort());
    await owner.request('PATCH', '/api/admin/guilds/bulk', { body: { guildIds: three, action: 'activate' } });
    expect(await activeOf(three)).toEqual([true, true, true]);
  });

  it('change nothing when one id is unknown, and name it', async () => {
    const unknown = '00000000-0000-4000-8000-00000000beef';
    const two = [ids.get('Ashen Oath')!, ids.get('Twilight Order')!];
    const answer = await owner.request('PATCH', '/api/admin/guilds/bulk', {
      body: { guildIds: [...two, unknown], action: 'deactivate' },
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ success: false, code: 'NOT_FOUND', error: guildNotFound(unknown) });
    expect(await activeOf(two)).toEqual([true, true]);

    const deleted = await owner.request('DELETE', '/api/admin/guilds/bulk', { body: { guildIds: [...two, unknown] } });
    expect(deleted.status).toBe(404);
    expect(deleted.body.error).toBe(guildNotFound(unknown));
    expect(await sql(server.app, 'SELECT id FROM guilds WHERE id = ANY($1)', [two])).toHaveLength(2);
  });

  it('delete several guilds with everything they own, one audit record each', async () => {
    const doomed = [await insertGuild(server.app), await insertGuild(server.app)];
    await insertGuildData(server.app, doomed[0]!);
    const answer = await owner.request('DELETE', '/api/admin/guilds/bulk', { body: { guildIds: doomed } });
    expect(answer.body).toEqual({ success: true, deleted: 2, message: bulkGuildsDone(2, 'deleted') });
    const [left] = await sql<{ n: number }>(
      server.app,
      `SELECT (SELECT count(*) FROM characters WHERE guild_id = ANY($1)) + (SELECT count(*) FROM loot_entries WHERE guild_id = ANY($1))
            + (SELECT count(*) FROM raid_events WHERE guild_id = ANY($1)) + (SELECT count(*) FROM discord_members WHERE guild_id = ANY($1))
            + (SELECT count(*) FROM character_links WHERE guild_id = ANY($1)) AS n`,
      [doomed],
    );
    expect(left!.n).toBe(0);
    const audits = await sql(
      server.app,
      "SELECT target_id FROM audit_log WHERE action = 'guild.deleted' AND target_id = ANY($1)",
      [doomed],
    );
    expect(audits).toHaveLength(2);
  });

  it('delete one guild; an unknown one is 404', async () => {
    const id = await insertGuild(server.app);
    expect((await owner.request('DELETE', `/api/admin/guilds/${id}`)).body).toEqual({
      success: true,
      message: GUILD_MESSAGES.deleted,
    });
    const again = await owner.request('DELETE', `/api/admin/guilds/${id}`);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe(guildNotFound(id));
  });
});

describe('the CSV export', () => {
  const exportCsv = async (query = '') => {
    const file = await download(owner, `/api/admin/guilds/export${query}`);
    return { ...file, text: file.body.toString('utf8') };
  };

  it('has a header and one record per guild, parses as RFC 4180, and neutralises formulas', async () => {
    const file = await exportCsv();
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="guilds-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = csvObjects(file.text);
    const [count] = await sql<{ n: number }>(server.app, 'SELECT count(*)::int AS n FROM guilds');
    expect(rows).toHaveLength(count!.n);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    const formula = rows.find((row) => row.id === ids.get('=HYPERLINK("http://evil.example")'))!;
    expect(formula.guild_name).toBe('\'=HYPERLINK("http://evil.example")');
    expect(rows.find((row) => row.guild_name === 'Ashen Oath')!.description).toBe('Raids Tue, Thu\n"Mythic" only');
    expect(rows.find((row) => row.guild_name === 'Storm Vanguard')).toMatchObject({ memberCount: '5', is_active: 'true' });
    expect(rows.find((row) => row.guild_name === '불멸의 군단')!.server).toBe('Azshara');
  });

  it('exports the guilds the list filters show, in list order', async () => {
    const rows = csvObjects((await exportCsv('?search=storm&status=active')).text);
    const listed = await list('search=storm&status=active&limit=100');
    expect(rows.map((row) => row.id)).toEqual(listed.body.guilds.map((g) => g.id));
  });

  it('walks past many pages without losing or repeating a guild, even when creation times tie', async () => {
    await sql(
      server.app,
      `INSERT INTO guilds (guild_name, server, region, created_at)
       SELECT 'Bulk Guild ' || n, 'Realm ' || (n % 7), 'US', timestamptz '2024-06-01 12:00:00.123456+00' + (n % 5) * interval '1 microsecond'
         FROM generate_series(1, 2600) AS n`,
    );
    const rows = csvObjects((await exportCsv('?search=bulk%20guild')).text);
    expect(rows).toHaveLength(2600);
    expect(new Set(rows.map((row) => row.id)).size).toBe(2600);
    const [count] = await sql<{ n: number }>(server.app, 'SELECT count(*)::int AS n FROM guilds');
    expect(csvObjects((await exportCsv()).text)).toHaveLength(count!.n);
    const audits = await sql<{ details: { filters: { search: string | null } }; actor_name: string }>(
      server.app,
      "SELECT details, actor_name FROM audit_log WHERE action = 'guild.list_exported'",
    );
    expect(audits.map((a) => a.details.filters.search)).toContain('bulk guild');
    expect(audits.every((a) => a.actor_name === OWNER.username)).toBe(true);
  });
});
