import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { linkHeldByOther, type PlayerAccount, type PlayerStatistics } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER_ACCOUNTS } from '../src/seed/demo-player-accounts';
import { seedPlayerAccounts } from '../src/seed/seed-player-accounts';
import type { HttpClient } from './helpers/http-client';
import { startSignedInApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let dataDir: string;
let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'guildhall-players-pglite-'));
  ({ environment, server, owner } = await startSignedInApp({ GUILDHALL_DATA_DIR: dataDir, SEED_DEMO_DATA: 'true' }));
}, 120_000);

afterAll(async () => {
  await stopTestApp(server, environment);
  rmSync(dataDir, { recursive: true, force: true });
});

type Page = { data: PlayerAccount[]; pagination: { total: number; pages: number } };

describe('player accounts on embedded PGlite, with the demo data', () => {
  it('a fresh start seeds the demo accounts once, in every link state, with the characters of their Discord links', async () => {
    // The start seeded them (with the rest of the demo data); seeding again adds nothing.
    expect(await seedPlayerAccounts(server.app.services.db)).toBeNull();

    const statistics = await owner.get<{ data: PlayerStatistics }>('/api/admin/players/statistics');
    expect(statistics.body.data.total).toBe(DEMO_PLAYER_ACCOUNTS);
    for (const count of [
      statistics.body.data.discordLinked,
      statistics.body.data.battlenetLinked,
      statistics.body.data.fullyLinked,
    ]) {
      expect(count).toBeGreaterThan(0);
    }
    for (const linkedTo of ['discord', 'battlenet', 'both', 'none']) {
      expect((await owner.get<Page>(`/api/admin/players?linkedTo=${linkedTo}`)).body.pagination.total).toBeGreaterThan(0);
    }
    const page = await owner.get<Page>('/api/admin/players?linkedTo=discord&includeCharacters=true&limit=100');
    expect(page.body.data.some((account) => (account.characterSummary?.count ?? 0) > 0)).toBe(true);
    expect(page.body.data.every((account) => (account.characters?.length ?? 0) <= 5)).toBe(true);
  });

  it('refuses a held Discord id and moves it with forceLink', async () => {
    const [holder] = (await owner.get<Page>('/api/admin/players?linkedTo=discord&limit=1')).body.data;
    const created = await owner.post<{ data: PlayerAccount }>('/api/admin/players', { displayName: 'PGlite Player' });
    const url = `/api/admin/players/${created.body.data.id}/link-discord`;
    const refused = await owner.post(url, { discordId: holder!.discord_id });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(linkHeldByOther('discord', holder!.displayName));
    const moved = await owner.post<{ data: PlayerAccount }>(url, { discordId: holder!.discord_id, forceLink: true });
    expect(moved.status).toBe(200);
    expect(moved.body.data.discord_id).toBe(holder!.discord_id);
  });
});
