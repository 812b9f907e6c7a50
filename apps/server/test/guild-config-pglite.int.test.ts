import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONFIG_MESSAGES, type ConfigApplyResponse, type ConfigVersion, type GuildCategoryState } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGuildCategoryValues } from '../src/modules/guild-config/read-category-values';
import { createSecretBox } from '../src/modules/guild-config/secret-box';
import { sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import type { HttpClient } from './helpers/http-client';
import { startSignedInApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

const KEY = '3c'.repeat(32);
const CONFIG = '/api/admin/config';

let dataDir: string;
let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'guildhall-config-pglite-'));
  ({ environment, server, owner } = await startSignedInApp({ GUILDHALL_DATA_DIR: dataDir, CONFIG_SECRET_KEY: KEY }));
}, 120_000);

afterAll(async () => {
  await stopTestApp(server, environment);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('guild configuration on embedded PGlite', () => {
  it('saves, versions, rolls back, keeps secrets and applies bulk changes all or nothing', async () => {
    const ids = [await insertGuild(server.app), await insertGuild(server.app)];
    const saved = await owner.request<{ category: GuildCategoryState }>('PUT', `${CONFIG}/guilds/${ids[0]}/settings`, {
      body: { category: 'ai', settings: { apiKey: 'sk-pglite', temperature: 1.5 } },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.text).not.toContain('sk-pglite');
    expect((await readGuildCategoryValues(server.app.services.db, createSecretBox(KEY), ids[0]!, 'ai')).apiKey).toBe('sk-pglite');
    await owner.request('PUT', `${CONFIG}/guilds/${ids[0]}/settings`, {
      body: { category: 'ai', settings: { temperature: null } },
    });
    const rolled = await owner.post<{ category: GuildCategoryState }>(`${CONFIG}/guilds/${ids[0]}/rollback`, {
      category: 'ai',
      version: 1,
    });
    expect(rolled.body.category.settings.find((s) => s.key === 'temperature')!.value).toBe(1.5);
    const versions = await owner.get<{ versions: ConfigVersion[] }>(`${CONFIG}/guilds/${ids[0]}/versions`);
    expect(versions.body.versions.map((v) => v.action)).toEqual(['rollback', 'update', 'update']);

    const gone = await insertGuild(server.app);
    await sql(server.app, 'DELETE FROM guilds WHERE id = $1', [gone]);
    const failed = await owner.post(`${CONFIG}/bulk-update`, {
      guildIds: [...ids, gone],
      settings: { general: { prefix: '>' } },
    });
    expect(failed.status).toBe(404);
    expect(failed.body.error).toBe(CONFIG_MESSAGES.guildNotFound);
    const applied = await owner.post<ConfigApplyResponse>(`${CONFIG}/bulk-update`, {
      guildIds: ids,
      settings: { general: { prefix: '>' } },
    });
    expect(applied.status, applied.text).toBe(200);
    const [count] = await sql<{ n: number }>(
      server.app,
      `SELECT count(*)::int AS n FROM guild_settings WHERE category = 'general' AND key = 'prefix'`,
    );
    expect(count!.n).toBe(2);
  });
});
