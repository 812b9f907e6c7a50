import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type AiCallResult,
  CONFIG_MESSAGES,
  MESSAGES,
  SAMPLE_MEMORY_MESSAGE,
  type SettingValue,
  type TestMemoryResult,
} from '@guildhall/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setAiTestTimeoutForTests } from '../src/modules/guild-config/ai-client';
import { DEFAULT_TEST_PROMPT } from '../src/modules/guild-config/ai-tests';
import { createSecretBox } from '../src/modules/guild-config/secret-box';
import { OpenAiFake } from './fakes/openai-fake';
import { createTestAdmin, sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import { HttpClient } from './helpers/http-client';
import { muteStdout } from './helpers/quiet-logs';
import { createTestEnvironment, OWNER, startTestApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

const SECRET_KEY = randomBytes(32).toString('hex');
const GUILD_KEY = 'sk-guild-saved-key-123';
const SYSTEM_PROMPT = 'You are the raid assistant of Crimson Covenant.';

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;
let fake: OpenAiFake;
let guildId: string;

/** Saves a guild's own values straight into its rows (the secret encrypted as the settings API stores it). */
async function saveSettings(id: string, category: string, values: Record<string, SettingValue>) {
  const box = createSecretBox(SECRET_KEY);
  for (const [key, value] of Object.entries(values)) {
    const isSecret = key === 'apiKey';
    await sql(
      server.app,
      `INSERT INTO guild_settings (guild_id, category, key, value, secret_value) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (guild_id, category, key) DO UPDATE SET value = EXCLUDED.value, secret_value = EXCLUDED.secret_value`,
      [id, category, key, isSecret ? null : JSON.stringify(value), isSecret ? box.encrypt(String(value)) : null],
    );
  }
}

const testAi = (body: Record<string, unknown> = {}, client = owner, id = guildId) =>
  client.post<{ success: true; result: AiCallResult; fields?: Record<string, string>; error?: string }>(
    `/api/admin/config/guilds/${id}/test-ai`,
    body,
  );

const testMemory = (body: Record<string, unknown> = {}, client = owner, id = guildId) =>
  client.post<{ success: true; result: TestMemoryResult; error?: string }>(`/api/admin/config/guilds/${id}/test-memory`, body);

/** A loopback port nothing listens on (it was free a moment ago). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const auditCount = async () => Number((await sql<{ n: string }>(server.app, 'SELECT count(*) AS n FROM audit_log'))[0]!.n);

beforeAll(async () => {
  fake = await new OpenAiFake().start();
  // Logged at info (off stdout) to see that a test is logged without its key.
  // The fake (and the closed port) are on loopback, which provider calls refuse unless the operator allows it.
  environment = await createTestEnvironment({
    CONFIG_SECRET_KEY: SECRET_KEY,
    LOG_LEVEL: 'info',
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
  });
  server = await startTestApp(environment.env);
  muteStdout(server.app);
  owner = new HttpClient(server.url);
  await owner.signIn(OWNER.username, OWNER.password);
  guildId = await insertGuild(server.app, { guild_name: 'Crimson Covenant' });
  await saveSettings(guildId, 'ai', {
    endpointUrl: fake.baseUrl,
    apiKey: GUILD_KEY,
    model: 'guild-model-1',
    temperature: 0.3,
    maxTokens: 200,
    systemPrompt: SYSTEM_PROMPT,
  });
  await saveSettings(guildId, 'memory', { extractionModel: 'extractor-1', retentionDays: 30, maxPerUser: 5 });
});

afterEach(() => {
  fake.reset();
  setAiTestTimeoutForTests(null);
});

afterAll(async () => {
  await stopTestApp(server, environment);
  await fake?.stop();
});

describe('Test AI (issue 15): the guild’s provider through the OpenAI-compatible fake', () => {
  it('sends a short prompt with the saved settings and answers latency, model and reply, without auditing', async () => {
    const audits = await auditCount();
    const answer = await testAi();
    expect(answer.status).toBe(200);
    expect(answer.body.result).toEqual({
      ok: true,
      latencyMs: expect.any(Number),
      model: 'guild-model-1',
      reply: 'Hello from guild-model-1: I am working.',
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.lastRequest).toMatchObject({
      path: '/chat/completions',
      authorization: `Bearer ${GUILD_KEY}`,
      model: 'guild-model-1',
      temperature: 0.3,
      maxTokens: 200,
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: DEFAULT_TEST_PROMPT },
      ],
    });
    expect(await auditCount()).toBe(audits);
  });

  it('logs each test with the provider’s host and the model, never the key', async () => {
    await testAi({ config: { apiKey: 'sk-typed-secret-999' } });
    const lines = JSON.stringify(server.app.logHub.recent({}, 1000));
    expect(lines).toContain('AI settings tested');
    expect(lines).toContain(new URL(fake.baseUrl).host);
    expect(lines).not.toContain('sk-typed-secret-999');
    expect(lines).not.toContain(GUILD_KEY);
  });

  it('tests the form’s unsaved values over the saved ones; a blank key keeps the saved key', async () => {
    const answer = await testAi({ config: { model: 'form-model', temperature: 1.2, apiKey: '' }, prompt: 'Say hi to the raid' });
    expect(answer.body.result).toMatchObject({ ok: true, model: 'form-model', reply: 'Hello from form-model: I am working.' });
    expect(fake.lastRequest).toMatchObject({
      authorization: `Bearer ${GUILD_KEY}`,
      model: 'form-model',
      temperature: 1.2,
      maxTokens: 200,
      messages: [{ content: SYSTEM_PROMPT }, { content: 'Say hi to the raid' }],
    });

    await testAi({ config: { apiKey: 'sk-typed-in-the-form' } });
    expect(fake.lastRequest?.authorization).toBe('Bearer sk-typed-in-the-form');
    // Nothing was saved: the next test uses the saved settings again.
    await testAi();
    expect(fake.lastRequest).toMatchObject({ authorization: `Bearer ${GUILD_KEY}`, model: 'guild-model-1' });
  });

  it('sends the saved key only to the saved endpoint URL: another URL needs the key typed', async () => {
    const moved = await testAi({ config: { endpointUrl: `${fake.baseUrl}/elsewhere`, apiKey: '' } });
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject({ error: CONFIG_MESSAGES.aiKeyRetype, fields: { apiKey: CONFIG_MESSAGES.aiKeyRetype } });
    expect(fake.requests).toHaveLength(0);
    // The same URL spelled with a trailing slash is the saved one.
    expect((await testAi({ config: { endpointUrl: `${fake.baseUrl}/` } })).body.result).toMatchObject({ ok: true });
    expect(fake.lastRequest?.authorization).toBe(`Bearer ${GUILD_KEY}`);
  });

  it('refuses unsaved values that break the catalog, field by field, without calling the provider', async () => {
    const answer = await testAi({ config: { temperature: 3, maxTokens: 2.5, endpointUrl: 'ftp://x', colour: 'red' } });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual({
      temperature: CONFIG_MESSAGES.range(0, 2),
      maxTokens: CONFIG_MESSAGES.wholeNumber,
      endpointUrl: CONFIG_MESSAGES.url,
      colour: CONFIG_MESSAGES.unknownSetting,
    });
    expect(fake.requests).toHaveLength(0);
    // A port no server listens on is named in the form's words, never Node's "Invalid URL" (issue 29).
    const badPort = await testAi({ config: { endpointUrl: 'http://127.0.0.1:99999/v1', apiKey: 'sk-typed' } });
    expect(badPort.status).toBe(400);
    expect(badPort.body.fields).toEqual({ endpointUrl: CONFIG_MESSAGES.port });
    expect(fake.requests).toHaveLength(0);
  });

  it('names the provider’s status in our words, never its body', async () => {
    fake.mode = 'error';
    const answer = await testAi();
    expect(answer.status).toBe(200);
    expect(answer.body.result).toEqual({
      ok: false,
      latencyMs: expect.any(Number),
      status: 401,
      error: CONFIG_MESSAGES.aiProviderError(401),
    });
    expect(answer.body.result).toMatchObject({ error: 'The AI provider answered 401: the API key was refused' });
    expect(answer.text).not.toContain('Incorrect API key provided');
  });

  it('says a 5xx or an answer that is not JSON is one, without repeating what it said', async () => {
    fake.mode = 'error';
    fake.errorStatus = 503;
    fake.errorBody = `upstream overloaded ${'x'.repeat(1000)}`;
    const failed = await testAi();
    expect(failed.body.result).toMatchObject({ ok: false, status: 503, error: CONFIG_MESSAGES.aiProviderError(503) });
    expect(failed.text).not.toContain('upstream overloaded');

    fake.mode = 'garbage';
    const garbage = await testAi();
    expect(garbage.body.result).toMatchObject({ ok: false, status: 200, error: CONFIG_MESSAGES.aiNotJson(200) });
    expect(garbage.text).not.toContain('502 Bad Gateway');
  });

  it('gives up after the timeout and says so', async () => {
    setAiTestTimeoutForTests(300);
    fake.mode = 'slow';
    fake.slowDelayMs = 3_000;
    const started = Date.now();
    const { body } = await testAi();
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(body.result).toEqual({ ok: false, latencyMs: expect.any(Number), status: null, error: CONFIG_MESSAGES.aiTimeout });
    expect(body.result.latencyMs).toBeGreaterThanOrEqual(290);
    expect(CONFIG_MESSAGES.aiTimeout).toBe('The AI provider did not answer within 20 seconds');
  });

  it('says why a provider cannot be reached', async () => {
    const { body } = await testAi({
      config: { endpointUrl: `http://127.0.0.1:${await closedPort()}/v1`, apiKey: 'sk-typed-for-the-new-url' },
    });
    expect(body.result).toMatchObject({ ok: false, status: null });
    const error = (body.result as { error: string }).error;
    expect(error).toMatch(/^The AI provider could not be reached: .*ECONNREFUSED/);
  });

  it('asks for an endpoint URL first when none is set or the form clears it', async () => {
    const unconfigured = await insertGuild(server.app);
    for (const answer of [await testAi({}, owner, unconfigured), await testAi({ config: { endpointUrl: '' } })]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        error: CONFIG_MESSAGES.aiNotConfigured,
        fields: { endpointUrl: CONFIG_MESSAGES.aiNotConfigured },
      });
    }
    expect(fake.requests).toHaveLength(0);
  });
});

describe('Test Memory (issue 15): extraction with the guild’s memory settings, storing nothing', () => {
  it('extracts memories from the sample message with the extraction model, each expiring after the retention', async () => {
    const before = Date.now();
    const answer = await testMemory();
    expect(answer.status).toBe(200);
    const { result } = answer.body;
    expect(result).toMatchObject({
      enabled: true,
      message: SAMPLE_MEMORY_MESSAGE,
      model: 'extractor-1',
      retentionDays: 30,
      maxPerUser: 5,
      call: { ok: true, model: 'extractor-1' },
    });
    expect(result.memories.map((m) => [m.content, m.category])).toEqual([
      ["I'm switching my main to a Restoration Shaman for next tier", 'character'],
      ["I can't raid on Thursdays any more because of work", 'availability'],
    ]);
    for (const memory of result.memories) {
      const expires = Date.parse(memory.expiresAt);
      expect(expires).toBeGreaterThanOrEqual(before + 30 * 86_400_000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 30 * 86_400_000);
      expect(memory.importance).toBe(4);
    }
    expect(fake.lastRequest).toMatchObject({
      authorization: `Bearer ${GUILD_KEY}`,
      model: 'extractor-1',
      temperature: 0,
      messages: [{ role: 'system' }, { role: 'user', content: SAMPLE_MEMORY_MESSAGE }],
    });
    expect(fake.lastRequest?.messages[0]?.content).toContain('{"memories":[');
  });

  it('reads a reply in a ```json fence and keeps at most the guild’s memories per member', async () => {
    await saveSettings(guildId, 'memory', { maxPerUser: 2 });
    fake.isFencingMemories = true;
    const { body } = await testMemory({ message: 'I play a Holy Priest. I raid on Mondays. I love cats. I hate lag.' });
    expect(body.result.call).toMatchObject({ ok: true });
    expect(body.result.memories.map((m) => m.content)).toEqual(['I play a Holy Priest', 'I raid on Mondays']);
    await saveSettings(guildId, 'memory', { maxPerUser: 5 });
  });

  it('says the extraction model did not answer with memories when its reply is not the asked JSON', async () => {
    fake.replyContent = 'Sure! This member likes shamans.';
    const { body } = await testMemory();
    expect(body.result).toMatchObject({
      enabled: true,
      call: { ok: false, status: 200, error: CONFIG_MESSAGES.memoryUnreadable },
      memories: [],
    });
  });

  it('passes on the provider’s error', async () => {
    fake.mode = 'error';
    const { body } = await testMemory();
    expect(body.result.call).toMatchObject({
      ok: false,
      status: 401,
      error: CONFIG_MESSAGES.aiProviderError(401),
    });
  });

  it('calls nothing when memory is off', async () => {
    const off = await insertGuild(server.app);
    await saveSettings(off, 'memory', { enabled: false });
    const { status, body } = await testMemory({}, owner, off);
    expect(status).toBe(200);
    expect(body.result).toEqual({
      enabled: false,
      message: SAMPLE_MEMORY_MESSAGE,
      model: 'gpt-4o-mini',
      retentionDays: 90,
      maxPerUser: 100,
      call: null,
      memories: [],
    });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('who may run the tests', () => {
  it('needs admin.system_config: settings.view alone is refused, and nothing is sent', async () => {
    const viewer = await createTestAdmin(server.app, { role: 'support' });
    const client = new HttpClient(server.url);
    await client.signIn(viewer.username, viewer.password);
    for (const answer of [await testAi({}, client), await testMemory({}, client)]) {
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe(MESSAGES.accessDeniedBody);
    }
    expect(fake.requests).toHaveLength(0);

    const operator = await createTestAdmin(server.app, { role: 'operator' });
    const allowed = new HttpClient(server.url);
    await allowed.signIn(operator.username, operator.password);
    expect((await testAi({}, allowed)).body.result).toMatchObject({ ok: true });
  });

  it('declares the permission in the route access table', () => {
    for (const call of ['test-ai', 'test-memory']) {
      const entry = server.app.adminRouteAccess.find((route) => route.url === `/api/admin/config/guilds/:id/${call}`);
      expect(entry?.guards).toContainEqual(['admin.system_config']);
    }
  });

  it('answers 404 for a guild that does not exist', async () => {
    for (const answer of [await testAi({}, owner, randomUUID()), await testMemory({}, owner, randomUUID())]) {
      expect(answer.status).toBe(404);
      expect(answer.body.error).toBe(CONFIG_MESSAGES.guildNotFound);
    }
  });
});
