import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordFake } from './fakes/discord-fake';
import { sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import type { HttpClient } from './helpers/http-client';
import { fakeMembers, insertCharacter, waitForSync } from './helpers/linking-factories';
import { startSignedInApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let dataDir: string;
let discord: DiscordFake;
let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'guildhall-linking-pglite-'));
  discord = await new DiscordFake().start();
  ({ environment, server, owner } = await startSignedInApp({
    GUILDHALL_DATA_DIR: dataDir,
    DISCORD_API_BASE: discord.baseUrl,
    DISCORD_BOT_TOKEN: discord.botToken,
  }));
}, 120_000);

afterAll(async () => {
  await stopTestApp(server, environment);
  await discord?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('character linking on embedded PGlite', () => {
  it('syncs members twice, links, auto-links and unlinks', async () => {
    const guildId = await insertGuild(server.app);
    await sql(server.app, `UPDATE guilds SET discord_guild_id = '440000000000000001' WHERE id = $1`, [guildId]);
    const members = fakeMembers(1100);
    discord.botGuildIds.add('440000000000000001');
    discord.members.set('440000000000000001', members);
    const sync = async () =>
      waitForSync(
        owner,
        (await owner.post<{ jobId: string }>('/api/admin/character-discovery/discord/sync-members', { guildId })).body.jobId,
      );
    expect((await sync()).result).toEqual({ added: 1100, updated: 0, left: 0, total: 1100 });
    discord.members.set('440000000000000001', members.slice(1));
    expect((await sync()).result).toEqual({ added: 0, updated: 0, left: 1, total: 1099 });

    const characterId = await insertCharacter(server.app, guildId, { name: 'Plaintank' });
    await insertCharacter(server.app, guildId, { name: 'Player' });
    const linked = await owner.post<{ link: { id: string; isPrimary: boolean } }>(
      '/api/admin/character-discovery/characters/link',
      { guildId, characterId, discordUserId: members[1]!.user.id, priority: 'main' },
    );
    expect(linked.status).toBe(200);
    expect(linked.body.link.isPrimary).toBe(true);
    const applied = await owner.post<{ succeeded: number }>('/api/admin/characters/auto-link/create-high-confidence', {
      guildId,
    });
    expect(applied.status).toBe(200);
    const unlinked = await owner.request(
      'DELETE',
      `/api/admin/character-discovery/characters/link/${linked.body.link.id}?guildId=${guildId}`,
    );
    expect(unlinked.status).toBe(200);
  });
});
