import { randomBytes } from 'node:crypto';
import {
  type AiCallResult,
  CONFIG_MESSAGES,
  type ConfigApplyResponse,
  type GuildCategoryState,
  type GuildSettingsResponse,
  OUTBOUND_MESSAGES,
} from '@guildhall/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DiscordFake, type FakeDiscordUser } from './fakes/discord-fake';
import { OpenAiFake } from './fakes/openai-fake';
import { raiseCommunityIpLimits } from './helpers/community';
import { sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import { HttpClient } from './helpers/http-client';
import { createTestEnvironment, OWNER, startTestApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

/**
 * Issue 25, high 3: Test AI and a new endpoint URL must not carry the guild's stored API key anywhere new, and
 * provider calls must not reach internal addresses (after DNS, on redirects) nor echo what the provider said.
 *
 * Three loopback servers: `provider` (the guild's saved provider) and `elsewhere` (a URL someone types instead, which
 * records every Authorization header it gets) are in OUTBOUND_ALLOWED_HOSTS by port; `internal` stands for an
 * internal service: not allowlisted, it must never receive a request.
 */

const STORED_KEY = 'sk-stored-write-only-key-0001';
const SERVER_ID = '640000000000000025';
const leader: FakeDiscordUser = { id: '650000000000000251', username: 'leader', global_name: 'Leader', avatar: null };

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;
const provider = new OpenAiFake();
const elsewhere = new OpenAiFake();
const internal = new OpenAiFake();
const discord = new DiscordFake();

const portOf = (fake: OpenAiFake) => Number(new URL(fake.baseUrl).port);
const settingsPath = (id: string) => `/api/admin/config/guilds/${id}/settings`;

const testAi = (id: string, config?: Record<string, unknown>) =>
  owner.post<{ result: AiCallResult; error?: string; fields?: Record<string, string> }>(
    `/api/admin/config/guilds/${id}/test-ai`,
    config ? { config } : {},
  );

async function saveAi(id: string, settings: Record<string, unknown>) {
  const answer = await owner.request<{ category: GuildCategoryState }>('PUT', settingsPath(id), {
    body: { category: 'ai', settings },
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.category;
}

/** A guild whose AI settings point at `provider` with the stored key. */
async function guildWithKey() {
  const id = await insertGuild(server.app);
  await saveAi(id, { endpointUrl: provider.baseUrl, apiKey: STORED_KEY, model: 'saved-model' });
  return id;
}

async function aiState(id: string) {
  const answer = await owner.get<GuildSettingsResponse>(`${settingsPath(id)}?category=ai`);
  const settings = answer.body.categories[0]!.settings;
  return {
    endpointUrl: settings.find((s) => s.key === 'endpointUrl')!.value,
    isKeySet: settings.find((s) => s.key === 'apiKey')!.secretSet,
  };
}

/** Every Authorization header `elsewhere` saw: never the stored key. */
const keysSeenElsewhere = () => elsewhere.requests.map((r) => r.authorization ?? null);

beforeAll(async () => {
  await Promise.all([provider.start(), elsewhere.start(), internal.start(), discord.start()]);
  discord.addGuild(
    leader,
    { id: SERVER_ID, name: 'Key Keepers', icon: null, owner: true, permissions: '1024' },
    { withBot: true },
  );
  environment = await createTestEnvironment({
    CONFIG_SECRET_KEY: randomBytes(32).toString('hex'),
    OUTBOUND_ALLOWED_HOSTS: `127.0.0.1:${portOf(provider)}, 127.0.0.1:${portOf(elsewhere)}`,
    DISCORD_CLIENT_ID: discord.clientId,
    DISCORD_CLIENT_SECRET: discord.clientSecret,
    DISCORD_BOT_TOKEN: discord.botToken,
    DISCORD_API_BASE: discord.baseUrl,
  });
  server = await startTestApp(environment.env, raiseCommunityIpLimits);
  owner = new HttpClient(server.url);
  await owner.signIn(OWNER.username, OWNER.password);
});

afterEach(() => {
  for (const fake of [provider, elsewhere, internal]) fake.reset();
});

afterAll(async () => {
  await stopTestApp(server, environment);
  await Promise.all([provider.stop(), elsewhere.stop(), internal.stop(), discord.stop()]);
});

describe('the stored AI key goes only to the endpoint URL it was saved with', () => {
  it('Test AI with a blank key and a new URL is refused with 400 and sends nothing; a typed key is sent', async () => {
    const id = await guildWithKey();
    for (const config of [{ endpointUrl: elsewhere.baseUrl }, { endpointUrl: elsewhere.baseUrl, apiKey: '' }]) {
      const answer = await testAi(id, config);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: CONFIG_MESSAGES.aiKeyRetype, fields: { apiKey: CONFIG_MESSAGES.aiKeyRetype } });
    }
    expect(elsewhere.requests).toHaveLength(0);

    const typed = await testAi(id, { endpointUrl: elsewhere.baseUrl, apiKey: 'sk-typed-now' });
    expect(typed.body.result).toMatchObject({ ok: true });
    expect(keysSeenElsewhere()).toEqual(['Bearer sk-typed-now']);

    // The saved URL still gets the saved key.
    expect((await testAi(id)).body.result).toMatchObject({ ok: true });
    expect(provider.lastRequest?.authorization).toBe(`Bearer ${STORED_KEY}`);
  });

  it('an admin save that changes the URL clears the key unless a new one comes with it; other saves keep it', async () => {
    const id = await guildWithKey();
    expect((await saveAi(id, { model: 'other-model' })).settings.find((s) => s.key === 'apiKey')?.secretSet).toBe(true);

    const moved = await saveAi(id, { endpointUrl: elsewhere.baseUrl });
    expect(moved.settings.find((s) => s.key === 'apiKey')).toMatchObject({ secretSet: false });
    expect(await aiState(id)).toEqual({ endpointUrl: elsewhere.baseUrl, isKeySet: false });
    expect((await testAi(id)).body.result).toMatchObject({ ok: true });
    expect(keysSeenElsewhere()).toEqual([null]);
    const [version] = await sql<{ changes: { key: string; before: unknown; after: unknown }[] }>(
      server.app,
      `SELECT changes FROM guild_setting_versions WHERE guild_id = $1 AND category = 'ai' ORDER BY version DESC LIMIT 1`,
      [id],
    );
    expect(version!.changes).toContainEqual({ category: 'ai', key: 'apiKey', before: 'set', after: 'not set' });

    const withKey = await saveAi(id, { endpointUrl: provider.baseUrl, apiKey: 'sk-new-for-provider' });
    expect(withKey.settings.find((s) => s.key === 'apiKey')?.secretSet).toBe(true);
    await testAi(id);
    expect(provider.lastRequest?.authorization).toBe('Bearer sk-new-for-provider');

    // Putting the URL back to its default ('') is a change too.
    await saveAi(id, { endpointUrl: null });
    expect(await aiState(id)).toEqual({ endpointUrl: '', isKeySet: false });
  });

  it('a community officer’s PUT /api/guild/config with a new endpoint URL clears the key; Test AI then sends none', async () => {
    discord.loginAs = leader;
    const officer = new HttpClient(server.url);
    const start = await officer.get<{ authUrl: string }>('/auth/discord');
    const authorize = await fetch(start.body.authUrl, { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location')!);
    expect((await officer.get(`${back.pathname}${back.search}`)).status).toBe(302);
    const inGuild = { headers: { 'X-Guild-ID': SERVER_ID } };
    const put = (settings: Record<string, unknown>) =>
      officer.request<{ category: GuildCategoryState }>('PUT', '/api/guild/config', {
        ...inGuild,
        body: { category: 'ai', settings },
      });

    expect((await put({ endpointUrl: provider.baseUrl, apiKey: STORED_KEY })).status).toBe(200);
    const [tenant] = await sql<{ id: string }>(server.app, 'SELECT id FROM guilds WHERE discord_guild_id = $1', [SERVER_ID]);
    expect((await aiState(tenant!.id)).isKeySet).toBe(true);

    const moved = await put({ endpointUrl: elsewhere.baseUrl });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.category.settings.find((s) => s.key === 'apiKey')).toMatchObject({ secretSet: false });
    const read = await officer.get<GuildSettingsResponse>('/api/guild/config?category=ai', inGuild);
    expect(read.body.categories[0]!.settings.find((s) => s.key === 'apiKey')).toMatchObject({ secretSet: false });

    expect((await testAi(tenant!.id)).body.result).toMatchObject({ ok: true });
    expect(keysSeenElsewhere()).toEqual([null]);
  });

  it('a bulk change of the URL clears every guild’s key, in the preview too', async () => {
    const ids = [await guildWithKey(), await guildWithKey()];
    const bulk = (preview: boolean) =>
      owner.post<ConfigApplyResponse>('/api/admin/config/bulk-update', {
        guildIds: ids,
        settings: { ai: { endpointUrl: elsewhere.baseUrl } },
        preview,
      });
    const preview = await bulk(true);
    expect(preview.status, preview.text).toBe(200);
    for (const guild of preview.body.guilds)
      expect(guild.changes).toContainEqual({ category: 'ai', key: 'apiKey', before: 'set', after: 'not set' });
    expect((await bulk(false)).status).toBe(200);
    for (const id of ids) {
      expect(await aiState(id)).toEqual({ endpointUrl: elsewhere.baseUrl, isKeySet: false });
      await testAi(id);
    }
    expect(keysSeenElsewhere()).toEqual([null, null]);
  });

  it('a template that changes the URL clears the key', async () => {
    const id = await guildWithKey();
    const template = await owner.post<{ template: { id: string } }>('/api/admin/config/templates', {
      name: `Elsewhere ${Date.now()}`,
      settings: { ai: { endpointUrl: elsewhere.baseUrl } },
    });
    expect(template.status, template.text).toBe(200);
    const applied = await owner.post<ConfigApplyResponse>(`/api/admin/config/templates/${template.body.template.id}/apply`, {
      guildIds: [id],
    });
    expect(applied.status, applied.text).toBe(200);
    expect(await aiState(id)).toEqual({ endpointUrl: elsewhere.baseUrl, isKeySet: false });
    await testAi(id);
    expect(keysSeenElsewhere()).toEqual([null]);
  });

  it('a rollback to a version with another URL clears the key', async () => {
    const id = await insertGuild(server.app);
    await saveAi(id, { endpointUrl: elsewhere.baseUrl, apiKey: 'sk-old-elsewhere-key' });
    await saveAi(id, { endpointUrl: provider.baseUrl, apiKey: STORED_KEY });
    const rolled = await owner.post<{ category: GuildCategoryState }>(`/api/admin/config/guilds/${id}/rollback`, {
      category: 'ai',
      version: 1,
    });
    expect(rolled.status, rolled.text).toBe(200);
    expect(await aiState(id)).toEqual({ endpointUrl: elsewhere.baseUrl, isKeySet: false });
    await testAi(id);
    expect(keysSeenElsewhere()).toEqual([null]);
  });
});

describe('provider calls refuse internal addresses after DNS resolution', () => {
  it.each([
    ['loopback', (): string => `http://127.0.0.1:${portOf(internal)}/v1`, '127.0.0.1', 'loopback'],
    [
      'localhost (a name that resolves to 127.0.0.1)',
      (): string => `http://localhost:${portOf(internal)}/v1`,
      'localhost',
      'loopback',
    ],
    ['LOCALHOST. (case and trailing dot)', (): string => `http://LOCALHOST.:${portOf(internal)}/v1`, 'localhost', 'loopback'],
    ['decimal 2130706433', (): string => `http://2130706433:${portOf(internal)}/v1`, '127.0.0.1', 'loopback'],
    ['short 127.1', (): string => `http://127.1:${portOf(internal)}/v1`, '127.0.0.1', 'loopback'],
    ['hex 0x7f000001', (): string => `http://0x7f000001:${portOf(internal)}/v1`, '127.0.0.1', 'loopback'],
    ['IPv6 [::1]', (): string => `http://[::1]:${portOf(internal)}/v1`, '::1', 'loopback'],
    [
      'IPv4-mapped IPv6 [::ffff:127.0.0.1]',
      () => `http://[::ffff:127.0.0.1]:${portOf(internal)}/v1`,
      '::ffff:7f00:1',
      'loopback',
    ],
    ['0.0.0.0', (): string => `http://0.0.0.0:${portOf(internal)}/v1`, '0.0.0.0', 'unspecified'],
    ['[::]', (): string => `http://[::]:${portOf(internal)}/v1`, '::', 'unspecified'],
    [
      'the metadata address 169.254.169.254',
      (): string => 'http://169.254.169.254/latest/meta-data',
      '169.254.169.254',
      'metadata',
    ],
    ['link-local 169.254.1.1', (): string => 'http://169.254.1.1/v1', '169.254.1.1', 'link-local'],
    ['private 10.0.0.1', (): string => 'http://10.0.0.1/v1', '10.0.0.1', 'private'],
    ['private 172.16.0.1', (): string => 'http://172.16.0.1/v1', '172.16.0.1', 'private'],
    ['private 192.168.1.1', (): string => 'https://192.168.1.1/v1', '192.168.1.1', 'private'],
    ['shared 100.64.0.1', (): string => 'http://100.64.0.1/v1', '100.64.0.1', 'private'],
    ['unique-local [fd00::1]', (): string => 'http://[fd00::1]/v1', 'fd00::1', 'private'],
    ['link-local [fe80::1]', (): string => 'http://[fe80::1]/v1', 'fe80::1', 'link-local'],
    ['multicast 224.0.0.1', (): string => 'http://224.0.0.1/v1', '224.0.0.1', 'multicast'],
  ] as const)('refuses %s with a clear message, and nothing reaches it', async (_name, url, host, kind) => {
    const id = await guildWithKey();
    const answer = await testAi(id, { endpointUrl: url(), apiKey: 'sk-typed-for-the-test' });
    expect(answer.status, answer.text).toBe(200);
    const result = answer.body.result as Extract<AiCallResult, { ok: false }>;
    expect(result).toMatchObject({ ok: false, status: null });
    if (host === 'localhost') {
      // Whichever of its addresses the resolver lists first is named.
      expect([
        CONFIG_MESSAGES.aiRefused(OUTBOUND_MESSAGES.refusedAddress(host, '127.0.0.1', kind)),
        CONFIG_MESSAGES.aiRefused(OUTBOUND_MESSAGES.refusedAddress(host, '::1', kind)),
      ]).toContain(result.error);
    } else {
      expect(result.error).toBe(CONFIG_MESSAGES.aiRefused(OUTBOUND_MESSAGES.refusedAddress(host, host, kind)));
    }
    expect(result.error).toMatch(/^The AI provider was not called: refused: .* is (a|the) [a-z -]+ address; /);
    expect(internal.requests).toHaveLength(0);
  });

  it('refuses the saved URL too when it is internal (Test AI and Test Memory), never sending the stored key', async () => {
    const id = await insertGuild(server.app);
    await saveAi(id, { endpointUrl: `http://localhost:${portOf(internal)}/v1`, apiKey: STORED_KEY });
    const ai = await testAi(id);
    expect(ai.body.result).toMatchObject({ ok: false, error: expect.stringContaining('refused: localhost resolves to') });
    const memory = await owner.post<{ result: { call: AiCallResult } }>(`/api/admin/config/guilds/${id}/test-memory`, {});
    expect(memory.body.result.call).toMatchObject({ ok: false, error: expect.stringContaining('a loopback address') });
    expect(internal.requests).toHaveLength(0);
  });

  it('checks every redirect hop: an allowed provider redirecting to an internal port is refused', async () => {
    const id = await guildWithKey();
    provider.mode = 'redirect';
    provider.redirectLocation = `http://127.0.0.1:${portOf(internal)}/v1/chat/completions`;
    const answer = await testAi(id);
    expect(answer.body.result).toMatchObject({
      ok: false,
      status: null,
      error: CONFIG_MESSAGES.aiRefused(OUTBOUND_MESSAGES.refusedAddress('127.0.0.1', '127.0.0.1', 'loopback')),
    });
    expect(provider.requests).toHaveLength(1);
    expect(internal.requests).toHaveLength(0);

    provider.redirectLocation = 'file:///etc/passwd';
    expect((await testAi(id)).body.result).toMatchObject({
      ok: false,
      error: CONFIG_MESSAGES.aiRefused(OUTBOUND_MESSAGES.badRedirect),
    });
  });

  it('follows a redirect to another allowed host without the key, and at most 3 hops', async () => {
    const id = await guildWithKey();
    provider.mode = 'redirect';
    provider.redirectLocation = `${elsewhere.baseUrl}/chat/completions`;
    expect((await testAi(id)).body.result).toMatchObject({ ok: true });
    expect(keysSeenElsewhere()).toEqual([null]);

    provider.redirectLocation = `${provider.baseUrl}/chat/completions`;
    expect((await testAi(id)).body.result).toMatchObject({
      ok: false,
      error: CONFIG_MESSAGES.aiRefused(OUTBOUND_MESSAGES.tooManyRedirects(3)),
    });
  });
});

describe('errors name the failure, never the provider’s body', () => {
  it.each([
    ['a 500 with a plain text body', 500, 'SECRET-BODY internal stack trace'],
    ['a 500 with OpenAI’s error JSON', 500, { error: { message: 'SECRET-BODY from the provider' } }],
    ['a 401 with OpenAI’s error JSON', 401, { error: { message: 'SECRET-BODY invalid key' } }],
    ['a 404 page', 404, '<html>SECRET-BODY admin panel</html>'],
  ] as const)('%s', async (_name, status, body) => {
    const id = await guildWithKey();
    provider.mode = 'error';
    provider.errorStatus = status;
    provider.errorBody = body;
    const answer = await testAi(id);
    expect(answer.body.result).toMatchObject({ ok: false, status, error: CONFIG_MESSAGES.aiProviderError(status) });
    expect(answer.text).not.toContain('SECRET-BODY');
  });

  it('a 200 that is not JSON or not a completion says so without the body', async () => {
    const id = await guildWithKey();
    provider.mode = 'garbage';
    const garbage = await testAi(id);
    expect(garbage.body.result).toMatchObject({ ok: false, status: 200, error: CONFIG_MESSAGES.aiNotJson(200) });
    expect(garbage.text).not.toContain('Bad Gateway');

    provider.mode = 'error';
    provider.errorStatus = 200;
    provider.errorBody = { note: 'SECRET-BODY' };
    const notCompletion = await testAi(id);
    expect(notCompletion.body.result).toMatchObject({ ok: false, error: CONFIG_MESSAGES.aiNotCompletion(200) });
    expect(notCompletion.text).not.toContain('SECRET-BODY');
  });

  it('the allowlisted provider still answers', async () => {
    const id = await guildWithKey();
    expect((await testAi(id)).body.result).toMatchObject({ ok: true, reply: 'Hello from saved-model: I am working.' });
  });
});
