import { RAW_DATA_MESSAGES, RAW_ENTITIES, type RawDataPage, type RawEntity } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCursor, pageSql, planRead } from '../src/modules/raw-data/build-query';
import { csvObjects, parseCsv } from './helpers/csv';
import { download } from './helpers/download';
import { createTestAdmin, sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { type IsolatedApp, startSignedInApp, stopTestApp } from './helpers/test-app';

const BASE = '/api/admin/data';

let ctx: IsolatedApp & { owner: HttpClient };
let alpha: string;
let beta: string;

/** The one base time of the data set; ties on purpose (several rows share a timestamp, a level, a name). */
const T0 = '2026-03-01T12:00:00.000Z';

beforeAll(async () => {
  ctx = await startSignedInApp();
  const run = (text: string, params: unknown[] = []) => sql(ctx.server.app, text, params);
  const [a] = await run(
    `INSERT INTO guilds (guild_name, server, region, is_active, contact_email, created_at)
     VALUES ('Raw Alpha', 'Stormrage', 'EU', true, 'leader@alpha.example', $1) RETURNING id`,
    [T0],
  );
  const [b] = await run(
    `INSERT INTO guilds (guild_name, server, region, is_active, contact_email, created_at)
     VALUES ('Raw Beta', 'Area 52', 'US', false, 'leader@beta.example', $1) RETURNING id`,
    [T0],
  );
  alpha = a!.id as string;
  beta = b!.id as string;
  // Characters: 7 in Alpha, 5 in Beta; levels and created_at tie in groups, one name repeats across guilds.
  await run(
    `INSERT INTO characters (guild_id, name, realm, class, role, level, item_level, created_at)
     SELECT CASE WHEN n <= 7 THEN $1::uuid ELSE $2::uuid END,
            (ARRAY['Aria','Borin','Cara','Dain','Elsa','Finn','Gorm','Aria','Hild','Ivar','Jorn','Karl'])[n],
            'Stormrage',
            (ARRAY['Mage','Priest','Warrior','Mage','Druid','Rogue','Monk','Mage','Hunter','Paladin','Shaman','Evoker'])[n],
            (ARRAY['dps','healer','tank','dps','healer','dps','tank','dps','dps','tank','healer','dps'])[n],
            70 + 10 * (n % 2), 600 + n, $3::timestamptz + ((n / 3) * interval '1 hour')
       FROM generate_series(1, 12) AS n`,
    [alpha, beta, T0],
  );
  await run(
    `INSERT INTO raid_events (guild_id, name, instance, difficulty, starts_at)
     SELECT CASE WHEN n <= 3 THEN $1::uuid ELSE $2::uuid END, 'Raid ' || n,
            CASE WHEN n % 2 = 0 THEN 'Nerub-ar Palace' ELSE 'Liberation of Undermine' END, 'Heroic',
            $3::timestamptz + ((n / 2) * interval '1 day')
       FROM generate_series(1, 5) AS n`,
    [alpha, beta, T0],
  );
  // Every character of a guild attends every raid of its guild; every third one late.
  await run(
    `INSERT INTO raid_attendance (raid_event_id, character_id, status)
     SELECT e.id, c.id, CASE WHEN row_number() OVER () % 3 = 0 THEN 'late' ELSE 'present' END
       FROM raid_events e JOIN characters c ON c.guild_id = e.guild_id`,
  );
  await run(
    `INSERT INTO loot_entries (guild_id, character_id, character_name, item_id, item_name, boss, awarded_at)
     SELECT c.guild_id, c.id, c.name, 200000 + row_number() OVER (ORDER BY c.name, c.id),
            'Item of ' || c.name, 'Boss', $1::timestamptz + ((c.level - 70) * interval '1 hour')
       FROM characters c`,
    [T0],
  );
  await run(
    `INSERT INTO discord_members (guild_id, discord_user_id, username, joined_at)
     VALUES ($1, '100000000000000001', 'ann', $3), ($1, '100000000000000002', 'bob', $3),
            ($1, '100000000000000003', 'cid', $3), ($2, '100000000000000004', 'ann', $3),
            ($2, '100000000000000005', 'dot', $3)`,
    [alpha, beta, T0],
  );
  await run(
    `INSERT INTO character_links (guild_id, character_id, discord_member_id, is_primary, confidence, link_type, linked_at)
     SELECT c.guild_id, c.id, m.id, c.name = 'Aria', 0.9, CASE WHEN c.name = 'Borin' THEN 'automatic' ELSE 'manual' END, $1
       FROM characters c JOIN discord_members m ON m.guild_id = c.guild_id AND m.username = 'ann'
      WHERE c.name IN ('Aria', 'Borin', 'Gorm')`,
    [T0],
  );
  await run(
    `INSERT INTO player_accounts (display_name, email, account_status, discord_id, created_at, updated_at)
     VALUES ('Ann Player', 'ann@players.example', 'active', '100000000000000001', $1, $1),
            ('Dot Player', 'dot@players.example', 'suspended', '100000000000000005', $1, $1),
            ('Loner', NULL, 'inactive', NULL, $1, $1)`,
    [T0],
  );
  await run(
    `INSERT INTO audit_log (actor_type, actor_name, action, target_type, target_id, details, created_at)
     VALUES ('admin', 'owner', 'guilds.updated', 'guild', $1, '{}', $3), ('admin', 'owner', 'guilds.created', 'guild', $1, '{}', $3),
            ('admin', 'owner', 'guilds.updated', 'guild', $2, '{}', $3)`,
    [alpha, beta, T0],
  );
  // A community user with a password hash and an e-mail: no raw view may show either.
  await run(
    `INSERT INTO users (username, email, password_hash) VALUES ('secretive', 'not-a-player@users.example', 'argon2id$hash')`,
  );
});

afterAll(async () => {
  await stopTestApp(ctx?.server, ctx?.environment);
});

async function page(entity: string, query: string) {
  const answer = await ctx.owner.get<RawDataPage>(`${BASE}/${entity}?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** Every row of a view by following Next to the end, `limit` rows a page. */
async function walk(entity: string, query: string, limit: number) {
  const rows: Record<string, unknown>[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const body: RawDataPage = await page(entity, `${query}&limit=${limit}${after ? `&after=${encodeURIComponent(after)}` : ''}`);
    expect(body.rows.length).toBeLessThanOrEqual(limit);
    rows.push(...body.rows);
    after = body.nextCursor;
    pages++;
    expect(pages).toBeLessThan(200);
  } while (after);
  return rows;
}

/** A row's identity: its id, or for attendance its raid and character. */
const keyOf = (row: Record<string, unknown>) =>
  'id' in row ? String(row.id) : `${String(row.raid_event_id)}/${String(row.character_id)}`;

/** The same rows straight from SQL, ordered independently of the server's query builder. */
const TRUTH: Record<string, { sql: string; guild: string; key: string }> = {
  characters: { sql: 'SELECT id::text AS k, * FROM characters t', guild: 't.guild_id = $1', key: 'id' },
  loot_entries: { sql: 'SELECT id::text AS k, * FROM loot_entries t', guild: 't.guild_id = $1', key: 'id' },
  raid_events: { sql: 'SELECT id::text AS k, * FROM raid_events t', guild: 't.guild_id = $1', key: 'id' },
  raid_attendance: {
    sql: `SELECT raid_event_id || '/' || character_id AS k, t.* FROM raid_attendance t JOIN raid_events e ON e.id = t.raid_event_id`,
    guild: 'e.guild_id = $1',
    key: 'raid_event_id, character_id',
  },
  discord_members: { sql: 'SELECT id::text AS k, * FROM discord_members t', guild: 't.guild_id = $1', key: 'id' },
  character_links: { sql: 'SELECT id::text AS k, * FROM character_links t', guild: 't.guild_id = $1', key: 'id' },
  guilds: { sql: 'SELECT id::text AS k, * FROM guilds t', guild: 't.id = $1', key: 'id' },
  player_accounts: {
    sql: 'SELECT id::text AS k, * FROM player_accounts t',
    guild: 't.discord_id IN (SELECT discord_user_id FROM discord_members WHERE guild_id = $1)',
    key: 'id',
  },
  audit_records: {
    sql: 'SELECT id::text AS k, * FROM audit_log t',
    guild: `t.target_type = 'guild' AND t.target_id = $1::text`,
    key: 'id',
  },
};

async function truth(entity: string, sort: string, order: 'asc' | 'desc', guildId?: string) {
  const spec = TRUTH[entity]!;
  const keys = spec.key
    .split(', ')
    .map((k) => `t.${k} ${order}`)
    .join(', ');
  const orderBy = spec.key.startsWith(sort) ? keys : `t.${sort} ${order}, ${keys}`;
  const rows = await sql<{ k: string }>(
    ctx.server.app,
    `${spec.sql}${guildId ? ` WHERE ${spec.guild}` : ''} ORDER BY ${orderBy}`,
    guildId ? [guildId] : [],
  );
  return rows.map((row) => row.k);
}

describe('raw data views', () => {
  it('describes every entity, its filters and its sortable columns', async () => {
    const answer = await ctx.owner.get<{ entities: RawEntity[] }>(`${BASE}/entities`);
    expect(answer.status).toBe(200);
    expect(answer.body.entities.map((entity) => entity.label)).toEqual([
      'Characters',
      'Loot entries',
      'Raid events',
      'Raid attendance',
      'Discord members',
      'Character links',
      'Guild tenants',
      'Player accounts',
      'Audit records',
    ]);
    const players = answer.body.entities.find((entity) => entity.name === 'player_accounts')!;
    expect(players.columns.map((column) => column.name)).toContain('email');
  });

  it('pages every entity by every sortable column, both ways, with and without a guild: no row twice or missed', async () => {
    for (const entity of RAW_ENTITIES) {
      for (const column of entity.columns.filter((c) => 'sortable' in c && c.sortable)) {
        for (const order of ['asc', 'desc'] as const) {
          for (const guildId of [undefined, alpha]) {
            const query = `sort=${column.name}&order=${order}${guildId ? `&guildId=${guildId}` : ''}`;
            const rows = await walk(entity.name, query, 2);
            const keys = rows.map(keyOf);
            const expected = await truth(entity.name, column.name, order, guildId);
            expect(expected.length, `${entity.name} ${query}`).toBeGreaterThan(0);
            expect(new Set(keys).size, `${entity.name} ${query}: a row twice`).toBe(keys.length);
            expect(keys, `${entity.name} ${query}`).toEqual(expected);
          }
        }
      }
    }
  });

  it('scopes every entity to one guild', async () => {
    const characters = await walk('characters', `guildId=${beta}`, 500);
    expect(characters).toHaveLength(5);
    expect(characters.every((row) => row.guild_id === beta)).toBe(true);
    const attendance = await walk('raid_attendance', `guildId=${beta}`, 500);
    expect(attendance).toHaveLength(2 * 5);
    expect(attendance.every((row) => row.guild_id === beta)).toBe(true);
    expect((await page('guilds', `guildId=${beta}`)).rows.map((row) => row.guild_name)).toEqual(['Raw Beta']);
    expect((await page('player_accounts', `guildId=${alpha}`)).rows.map((row) => row.display_name)).toEqual(['Ann Player']);
    expect((await page('audit_records', `guildId=${alpha}`)).rows.map((row) => row.action).sort()).toEqual([
      'guilds.created',
      'guilds.updated',
    ]);
    expect((await page('discord_members', `guildId=${beta}`)).rows.map((row) => row.username)).toEqual(['ann', 'dot']);
  });

  it('names the guild, character and member beside their ids, first in the row', async () => {
    const characters = await page('characters', `guildId=${beta}`);
    expect(new Set(characters.rows.map((row) => row.guild_name))).toEqual(new Set(['Raw Beta']));
    expect(Object.keys(characters.rows[0]!).slice(0, 2)).toEqual(['name', 'guild_name']);
    const attendance = await page('raid_attendance', `guildId=${alpha}&limit=1`);
    expect(attendance.rows[0]).toMatchObject({ guild_name: 'Raw Alpha', guild_id: alpha });
    const links = await walk('character_links', `guildId=${alpha}`, 500);
    expect(links.map((row) => [row.character_name, row.member_name, row.guild_name]).sort()).toEqual([
      ['Aria', 'ann', 'Raw Alpha'],
      ['Borin', 'ann', 'Raw Alpha'],
      ['Gorm', 'ann', 'Raw Alpha'],
    ]);
    const members = await page('discord_members', `guildId=${beta}`);
    expect(members.rows.map((row) => row.guild_name)).toEqual(['Raw Beta', 'Raw Beta']);
  });

  it('filters text (contains, any case), numbers and dates by range, enums and booleans', async () => {
    const names = (body: RawDataPage, column = 'name') => body.rows.map((row) => row[column]).sort();
    expect(names(await page('characters', 'name=ARI'))).toEqual(['Aria', 'Aria']);
    expect(names(await page('characters', `name=ari&guildId=${alpha}`))).toEqual(['Aria']);
    expect(names(await page('characters', 'class=Mage'))).toEqual(['Aria', 'Aria', 'Dain']);
    expect(names(await page('characters', 'level_min=80&role=dps'))).toEqual(['Aria', 'Hild']);
    expect(names(await page('characters', 'level_max=75&role=tank'))).toEqual(['Ivar']);
    // created_at = T0 + floor(n / 3) hours: n = 1, 2 at T0; 3, 4, 5 an hour later.
    expect(names(await page('characters', 'created_at_to=2026-03-01T12:30:00Z'))).toEqual(['Aria', 'Borin']);
    expect(names(await page('characters', 'created_at_from=2026-03-01T13:00:00Z&created_at_to=2026-03-01T13:00:00Z'))).toEqual([
      'Cara',
      'Dain',
      'Elsa',
    ]);
    expect((await page('characters', 'created_at_from=2026-03-02')).rows).toHaveLength(0);
    expect((await page('characters', 'created_at_to=2026-03-01')).rows).toHaveLength(12);
    expect(names(await page('loot_entries', 'item_name=item of b'), 'character_name')).toEqual(['Borin']);
    expect((await page('loot_entries', 'awarded_at_from=2026-03-01T22:00:00Z')).rows).toHaveLength(6);
    expect((await page('raid_events', 'instance=nerub')).rows).toHaveLength(2);
    expect((await page('raid_attendance', 'status=late')).rows.length).toBe(
      Number((await sql<{ n: string }>(ctx.server.app, `SELECT count(*) AS n FROM raid_attendance WHERE status = 'late'`))[0]!.n),
    );
    expect((await page('raid_attendance', 'raid_name=raid 5')).rows).toHaveLength(5);
    expect(names(await page('character_links', 'is_primary=true'), 'guild_id')).toEqual([alpha, beta].sort());
    expect((await page('character_links', 'link_type=automatic')).rows).toHaveLength(1);
    expect((await page('character_links', 'confidence_min=0.95')).rows).toHaveLength(0);
    expect(names(await page('guilds', 'is_active=false'), 'guild_name')).toEqual(['Raw Beta']);
    expect(names(await page('guilds', 'region=EU&guild_name=raw'), 'guild_name')).toEqual(['Raw Alpha']);
    expect(names(await page('player_accounts', 'account_status=suspended'), 'display_name')).toEqual(['Dot Player']);
    expect(names(await page('player_accounts', 'email=PLAYERS.example'), 'display_name')).toEqual(['Ann Player', 'Dot Player']);
    expect((await page('audit_records', `target_id=${beta}`)).rows.map((row) => row.action)).toEqual(['guilds.updated']);
    expect((await page('discord_members', `id=not-a-uuid`)).rows).toHaveLength(0);
    // A LIKE wildcard is a plain character.
    expect((await page('characters', 'name=%25')).rows).toHaveLength(0);
  });

  it('never shows sensitive columns, in the list or the export', async () => {
    const everything: string[] = [];
    for (const entity of RAW_ENTITIES) {
      const body = await page(entity.name, 'limit=500');
      everything.push(JSON.stringify(body.rows));
      const csv = await download(ctx.owner, `${BASE}/${entity.name}/export?format=csv`);
      everything.push(csv.body.toString('utf8'));
    }
    const text = everything.join('\n');
    expect(text).not.toMatch(/password|token_hash|argon2id/i);
    expect(text).not.toContain('not-a-player@users.example');
    expect(text).not.toContain('leader@alpha.example');
    expect(text).toContain('ann@players.example');
  });

  it('exports the filtered set as CSV and JSON, which read back to the rows the list shows', async () => {
    const query = `guildId=${alpha}&class=Mage`;
    const listed = await walk('characters', query, 1);
    const csv = await download(ctx.owner, `${BASE}/characters/export?format=csv&${query}`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="characters-/);
    const characters = RAW_ENTITIES.find((entity) => entity.name === 'characters')!;
    expect(parseCsv(csv.body.toString('utf8'))[0]).toEqual(characters.columns.map((column) => column.name));
    const records = csvObjects(csv.body.toString('utf8'));
    expect(records.map((record) => record.id)).toEqual(listed.map((row) => row.id));
    expect(records.map((record) => record.name).sort()).toEqual(['Aria', 'Dain']);
    expect(records[0]!.level).toBe(String(listed[0]!.level));

    const json = await download(ctx.owner, `${BASE}/characters/export?format=json&${query}`);
    expect(json.headers['content-type']).toContain('application/json');
    expect(JSON.parse(json.body.toString('utf8'))).toEqual(listed);

    // Across all guilds, in keyset order.
    const all = JSON.parse((await download(ctx.owner, `${BASE}/raid_attendance/export?format=json`)).body.toString('utf8'));
    expect(all.map(keyOf)).toEqual(await truth('raid_attendance', 'raid_event_id', 'asc'));
    const empty = await download(ctx.owner, `${BASE}/characters/export?format=json&name=nobody`);
    expect(JSON.parse(empty.body.toString('utf8'))).toEqual([]);
    const [audit] = await sql<{ details: Record<string, unknown> }>(
      ctx.server.app,
      `SELECT details FROM audit_log WHERE action = 'raw_data.exported' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit!.details).toMatchObject({ entity: 'characters', format: 'json', filters: { name: 'nobody' } });
  });

  it('answers unknown entities with 404 and bad parameters with 400 and a clear message', async () => {
    const unknown = await ctx.owner.get(`${BASE}/users`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(RAW_DATA_MESSAGES.unknownEntity('users'));
    expect((await ctx.owner.get(`${BASE}/users/export`)).status).toBe(404);
    const cases: [string, string][] = [
      ['characters?password_hash=x', RAW_DATA_MESSAGES.unknownParameter('characters', 'password_hash')],
      ['characters?sort=realm', RAW_DATA_MESSAGES.notSortable('characters', 'realm')],
      ['characters?sort=nope', RAW_DATA_MESSAGES.notSortable('characters', 'nope')],
      ['characters?level_min=high', RAW_DATA_MESSAGES.invalidNumber('level_min')],
      ['characters?created_at_from=yesterday', RAW_DATA_MESSAGES.invalidDate('created_at_from')],
      [
        'characters?class=Bard',
        RAW_DATA_MESSAGES.invalidEnum('class', RAW_ENTITIES[0].columns.find((c) => c.name === 'class')?.values ?? []),
      ],
      ['character_links?is_primary=yes', RAW_DATA_MESSAGES.invalidBoolean('is_primary')],
      ['characters?after=garbage', RAW_DATA_MESSAGES.invalidCursor],
      ['characters?guildId=alpha', RAW_DATA_MESSAGES.invalidGuildId],
      ['characters/export?format=csv&nope=1', RAW_DATA_MESSAGES.unknownParameter('characters', 'nope')],
    ];
    for (const [path, message] of cases) {
      const answer = await ctx.owner.get(`${BASE}/${path}`);
      expect(answer.status, path).toBe(400);
      expect(answer.body.error, path).toBe(message);
    }
    expect((await ctx.owner.get(`${BASE}/characters?limit=501`)).status).toBe(400);
    // A cursor of another sort is refused; a forged value that PostgreSQL cannot read is a 400, not a 500.
    const first = await page('characters', 'limit=1');
    const otherSort = await ctx.owner.get(`${BASE}/characters?sort=name&after=${first.nextCursor}`);
    expect(otherSort.status).toBe(400);
    const forged = Buffer.from(JSON.stringify({ s: 'created_at', o: 'desc', v: ['not a time', first.rows[0]!.id] })).toString(
      'base64url',
    );
    const forgedAnswer = await ctx.owner.get(`${BASE}/characters?after=${forged}`);
    expect(forgedAnswer.status).toBe(400);
    expect(forgedAnswer.body.error).toBe(RAW_DATA_MESSAGES.invalidCursor);
  });

  it('is refused to admins without full access, and to visitors', async () => {
    const operator = await createTestAdmin(ctx.server.app, { role: 'operator' });
    const client = new HttpClient(ctx.server.url);
    await client.signIn(operator.username, operator.password);
    for (const path of ['entities', 'characters', 'characters/export?format=csv']) {
      expect((await client.get(`${BASE}/${path}`)).status, path).toBe(403);
    }
    expect((await new HttpClient(ctx.server.url).get(`${BASE}/entities`)).status).toBe(401);
  });
});

describe('raw data views at size', () => {
  it('reads a deep page through an index range scan, with no sort and no offset', async () => {
    const [big] = await sql<{ id: string }>(
      ctx.server.app,
      `INSERT INTO guilds (guild_name, server) VALUES ('Raw Big', 'Stormrage') RETURNING id`,
    );
    await sql(
      ctx.server.app,
      `INSERT INTO characters (guild_id, name, realm, class, level, created_at)
       SELECT $1, 'Big ' || n, 'Stormrage', 'Mage', 1 + n % 80, $2::timestamptz + (n % 500) * interval '1 minute'
         FROM generate_series(1, 20000) AS n`,
      [big!.id, T0],
    );
    await sql(ctx.server.app, 'ANALYZE characters');
    const deep = async (query: string) => {
      let body = await page('characters', `${query}&limit=500`);
      for (let i = 0; i < 20; i++) body = await page('characters', `${query}&limit=500&after=${body.nextCursor}`);
      return body.nextCursor!;
    };
    for (const query of ['sort=created_at&order=desc', `sort=name&guildId=${big!.id}`, 'sort=level&order=asc']) {
      const params = Object.fromEntries(new URLSearchParams(query));
      const plan = planRead('characters', params);
      const cursor = await deep(query);
      const built = pageSql(plan, decodeCursor(plan, cursor), 501, 'json');
      const [explained] = await sql<{ 'QUERY PLAN': unknown }>(
        ctx.server.app,
        `EXPLAIN (FORMAT JSON) ${built.sql}`,
        built.params,
      );
      const text = JSON.stringify(explained!['QUERY PLAN']);
      expect(text, query).toMatch(/"Node Type":"Index (Only )?Scan"/);
      expect(text, query).not.toMatch(/"Node Type":"(Sort|Incremental Sort|Seq Scan)"/);
    }
  });
});
