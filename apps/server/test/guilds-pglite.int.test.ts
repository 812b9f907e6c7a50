import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GUILD_DATA_KINDS, GUILD_MESSAGES } from '@guildhall/contract';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUILD_DATA_SEEDED_KEY } from '../src/seed/seed-guild-data';
import { csvObjects } from './helpers/csv';
import { download } from './helpers/download';
import { sql } from './helpers/factories';
import type { HttpClient } from './helpers/http-client';
import { startSignedInApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let dataDir: string;
let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'guildhall-guilds-pglite-'));
  ({ environment, server, owner } = await startSignedInApp({ GUILDHALL_DATA_DIR: dataDir, SEED_DEMO_DATA: 'true' }));
}, 120_000);

afterAll(async () => {
  await stopTestApp(server, environment);
  rmSync(dataDir, { recursive: true, force: true });
});

type Summary = { summary: { counts: Record<string, number>; characters: unknown[]; loot: { recent: unknown[] } } };

describe('guild management on embedded PGlite, with the demo data', () => {
  it('seeds every demo guild with characters, raids, attendance, loot and links, once', async () => {
    const [counts] = await sql<Record<string, number>>(
      server.app,
      `SELECT (SELECT count(*) FROM guilds g WHERE NOT EXISTS (SELECT 1 FROM characters c WHERE c.guild_id = g.id))::int AS without_characters,
              (SELECT count(*) FROM guilds g WHERE NOT EXISTS (SELECT 1 FROM raid_events r WHERE r.guild_id = g.id))::int AS without_raids,
              (SELECT count(*) FROM raid_attendance)::int AS attendance, (SELECT count(*) FROM loot_entries)::int AS loot,
              (SELECT count(*) FROM character_links)::int AS links, (SELECT count(*) FROM app_meta WHERE key = $1)::int AS flags`,
      [GUILD_DATA_SEEDED_KEY],
    );
    expect(counts).toMatchObject({ without_characters: 0, without_raids: 0, flags: 1 });
    expect(counts!.attendance).toBeGreaterThan(1000);
    expect(counts!.loot).toBeGreaterThan(1000);
    expect(counts!.links).toBeGreaterThan(100);
  });

  it('lists, filters and exports every guild as CSV', async () => {
    const list = await owner.get<{ guilds: { id: string }[]; total: number }>('/api/admin/guilds?status=active&region=EU');
    expect(list.status).toBe(200);
    expect(list.body.guilds.length).toBeGreaterThan(0);
    const file = await download(owner, '/api/admin/guilds/export');
    expect(csvObjects(file.body.toString('utf8'))).toHaveLength(64);
  });

  it('shows real data on every tab of a seeded guild', async () => {
    const [guild] = (await owner.get<{ guilds: { id: string }[] }>('/api/admin/guilds?status=active')).body.guilds;
    const summary = (await owner.get<Summary>(`/api/admin/guilds/${guild!.id}/data`)).body.summary;
    expect(summary.counts.characters).toBeGreaterThanOrEqual(10);
    expect(summary.characters).toHaveLength(10);
    expect(summary.loot.recent).toHaveLength(5);
    const raids = await owner.get<{ events: { attendance: number }[] }>(`/api/admin/guilds/${guild!.id}/raid-events`);
    expect(raids.body.events[0]!.attendance).toBeGreaterThan(0);
    const members = await owner.get<{ totals: { linked: number } }>(`/api/admin/guilds/${guild!.id}/discord-members`);
    expect(members.body.totals.linked).toBeGreaterThan(0);
    const analytics = await owner.get<{ series: { raidsPerWeek: { count: number }[] } }>(
      `/api/admin/guilds/${guild!.id}/analytics`,
    );
    expect(analytics.body.series.raidsPerWeek.reduce((sum, week) => sum + week.count, 0)).toBeGreaterThan(0);
  });

  it('exports a zip and deletes guild data', async () => {
    const [guild] = (await owner.get<{ guilds: { id: string; guild_name: string }[] }>('/api/admin/guilds?status=active')).body
      .guilds;
    const summary = (await owner.get<Summary>(`/api/admin/guilds/${guild!.id}/data`)).body.summary;
    const file = await download(owner, `/api/admin/guilds/${guild!.id}/export?type=json`);
    const files = unzipSync(new Uint8Array(file.body));
    // guild.json and loot_rule_versions.json beside one file per kind.
    expect(Object.keys(files)).toHaveLength(GUILD_DATA_KINDS.length + 2);
    expect(JSON.parse(strFromU8(files['characters.json']!))).toHaveLength(summary.counts.characters!);
    const dump = await download(owner, `/api/admin/guilds/${guild!.id}/export?type=dump`);
    expect(strFromU8(unzipSync(new Uint8Array(dump.body))['guild.sql']!)).toContain('INSERT INTO "raid_attendance"');

    const deleted = await owner.request<{ removed: Record<string, number> }>('DELETE', `/api/admin/guilds/${guild!.id}/data`, {
      body: { confirmation: guild!.guild_name },
    });
    expect(deleted.body).toMatchObject({ success: true, message: GUILD_MESSAGES.dataDeleted });
    expect(deleted.body.removed.characters).toBe(summary.counts.characters);
    expect((await owner.get<Summary>(`/api/admin/guilds/${guild!.id}/data`)).body.summary.counts.characters).toBe(0);
  });
});
