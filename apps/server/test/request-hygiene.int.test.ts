import { connect } from 'node:net';
import {
  type IngestResult,
  MAX_NESTING_DEPTH,
  SERVER_MESSAGES,
  TEXT_RULE_MESSAGES,
  unsafeNameMessage,
} from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import { HttpClient } from './helpers/http-client';
import { type IsolatedApp, OWNER, startIsolatedApp, stopTestApp } from './helpers/test-app';
import { uniqueSuffix } from './helpers/test-database';

const BOT_TOKEN = `hygiene-bot-token-${uniqueSuffix()}-0123456789`;
const METRICS_TOKEN = `hygiene-metrics-token-${uniqueSuffix()}-0123456789`;
const DISCORD_GUILD = '223456789012345670';
const ID = '323456789012345678';

let ctx: IsolatedApp;
let owner: HttpClient;
let guildId: string;

beforeAll(async () => {
  ctx = await startIsolatedApp({ BOT_API_TOKEN: BOT_TOKEN, METRICS_TOKEN, BOT_RATE_LIMIT: '1000' });
  owner = new HttpClient(ctx.server.url);
  expect((await owner.signIn(OWNER.username, OWNER.password)).status).toBe(200);
  guildId = await insertGuild(ctx.server.app, { guild_name: 'Hygiene Covenant' });
});

afterAll(async () => {
  await stopTestApp(ctx?.server, ctx?.environment);
});

const anonymous = () => new HttpClient(ctx.server.url);
const nul = (field: string) => TEXT_RULE_MESSAGES.nulCharacter(field);

/** A 400 naming the field with the message, never a 5xx. */
function expectRefused(answer: { status: number; body: Record<string, unknown> }, field: string, message: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', error: message });
  expect(answer.body.fields).toMatchObject({ [field]: message });
}

describe('NUL characters', () => {
  it('are refused with 400 on both anonymous sign-in routes, not a 500', async () => {
    expectRefused(
      await anonymous().post('/api/admin/auth/login', { username: 'own\u0000er', password: 'x' }),
      'username',
      nul('username'),
    );
    expectRefused(
      await anonymous().post('/api/admin/auth/login', { username: 'owner', password: 'pass\u0000word' }),
      'password',
      nul('password'),
    );
    expectRefused(
      await anonymous().post('/auth/login', { email: 'a\u0000@example.com', password: 'a long phrase' }),
      'email',
      nul('email'),
    );
    expectRefused(
      await anonymous().post('/auth/login', { email: 'a@example.com', password: 'a long\u0000phrase' }),
      'password',
      nul('password'),
    );
    expectRefused(
      await anonymous().post('/auth/register', { username: 'x\u0000y', email: 'b@example.com', password: 'a long phrase' }),
      'username',
      nul('username'),
    );
    // The owner can still sign in: nothing was counted or stored.
    expect((await anonymous().signIn(OWNER.username, OWNER.password)).status).toBe(200);
  });

  it('are refused in bodies, query strings, path parameters and keys of signed-in routes', async () => {
    const cases: { method: string; path: string; body?: unknown; field: string }[] = [
      { method: 'GET', path: '/api/admin/guilds?search=a%00b', field: 'search' },
      { method: 'GET', path: '/api/admin/users?search=%00', field: 'search' },
      { method: 'GET', path: '/api/admin/players?search=%00', field: 'search' },
      { method: 'GET', path: '/api/admin/audit-logs?action=%00', field: 'action' },
      { method: 'PUT', path: '/api/admin/guilds/%00', body: { guild_name: 'G', server: 'S' }, field: 'id' },
      { method: 'GET', path: '/api/invites/ab%00cd', field: 'code' },
      {
        method: 'PUT',
        path: `/api/admin/guilds/${guildId}`,
        body: { guild_name: 'Nul\u0000Guild', server: 'Area 52' },
        field: 'guild_name',
      },
      { method: 'POST', path: '/api/admin/guilds', body: { guild_name: 'Fine', server: 'Area\u000052' }, field: 'server' },
      { method: 'POST', path: '/api/admin/players', body: { displayName: 'Jai\u0000na' }, field: 'displayName' },
      { method: 'POST', path: '/api/admin/roles', body: { name: 'nul_role', label: 'L\u0000' }, field: 'label' },
      {
        method: 'POST',
        path: '/api/admin/config/templates',
        body: { name: 'T', settings: { ai: { 'm\u0000': 1 } } },
        field: 'settings.ai.m\\0',
      },
      {
        method: 'PUT',
        path: '/api/admin/system-settings',
        body: { settings: { siteName: 'a\u0000' } },
        field: 'settings.siteName',
      },
      { method: 'POST', path: '/api/admin/database/postgresql/query', body: { sql: 'select 1\u0000' }, field: 'sql' },
      // Exports: a NUL used to reach PostgreSQL in the statement's text and answer "PostgreSQL is unavailable".
      { method: 'GET', path: '/api/admin/database/postgresql/export?schema=public&table=gui%00lds', field: 'table' },
      { method: 'GET', path: '/api/admin/db/schema/gui%00lds', field: 'table' },
      { method: 'GET', path: '/api/admin/audit-logs/export?actor=%00', field: 'actor' },
      { method: 'GET', path: '/api/admin/data/guilds/export?guild_name=%00', field: 'guild_name' },
      { method: 'GET', path: '/api/admin/guilds/export?search=%00', field: 'search' },
    ];
    for (const { method, path, body, field } of cases) {
      const answer = await owner.request(method, path, body === undefined ? {} : { body });
      expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(400);
      expect(answer.body, `${method} ${path}`).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: nul(field) } });
    }
    expect(await sql(ctx.server.app, "SELECT 1 FROM guilds WHERE guild_name LIKE 'Nul%'")).toEqual([]);
  });

  it('never reach Node through a header: a NUL in one is refused by the HTTP parser', async () => {
    const { port } = new URL(ctx.server.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write('POST /api/admin/auth/login HTTP/1.1\r\nHost: x\r\nUser-Agent: a\u0000b\r\nContent-Length: 0\r\n\r\n');
      });
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString('latin1');
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      setTimeout(() => socket.destroy(), 2000);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
  });
});

describe('unpaired surrogates', () => {
  const surrogate = (field: string) => TEXT_RULE_MESSAGES.loneSurrogate(field);

  it('are refused with 400 naming the field, not a 500 from PostgreSQL’s json (found by the API fuzz)', async () => {
    const role = `surrogate_${uniqueSuffix()}`;
    expect((await owner.post('/api/admin/roles', { name: role, label: 'Surrogates', permissions: [] })).status).toBe(200);
    // JSON carries a lone surrogate as an escape; the audit log's jsonb details refused it, and the routes answered 500.
    const cases: { method: string; path: string; rawBody: string; field: string }[] = [
      { method: 'POST', path: '/api/admin/db/query', rawBody: '{"query":"select 1\\ud800"}', field: 'query' },
      { method: 'POST', path: '/api/admin/database/postgresql/query', rawBody: '{"query":"select \'\\udc00\'"}', field: 'query' },
      { method: 'POST', path: '/api/admin/database/postgresql/explain', rawBody: '{"query":"select 1\\ud800"}', field: 'query' },
      {
        method: 'PUT',
        path: `/api/admin/roles/${role}`,
        rawBody: '{"label":"Surrogates","description":"a\\ud800b","permissions":[]}',
        field: 'description',
      },
      { method: 'POST', path: '/api/admin/roles', rawBody: '{"name":"lone_role","label":"L\\udfff"}', field: 'label' },
      {
        method: 'POST',
        path: '/api/admin/config/templates',
        rawBody: '{"name":"T","settings":{"ai":{"m\\ud800":1}}}',
        field: 'settings.ai.m\uFFFD',
      },
    ];
    for (const { method, path, rawBody, field } of cases) {
      const answer = await owner.request(method, path, { rawBody });
      expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(400);
      expect(answer.body, `${method} ${path}`).toMatchObject({
        code: 'VALIDATION_FAILED',
        error: surrogate(field),
        fields: { [field]: surrogate(field) },
      });
    }
    expect(await sql(ctx.server.app, "SELECT 1 FROM admin_roles WHERE name = 'lone_role'")).toEqual([]);
    // A surrogate pair is one character (an emoji) and passes.
    const pair = await owner.request('PUT', `/api/admin/roles/${role}`, {
      rawBody: '{"label":"Surrogates","description":"raid night \\ud83d\\udde1\\ufe0f","permissions":[]}',
    });
    expect(pair.status, pair.text).toBe(200);
  });
});

describe('addresses the router refuses', () => {
  it('answer in the app’s shape with the security headers, without echoing the path (found by the API fuzz)', async () => {
    const usual = await owner.get('/api/admin/guilds');
    // A GET of a long path falls through to the web app's 404; writes meet the router's length limit.
    const cases = [
      {
        method: 'POST',
        path: '/api/invites/code%E0%A4%A/accept',
        status: 400,
        error: SERVER_MESSAGES.badUrl,
        code: 'VALIDATION_FAILED',
      },
      {
        method: 'GET',
        path: '/api/admin/guilds/%ED%A0%80%C0%AF',
        status: 400,
        error: SERVER_MESSAGES.badUrl,
        code: 'VALIDATION_FAILED',
      },
      {
        method: 'PUT',
        path: `/api/admin/guilds/${'secret'.repeat(20)}`,
        status: 414,
        error: SERVER_MESSAGES.pathPartTooLong,
        code: 'PATH_TOO_LONG',
      },
    ];
    for (const { method, path, status, error, code } of cases) {
      const answer = await owner.request(method, path, method === 'GET' ? {} : { body: {} });
      expect(answer.status, `${path}: ${answer.text}`).toBe(status);
      expect(answer.body, path).toEqual({ success: false, error, code });
      // The headers every other answer carries, the CSP first among them.
      for (const header of ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy']) {
        expect(answer.headers[header], `${path}: ${header}`).toBe(usual.headers[header]);
      }
      expect(answer.text).not.toContain('secret');
    }
  });
});

describe('nesting', () => {
  it('refuses a body nested past the bound with 400, without a stack overflow', async () => {
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const answer = await owner.post('/api/admin/guilds', undefined, {
      rawBody: `{"guild_name":"Deep","server":"Area 52","extra":${deep}}`,
    });
    expect(answer.status, answer.text).toBe(400);
    expect(String(answer.body.error)).toContain(`at most ${MAX_NESTING_DEPTH} levels`);
  });
});

describe('control and invisible characters in names', () => {
  const unsafe = {
    'line feed': '\n',
    'carriage return': '\r',
    tab: '\t',
    bell: '\u0007',
    delete: '\u007f',
    'next line (C1)': '\u0085',
    'line separator': '\u2028',
    'paragraph separator': '\u2029',
    'right-to-left override': '\u202e',
    'left-to-right embedding': '\u202a',
    'right-to-left isolate': '\u2067',
    'pop directional isolate': '\u2069',
    'zero-width space': '\u200b',
    'zero-width joiner': '\u200d',
    'byte order mark': '\ufeff',
  };

  it.each(Object.entries(unsafe))('refuses a %s in a guild name and a server name with the field message', async (_, char) => {
    const name = await owner.post('/api/admin/guilds', { guild_name: `Evil${char}Guild`, server: 'Area 52' });
    expectRefused(name, 'guild_name', unsafeNameMessage('Guild name'));
    const server = await owner.request('PUT', `/api/admin/guilds/${guildId}`, {
      body: { guild_name: 'Hygiene Covenant', server: `Area${char}52` },
    });
    expectRefused(server, 'server', unsafeNameMessage('Server name'));
  });

  it('refuses them in every other display name: player accounts, admins, roles, templates', async () => {
    const evil = 'Admin\u202etxt.exe';
    expectRefused(
      await owner.post('/api/admin/players', { displayName: evil }),
      'displayName',
      unsafeNameMessage('Display name'),
    );
    expectRefused(
      await owner.post('/api/admin/users', {
        username: `hygiene_${uniqueSuffix()}`,
        fullName: 'Two\nLines',
        role: 'viewer',
        password: `A-long-password-${uniqueSuffix()}`,
      }),
      'fullName',
      unsafeNameMessage('Full name'),
    );
    expectRefused(
      await owner.post('/api/admin/roles', { name: `role_${uniqueSuffix()}`, label: 'Zero\u200bWidth' }),
      'label',
      unsafeNameMessage('Label'),
    );
    expectRefused(
      await owner.post('/api/admin/config/templates', { name: 'Raid\u2028Night', settings: {} }),
      'name',
      unsafeNameMessage('Template name'),
    );
    expect(await sql(ctx.server.app, "SELECT 1 FROM guilds WHERE guild_name LIKE 'Evil%'")).toEqual([]);
  });

  it('keeps accents, other scripts and emoji', async () => {
    const created = await owner.post('/api/admin/guilds', { guild_name: 'Élan Vital 龍 🐉', server: "Kel'Thuzad" });
    expect(created.status, created.text).toBe(200);
  });
});

describe('the bot ingestion API', () => {
  const send = (body: unknown, options: { rawBody?: string; localAddress?: string; token?: string } = {}) =>
    new HttpClient(ctx.server.url).post<IngestResult>('/api/bot/ai-turns', body, {
      isXhr: false,
      headers: { authorization: `Bearer ${options.token ?? BOT_TOKEN}` },
      rawBody: options.rawBody,
      localAddress: options.localAddress,
    });

  const turn = (id: string, overrides: Record<string, unknown> = {}) => ({
    id,
    discordGuildId: DISCORD_GUILD,
    channelId: ID,
    discordUserId: ID,
    triggerMessage: 'when is raid?',
    shouldRespond: true,
    intentConfidence: 0.9,
    outcome: 'responded',
    provider: 'openai',
    model: 'gpt-4o-mini',
    latencyMs: 100,
    timestamp: '2026-02-01T19:00:00Z',
    ...overrides,
  });

  it('rejects only the item with a NUL, in a text or a key, and stores the others', async () => {
    const suffix = uniqueSuffix();
    const answer = await send({
      turns: [
        turn(`ok-1-${suffix}`),
        turn(`nul-${suffix}`, { triggerMessage: 'when\u0000raid' }),
        turn(`key-${suffix}`, { toolCalls: [{ name: 'lookup', arguments: { 'd\u0000y': 1 } }] }),
        turn(`ok-2-${suffix}`),
      ],
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ accepted: 2, duplicates: 0 });
    expect(answer.body.rejected).toEqual([
      { index: 1, id: `nul-${suffix}`, errors: { triggerMessage: nul('triggerMessage') } },
      { index: 2, id: `key-${suffix}`, errors: { 'toolCalls.0.arguments.d\\0y': nul('toolCalls.0.arguments.d\\0y') } },
    ]);
    const stored = await sql<{ client_id: string }>(
      ctx.server.app,
      'SELECT client_id FROM ai_turns WHERE client_id LIKE $1 ORDER BY client_id',
      [`%-${suffix}`],
    );
    expect(stored.map((row) => row.client_id)).toEqual([`ok-1-${suffix}`, `ok-2-${suffix}`]);
  });

  it('rejects a turn nested 10,000 deep as its own item, without a stack overflow', async () => {
    const suffix = uniqueSuffix();
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const nested = JSON.stringify(turn(`deep-${suffix}`, { toolCalls: [{ name: 'x', arguments: { deep: '@' } }] })).replace(
      '"@"',
      deep,
    );
    const answer = await send(undefined, { rawBody: `{"turns":[${JSON.stringify(turn(`fine-${suffix}`))},${nested}]}` });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.accepted).toBe(1);
    expect(answer.body.rejected).toHaveLength(1);
    expect(answer.body.rejected[0]).toMatchObject({ index: 1, id: `deep-${suffix}` });
    expect(Object.values(answer.body.rejected[0]!.errors)[0]).toContain(`at most ${MAX_NESTING_DEPTH} levels`);
  });

  it('answers 429 with Retry-After after 10 wrong tokens a minute from one address, even for the right token', async () => {
    const address = '127.0.0.3';
    for (let attempt = 1; attempt <= 10; attempt++) {
      const wrong = await send({ turns: [turn('x')] }, { localAddress: address, token: `wrong-${attempt}` });
      expect(wrong.status, `attempt ${attempt}`).toBe(401);
    }
    const limited = await send({ turns: [turn('x')] }, { localAddress: address, token: 'wrong-11' });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await send({ turns: [turn(`late-${uniqueSuffix()}`)] }, { localAddress: address })).status).toBe(429);
    // Another address, and the right token from it, are not held up.
    expect((await send({ turns: [turn(`other-${uniqueSuffix()}`)] }, { localAddress: '127.0.0.4' })).status).toBe(200);
  });
});

describe('the Prometheus endpoint', () => {
  it('answers 429 with Retry-After after 10 wrong tokens a minute from one address', async () => {
    const scrape = (token: string, localAddress: string) =>
      anonymous().get('/metrics', { isXhr: false, headers: { authorization: `Bearer ${token}` }, localAddress });
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await scrape(`wrong-${attempt}`, '127.0.0.5')).status, `attempt ${attempt}`).toBe(401);
    }
    const limited = await scrape('wrong-11', '127.0.0.5');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await scrape(METRICS_TOKEN, '127.0.0.5')).status).toBe(429);
    expect((await scrape(METRICS_TOKEN, '127.0.0.6')).status).toBe(200);
  });
});

describe('the API documentation', () => {
  it('answers 401 to anyone not signed in as an admin', async () => {
    for (const path of ['/api/docs', '/api/docs/json', '/api/docs/yaml']) {
      expect((await anonymous().get(path)).status, path).toBe(401);
    }
    expect((await owner.get('/api/docs/json')).status).toBe(200);
  });
});
