import {
  CONFIG_MESSAGES,
  type CompareRow,
  type ConfigApplyResponse,
  type ConfigGuild,
  type ConfigTemplate,
  type ConfigVersion,
  type GuildCategoryState,
  type GuildSettingsResponse,
  MESSAGES,
  SETTING_CATEGORIES,
} from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGuildCategoryValues } from '../src/modules/guild-config/read-category-values';
import { createSecretBox } from '../src/modules/guild-config/secret-box';
import { updateGuildCategory } from '../src/modules/guild-config/update-guild-category';
import { createTestAdmin, sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import { HttpClient } from './helpers/http-client';
import { type IsolatedApp, startSignedInApp, startTestApp, stopTestApp } from './helpers/test-app';
import { uniqueSuffix } from './helpers/test-database';

const KEY = 'a1'.repeat(32);
const CONFIG = '/api/admin/config';
const settingsPath = (id: string, category?: string) =>
  `${CONFIG}/guilds/${id}/settings${category ? `?category=${category}` : ''}`;
const SECRET = 'sk-live-very-secret-1234567890';

let ctx: IsolatedApp & { owner: HttpClient };

beforeAll(async () => {
  ctx = await startSignedInApp({ CONFIG_SECRET_KEY: KEY });
});

afterAll(async () => {
  await stopTestApp(ctx?.server, ctx?.environment);
});

const put = <
  T = { category: GuildCategoryState; message: string; code?: string; error?: string; fields?: Record<string, string> },
>(
  client: HttpClient,
  id: string,
  category: string,
  settings: Record<string, unknown>,
) => client.request<T>('PUT', settingsPath(id), { body: { category, settings } });

const guild = (name = `Config ${uniqueSuffix()}`) => insertGuild(ctx.server.app, { guild_name: name });

const settingOf = (state: GuildCategoryState, key: string) => state.settings.find((s) => s.key === key)!;

const categoryOf = async (id: string, category: string) => {
  const answer = await ctx.owner.get<GuildSettingsResponse>(settingsPath(id, category));
  expect(answer.status, answer.text).toBe(200);
  return answer.body.categories[0]!;
};

const versionsOf = async (id: string, category?: string) => {
  const answer = await ctx.owner.get<{ versions: ConfigVersion[] }>(
    `${CONFIG}/guilds/${id}/versions${category ? `?category=${category}` : ''}`,
  );
  expect(answer.status, answer.text).toBe(200);
  return answer.body.versions;
};

const overrideRows = (id: string) =>
  sql<{ category: string; key: string; value: unknown; secret_value: string | null }>(
    ctx.server.app,
    'SELECT category, key, value, secret_value FROM guild_settings WHERE guild_id = $1 ORDER BY category, key',
    [id],
  );

describe('reading and changing a guild’s settings', () => {
  it('answers every category with the defaults, and one category when asked', async () => {
    const id = await guild('Defaults Guild');
    const all = await ctx.owner.get<GuildSettingsResponse>(settingsPath(id));
    expect(all.status, all.text).toBe(200);
    expect(all.body.guild).toEqual({ id, name: 'Defaults Guild' });
    expect(all.body.categories.map((c) => c.category)).toEqual(SETTING_CATEGORIES.map((c) => c.id));
    const general = all.body.categories[0]!;
    expect(general.version).toBe(0);
    expect(settingOf(general, 'prefix')).toEqual({ key: 'prefix', value: '!', defaultValue: '!', overridden: false });
    const ai = await categoryOf(id, 'ai');
    expect(settingOf(ai, 'apiKey')).toEqual({
      key: 'apiKey',
      value: '',
      defaultValue: '',
      overridden: false,
      secretSet: false,
    });

    const missing = await ctx.owner.get(settingsPath('00000000-0000-4000-8000-000000000000'));
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(CONFIG_MESSAGES.guildNotFound);
    const badCategory = await ctx.owner.get(settingsPath(id, 'nope'));
    expect(badCategory.status).toBe(400);
  });

  it('refuses values that do not fit the catalog with the catalog’s message per field, and changes nothing', async () => {
    const id = await guild();
    const bad = await put(ctx.owner, id, 'raids', {
      signupWindowDays: 61,
      defaultRaidSize: 2.5,
      reminderTimes: ['24h', 'soon'],
      nope: 1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(bad.body.fields).toEqual({
      signupWindowDays: 'Must be between 1 and 60',
      defaultRaidSize: 'Must be a whole number',
      reminderTimes: 'Must be a duration like 15m, 2h or 1d',
      nope: 'Unknown setting',
    });
    const general = await put(ctx.owner, id, 'general', {
      prefix: '',
      language: 'tlh',
      timezone: 'Mars/Olympus',
      announcementChannel: '#general',
    });
    expect(general.body.fields).toEqual({
      prefix: 'Required',
      language: 'Must be one of: English, Deutsch, Français, Español, Italiano, Português, Русский, 한국어, 中文',
      timezone: 'Must be a time zone like Europe/Berlin or UTC',
      announcementChannel: 'Must be a Discord channel id (digits)',
    });
    const ai = await put(ctx.owner, id, 'ai', { endpointUrl: 'ftp://x', temperature: 2.5, maxTokens: '512' });
    expect(ai.body.fields).toEqual({
      endpointUrl: 'Must be an http or https address',
      temperature: 'Must be between 0 and 2',
      maxTokens: 'Must be a number',
    });
    const locked = await put(ctx.owner, id, 'moderation', { logRetentionDays: 30, bannedWords: ['ok', 'two\nlines'] });
    expect(locked.body.fields).toEqual({
      logRetentionDays: CONFIG_MESSAGES.notOverridable,
      bannedWords: 'Must be a word or phrase without line breaks',
    });
    const memory = await put(ctx.owner, id, 'memory', { enabled: 'yes' });
    expect(memory.body.fields).toEqual({ enabled: 'Must be on or off' });
    const empty = await put(ctx.owner, id, 'memory', {});
    expect(empty.body.fields).toEqual({ settings: CONFIG_MESSAGES.noSettings });

    expect(await overrideRows(id)).toEqual([]);
    expect(await versionsOf(id)).toEqual([]);
  });

  it('keeps overrides apart from defaults, versions every change and rolls a category back exactly', async () => {
    const id = await guild();
    const first = await put(ctx.owner, id, 'general', { prefix: '?', timezone: 'Europe/Berlin' });
    expect(first.status, first.text).toBe(200);
    expect(first.body.message).toBe(CONFIG_MESSAGES.saved);
    expect(first.body.category.version).toBe(1);
    expect(first.body.category.updatedBy).toBe('owner');
    expect(settingOf(first.body.category, 'prefix')).toEqual({
      key: 'prefix',
      value: '?',
      defaultValue: '!',
      overridden: true,
    });
    expect(settingOf(first.body.category, 'language')).toMatchObject({ value: 'en', overridden: false });

    // null: back to the default; a value equal to what is stored is no change at all.
    const second = await put(ctx.owner, id, 'general', { prefix: null, language: 'de', timezone: 'Europe/Berlin' });
    expect(second.body.category.version).toBe(2);
    expect(settingOf(second.body.category, 'prefix')).toMatchObject({ value: '!', overridden: false });
    expect((await overrideRows(id)).map((row) => [row.key, row.value])).toEqual([
      ['language', 'de'],
      ['timezone', 'Europe/Berlin'],
    ]);

    const versions = await versionsOf(id, 'general');
    expect(versions.map((v) => [v.version, v.action, v.changedBy])).toEqual([
      [2, 'update', 'owner'],
      [1, 'update', 'owner'],
    ]);
    expect(versions[0]!.changes).toEqual([
      { category: 'general', key: 'prefix', before: '?', after: null },
      { category: 'general', key: 'language', before: null, after: 'de' },
    ]);
    expect(versions[1]!.changes).toEqual([
      { category: 'general', key: 'prefix', before: null, after: '?' },
      { category: 'general', key: 'timezone', before: null, after: 'Europe/Berlin' },
    ]);

    const rolled = await ctx.owner.post<{ category: GuildCategoryState; message: string }>(`${CONFIG}/guilds/${id}/rollback`, {
      category: 'general',
      version: 1,
    });
    expect(rolled.status, rolled.text).toBe(200);
    expect(rolled.body.message).toBe('Rolled back to version 1');
    expect(rolled.body.category.version).toBe(3);
    expect(settingOf(rolled.body.category, 'prefix')).toMatchObject({ value: '?', overridden: true });
    expect(settingOf(rolled.body.category, 'language')).toMatchObject({ value: 'en', overridden: false });
    const [latest] = await versionsOf(id, 'general');
    expect(latest).toMatchObject({ version: 3, action: 'rollback', note: '1' });
    expect(latest!.changes).toEqual([
      { category: 'general', key: 'prefix', before: null, after: '?' },
      { category: 'general', key: 'language', before: 'de', after: null },
    ]);

    const unknown = await ctx.owner.post(`${CONFIG}/guilds/${id}/rollback`, { category: 'general', version: 99 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(CONFIG_MESSAGES.versionNotFound);

    // Version 0 is how the category began: every setting its default.
    const start = await ctx.owner.post<{ category: GuildCategoryState }>(`${CONFIG}/guilds/${id}/rollback`, {
      category: 'general',
      version: 0,
    });
    expect(start.body.category.settings.every((s) => !s.overridden)).toBe(true);

    await put(ctx.owner, id, 'raids', { defaultRaidSize: 25, reminderTimes: ['2h'] });
    const reset = await ctx.owner.post<{ category: GuildCategoryState; message: string }>(`${CONFIG}/guilds/${id}/reset`, {
      category: 'raids',
    });
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body.message).toBe(CONFIG_MESSAGES.categoryReset);
    expect(settingOf(reset.body.category, 'defaultRaidSize')).toMatchObject({ value: 20, overridden: false });
    const [raidsReset] = await versionsOf(id, 'raids');
    expect(raidsReset).toMatchObject({ version: 2, action: 'reset' });
    expect(raidsReset!.changes).toEqual([
      { category: 'raids', key: 'defaultRaidSize', before: 25, after: null },
      { category: 'raids', key: 'reminderTimes', before: ['2h'], after: null },
    ]);

    const audit = await sql<{ action: string; actor_name: string; details: { category: string; version: number } }>(
      ctx.server.app,
      `SELECT action, actor_name, details FROM audit_log WHERE target_type = 'guild' AND target_id = $1 ORDER BY id`,
      [id],
    );
    expect(audit.map((a) => [a.action, a.details.category, a.details.version])).toEqual([
      ['guild_config.updated', 'general', 1],
      ['guild_config.updated', 'general', 2],
      ['guild_config.rolled_back', 'general', 3],
      ['guild_config.rolled_back', 'general', 4],
      ['guild_config.updated', 'raids', 1],
      ['guild_config.reset', 'raids', 2],
    ]);
    expect(audit.every((a) => a.actor_name === 'owner')).toBe(true);
  });
});

describe('secrets', () => {
  it('stores the API key encrypted, never answers it (settings, versions, audit, compare) and decrypts it for the bot', async () => {
    const id = await guild();
    const other = await guild();
    const saved = await put(ctx.owner, id, 'ai', { apiKey: SECRET, model: 'llama3' });
    expect(saved.status, saved.text).toBe(200);
    expect(settingOf(saved.body.category, 'apiKey')).toEqual({
      key: 'apiKey',
      value: '',
      defaultValue: '',
      overridden: true,
      secretSet: true,
    });
    const [row] = (await overrideRows(id)).filter((r) => r.key === 'apiKey');
    expect(row!.value).toBeNull();
    expect(row!.secret_value).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(row!.secret_value).not.toContain(SECRET);

    const { db } = ctx.server.app.services;
    const box = createSecretBox(KEY);
    expect((await readGuildCategoryValues(db, box, id, 'ai')).apiKey).toBe(SECRET);
    expect((await readGuildCategoryValues(db, box, id, 'ai')).model).toBe('llama3');
    expect((await readGuildCategoryValues(db, box, other, 'ai')).apiKey).toBe('');
    await expect(readGuildCategoryValues(db, box, '00000000-0000-4000-8000-000000000000', 'ai')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: CONFIG_MESSAGES.guildNotFound,
    });

    const answers = [
      await ctx.owner.get(settingsPath(id)),
      await ctx.owner.get(`${CONFIG}/guilds/${id}/versions`),
      await ctx.owner.get(`${CONFIG}/compare?guildIds=${id},${other}`),
    ];
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(200);
      expect(answer.text).not.toContain(SECRET);
      expect(answer.text).not.toContain(row!.secret_value!);
    }
    const [version] = await versionsOf(id, 'ai');
    expect(version!.changes).toContainEqual({ category: 'ai', key: 'apiKey', before: 'not set', after: 'set' });
    const audit = await sql<{ details: unknown }>(ctx.server.app, 'SELECT details FROM audit_log WHERE target_id = $1', [id]);
    expect(JSON.stringify(audit)).not.toContain(SECRET);
    expect(JSON.stringify(audit)).not.toContain(row!.secret_value!);

    // Clearing it ('' is "no key"), then rolling back brings back the very same key.
    const cleared = await put(ctx.owner, id, 'ai', { apiKey: '' });
    expect(settingOf(cleared.body.category, 'apiKey').secretSet).toBe(false);
    await ctx.owner.post(`${CONFIG}/guilds/${id}/rollback`, { category: 'ai', version: 1 });
    expect((await readGuildCategoryValues(db, box, id, 'ai')).apiKey).toBe(SECRET);
    expect((await versionsOf(id, 'ai'))[0]!.changes).toEqual([
      { category: 'ai', key: 'apiKey', before: 'not set', after: 'set' },
    ]);

    // Without CONFIG_SECRET_KEY a secret cannot be stored: 400 on the field, nothing written.
    const keyless = createSecretBox(null);
    await expect(
      updateGuildCategory(
        db,
        keyless,
        other,
        'ai',
        { apiKey: 'sk-other' },
        {
          actor: { type: 'admin', id: 'x', name: 'owner' },
          ip: '127.0.0.1',
        },
      ),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: CONFIG_MESSAGES.secretKeyMissing,
      options: { fields: { apiKey: CONFIG_MESSAGES.secretKeyMissing } },
    });
    expect(await overrideRows(other)).toEqual([]);
  });
});

describe('CONFIG_SECRET_KEY', () => {
  it('refuses to start with a key that is not 32 bytes, saying what it must be', async () => {
    await expect(startTestApp({ ...ctx.environment.env, CONFIG_SECRET_KEY: 'not-a-real-key' })).rejects.toThrow(
      'CONFIG_SECRET_KEY must be 32 bytes: 64 hex characters or base64',
    );
  });
});

describe('many guilds at once', () => {
  it('previews a bulk change without writing, then applies it to every guild with a version each', async () => {
    const ids = [await guild(), await guild(), await guild()];
    await put(ctx.owner, ids[0]!, 'raids', { reminderTimes: ['2h'], signupWindowDays: 7 });

    const body = { guildIds: ids, settings: { raids: { defaultRaidSize: 25 }, general: { language: 'fr' } } };
    const preview = await ctx.owner.post<ConfigApplyResponse>(`${CONFIG}/bulk-update`, { ...body, preview: true });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.applied).toBe(false);
    expect(preview.body.guilds.map((g) => g.id)).toEqual(ids);
    expect(preview.body.guilds[0]!.changes).toEqual([
      { category: 'raids', key: 'defaultRaidSize', before: null, after: 25 },
      { category: 'general', key: 'language', before: null, after: 'fr' },
    ]);
    expect(await overrideRows(ids[1]!)).toEqual([]);

    const applied = await ctx.owner.post<ConfigApplyResponse>(`${CONFIG}/bulk-update`, body);
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body).toMatchObject({ applied: true, message: 'Settings applied to 3 guilds' });
    for (const id of ids) {
      expect(settingOf(await categoryOf(id, 'raids'), 'defaultRaidSize').value).toBe(25);
      expect((await versionsOf(id, 'general'))[0]).toMatchObject({ action: 'bulk', version: 1 });
    }
    // merge kept guild 0's other overrides; replace sends them back to the default (in the categories it names).
    expect(settingOf(await categoryOf(ids[0]!, 'raids'), 'reminderTimes').value).toEqual(['2h']);
    const replaced = await ctx.owner.post<ConfigApplyResponse>(`${CONFIG}/bulk-update`, {
      guildIds: [ids[0]],
      settings: { raids: { defaultRaidSize: 30 } },
      mode: 'replace',
    });
    expect(replaced.body.guilds[0]!.changes).toEqual([
      { category: 'raids', key: 'signupWindowDays', before: 7, after: null },
      { category: 'raids', key: 'defaultRaidSize', before: 25, after: 30 },
      { category: 'raids', key: 'reminderTimes', before: ['2h'], after: null },
    ]);
    expect(settingOf(await categoryOf(ids[0]!, 'general'), 'language').value).toBe('fr');

    const audit = await sql<{ action: string }>(
      ctx.server.app,
      `SELECT action FROM audit_log WHERE target_id = $1 AND action = 'guild_config.bulk_updated'`,
      [ids[1]],
    );
    expect(audit).toHaveLength(1);
  });

  it('refuses bad settings per category.key, secrets, and empty changes', async () => {
    const id = await guild();
    const bad = await ctx.owner.post(`${CONFIG}/bulk-update`, {
      guildIds: [id],
      settings: { raids: { defaultRaidSize: 99, nope: 1 }, ai: { apiKey: 'sk-1' }, moderation: { logRetentionDays: 30 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      'raids.defaultRaidSize': 'Must be between 1 and 40',
      'raids.nope': CONFIG_MESSAGES.unknownSetting,
      'ai.apiKey': CONFIG_MESSAGES.secretNotShared,
      'moderation.logRetentionDays': CONFIG_MESSAGES.notOverridable,
    });
    const none = await ctx.owner.post(`${CONFIG}/bulk-update`, { guildIds: [id], settings: {} });
    expect(none.body.fields).toEqual({ settings: CONFIG_MESSAGES.noSettings });
    const noGuilds = await ctx.owner.post(`${CONFIG}/bulk-update`, { guildIds: [], settings: { raids: {} } });
    expect(noGuilds.status).toBe(400);
    expect(noGuilds.body.fields).toMatchObject({ guildIds: CONFIG_MESSAGES.noGuilds });
  });

  it('changes no guild when one of them fails: a deleted guild, or a write failing on the third', async () => {
    const ids = [await guild(), await guild(), await guild()];
    const gone = await guild();
    await sql(ctx.server.app, 'DELETE FROM guilds WHERE id = $1', [gone]);
    const missing = await ctx.owner.post(`${CONFIG}/bulk-update`, {
      guildIds: [...ids, gone],
      settings: { general: { prefix: '$' } },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(CONFIG_MESSAGES.guildNotFound);

    // The database refuses the third guild's row after the first two were written: all of it is rolled back.
    const last = ids[2]!;
    const fn = `fail_${uniqueSuffix().replace(/\W/g, '')}`;
    await sql(ctx.server.app, `CREATE SEQUENCE ${fn}_seq`);
    await sql(
      ctx.server.app,
      `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN PERFORM nextval('${fn}_seq'); IF NEW.guild_id = '${last}' THEN RAISE EXCEPTION 'refused'; END IF;
       RETURN NEW; END $$`,
    );
    await sql(ctx.server.app, `CREATE TRIGGER ${fn} BEFORE INSERT ON guild_settings FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
    try {
      const failed = await ctx.owner.post(`${CONFIG}/bulk-update`, {
        guildIds: ids,
        settings: { general: { prefix: '$' } },
      });
      expect(failed.status).toBe(500);
      // The first two guilds' rows were written inside the transaction before the third failed (a sequence
      // counts every attempt and is not rolled back).
      const [tried] = await sql<{ n: string }>(ctx.server.app, `SELECT last_value::text AS n FROM ${fn}_seq`);
      expect(tried!.n).toBe('3');
    } finally {
      await sql(ctx.server.app, `DROP TRIGGER ${fn} ON guild_settings`);
      await sql(ctx.server.app, `DROP FUNCTION ${fn}()`);
      await sql(ctx.server.app, `DROP SEQUENCE ${fn}_seq`);
    }
    for (const id of ids) {
      expect(await overrideRows(id)).toEqual([]);
      expect(await versionsOf(id)).toEqual([]);
    }
  });

  it('makes templates from a guild (without secrets) or from settings, previews and applies them, and deletes them', async () => {
    const source = await guild();
    await put(ctx.owner, source, 'ai', { apiKey: SECRET, model: 'mixtral', temperature: 0.2 });
    await put(ctx.owner, source, 'raids', { signupWindowDays: 21 });
    const name = `Raid night ${uniqueSuffix()}`;
    const created = await ctx.owner.post<{ template: ConfigTemplate; message: string }>(`${CONFIG}/templates`, {
      name,
      description: 'Our usual',
      fromGuildId: source,
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body.message).toBe(CONFIG_MESSAGES.templateCreated);
    expect(created.body.template).toMatchObject({
      name,
      description: 'Our usual',
      sourceGuildId: source,
      createdBy: 'owner',
      settings: { ai: { model: 'mixtral', temperature: 0.2 }, raids: { signupWindowDays: 21 } },
    });
    expect(created.text).not.toContain(SECRET);

    const taken = await ctx.owner.post(`${CONFIG}/templates`, {
      name: name.toUpperCase(),
      settings: { raids: { signupWindowDays: 10 } },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('CONFLICT');
    expect(taken.body.fields).toEqual({ name: CONFIG_MESSAGES.templateNameTaken });
    const empty = await ctx.owner.post(`${CONFIG}/templates`, { name: `Empty ${uniqueSuffix()}`, settings: {} });
    expect(empty.body.fields).toEqual({ settings: CONFIG_MESSAGES.templateEmpty });
    const badSettings = await ctx.owner.post(`${CONFIG}/templates`, {
      name: `Bad ${uniqueSuffix()}`,
      settings: { memory: { retentionDays: 0 } },
    });
    expect(badSettings.body.fields).toEqual({ 'memory.retentionDays': 'Must be between 1 and 365' });
    const noName = await ctx.owner.post(`${CONFIG}/templates`, { name: ' ', settings: { memory: { enabled: false } } });
    expect(noName.body.fields).toMatchObject({ name: CONFIG_MESSAGES.templateNameRequired });

    const listed = await ctx.owner.get<{ templates: ConfigTemplate[] }>(`${CONFIG}/templates`);
    expect(listed.body.templates.map((t) => t.name)).toContain(name);

    const targets = [await guild(), await guild(), await guild()];
    const applyPath = `${CONFIG}/templates/${created.body.template.id}/apply`;
    const preview = await ctx.owner.post<ConfigApplyResponse>(applyPath, { guildIds: targets, preview: true });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.applied).toBe(false);
    expect(preview.body.guilds).toHaveLength(3);
    expect(preview.body.guilds[2]!.changes).toEqual([
      { category: 'ai', key: 'model', before: null, after: 'mixtral' },
      { category: 'ai', key: 'temperature', before: null, after: 0.2 },
      { category: 'raids', key: 'signupWindowDays', before: null, after: 21 },
    ]);
    expect(await overrideRows(targets[0]!)).toEqual([]);

    const applied = await ctx.owner.post<ConfigApplyResponse>(applyPath, { guildIds: targets });
    expect(applied.body.message).toBe('Template applied to 3 guilds');
    for (const id of targets) {
      expect(settingOf(await categoryOf(id, 'ai'), 'model').value).toBe('mixtral');
      expect(settingOf(await categoryOf(id, 'ai'), 'apiKey').secretSet).toBe(false);
      expect((await versionsOf(id, 'raids'))[0]).toMatchObject({ action: 'template', note: name });
    }

    const removed = await ctx.owner.request<{ message: string }>('DELETE', `${CONFIG}/templates/${created.body.template.id}`);
    expect(removed.body.message).toBe(CONFIG_MESSAGES.templateDeleted);
    const again = await ctx.owner.post(applyPath, { guildIds: targets });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe(CONFIG_MESSAGES.templateNotFound);
  });

  it('applies a template atomically: a deleted guild among the targets changes none', async () => {
    const created = await ctx.owner.post<{ template: ConfigTemplate }>(`${CONFIG}/templates`, {
      name: `Atomic ${uniqueSuffix()}`,
      settings: { memory: { retentionDays: 30 } },
    });
    const ids = [await guild(), await guild()];
    const gone = await guild();
    await sql(ctx.server.app, 'DELETE FROM guilds WHERE id = $1', [gone]);
    const failed = await ctx.owner.post(`${CONFIG}/templates/${created.body.template.id}/apply`, {
      guildIds: [...ids, gone],
      mode: 'replace',
    });
    expect(failed.status).toBe(404);
    for (const id of ids) expect(await overrideRows(id)).toEqual([]);
  });
});

describe('compare and the guild picker', () => {
  it('shows 2 to 5 guilds side by side, every setting a row, differences marked', async () => {
    const ids = [await guild(), await guild(), await guild()];
    await put(ctx.owner, ids[1]!, 'general', { language: 'de' });
    await put(ctx.owner, ids[2]!, 'ai', { apiKey: SECRET });
    const compared = await ctx.owner.get<{ guilds: { id: string }[]; rows: CompareRow[] }>(
      `${CONFIG}/compare?guildIds=${ids.join(',')}`,
    );
    expect(compared.status, compared.text).toBe(200);
    expect(compared.body.guilds.map((g) => g.id)).toEqual(ids);
    const total = SETTING_CATEGORIES.reduce((sum, c) => sum + c.settings.length, 0);
    expect(compared.body.rows).toHaveLength(total);
    const language = compared.body.rows.find((r) => r.category === 'general' && r.key === 'language')!;
    expect(language).toEqual({
      category: 'general',
      key: 'language',
      values: [
        { value: 'en', overridden: false },
        { value: 'de', overridden: true },
        { value: 'en', overridden: false },
      ],
      differs: true,
    });
    const apiKey = compared.body.rows.find((r) => r.key === 'apiKey')!;
    expect(apiKey.values.map((v) => v.secretSet)).toEqual([false, false, true]);
    expect(apiKey.differs).toBe(true);
    expect(compared.body.rows.find((r) => r.key === 'prefix')!.differs).toBe(false);
    expect(compared.body.rows.filter((r) => r.differs)).toHaveLength(2);

    const one = await ctx.owner.get(`${CONFIG}/compare?guildIds=${ids[0]}`);
    expect(one.status).toBe(400);
    expect(JSON.stringify(one.body)).toContain(CONFIG_MESSAGES.compareCount);
    const six = await ctx.owner.get(
      `${CONFIG}/compare?guildIds=${[...ids, await guild(), await guild(), await guild()].join(',')}`,
    );
    expect(six.status).toBe(400);
  });

  it('lists guilds with their override counts, searchable by name', async () => {
    const tag = uniqueSuffix().replace(/\W/g, '');
    const id = await guild(`Picker ${tag} One`);
    await guild(`Picker ${tag} Two`);
    await put(ctx.owner, id, 'general', { prefix: '#', language: 'it' });
    await put(ctx.owner, id, 'memory', { enabled: false });
    const listed = await ctx.owner.get<{ guilds: ConfigGuild[] }>(`${CONFIG}/guilds?search=${tag}`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.guilds.map((g) => [g.name, g.overrides])).toEqual([
      [`Picker ${tag} One`, 3],
      [`Picker ${tag} Two`, 0],
    ]);
    expect(listed.body.guilds[0]).toMatchObject({ id, realm: 'Stormrage', region: 'US', isActive: true });
    expect(listed.body.guilds[0]!.updatedAt).not.toBeNull();
    const none = await ctx.owner.get<{ guilds: ConfigGuild[] }>(`${CONFIG}/guilds?search=${tag}_%25`);
    expect(none.body.guilds).toEqual([]);
  });
});

describe('who may read and write', () => {
  it('lets settings.view read but not write, admin.system_config write, and others nothing', async () => {
    const id = await guild();
    const { app } = ctx.server;
    const signedIn = async (role: 'support' | 'operator' | 'viewer') => {
      const admin = await createTestAdmin(app, { role });
      const client = new HttpClient(ctx.server.url);
      await client.signIn(admin.username, admin.password);
      return client;
    };
    const reader = await signedIn('support');
    const writer = await signedIn('operator');
    const outsider = await signedIn('viewer');
    const template = await ctx.owner.post<{ template: ConfigTemplate }>(`${CONFIG}/templates`, {
      name: `Perm ${uniqueSuffix()}`,
      settings: { general: { prefix: '%' } },
    });
    const other = await guild();

    const reads = [
      `${CONFIG}/guilds`,
      settingsPath(id),
      `${CONFIG}/guilds/${id}/versions`,
      `${CONFIG}/templates`,
      `${CONFIG}/compare?guildIds=${id},${other}`,
    ];
    for (const path of reads) {
      expect((await reader.get(path)).status, path).toBe(200);
      expect((await outsider.get(path)).status, path).toBe(403);
    }
    const writes: [string, string, unknown][] = [
      ['PUT', settingsPath(id), { category: 'general', settings: { prefix: '%' } }],
      ['POST', `${CONFIG}/guilds/${id}/rollback`, { category: 'general', version: 0 }],
      ['POST', `${CONFIG}/guilds/${id}/reset`, { category: 'general' }],
      ['POST', `${CONFIG}/bulk-update`, { guildIds: [id], settings: { general: { prefix: '%' } } }],
      ['POST', `${CONFIG}/templates`, { name: `Nope ${uniqueSuffix()}`, settings: { general: { prefix: '%' } } }],
      ['POST', `${CONFIG}/templates/${template.body.template.id}/apply`, { guildIds: [id] }],
      ['DELETE', `${CONFIG}/templates/${template.body.template.id}`, undefined],
    ];
    for (const [method, path, body] of writes) {
      const refused = await reader.request(method, path, body === undefined ? {} : { body });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.error).toBe(MESSAGES.accessDeniedBody);
    }
    expect(await overrideRows(id)).toEqual([]);
    for (const [method, path, body] of writes) {
      const allowed = await writer.request(method, path, body === undefined ? {} : { body });
      expect(allowed.status, `${method} ${path} ${allowed.text}`).toBe(200);
    }
    const anonymous = await new HttpClient(ctx.server.url).get(`${CONFIG}/guilds`);
    expect(anonymous.status).toBe(401);
  });
});
