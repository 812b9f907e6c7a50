import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DataSourceRun, LootImportPreview } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import type { HttpClient } from './helpers/http-client';
import { startSignedInApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

// The embedded default has no COPY stream: an export is staged in batches there, and previewed and applied by the
// same statements as on PostgreSQL.
const HEADER =
  'player,date,time,id,item,itemID,itemString,response,votes,class,instance,boss,difficultyID,mapID,groupSize,gear1,gear2,responseID,isAwardReason,subType,equipLoc,note,owner';
const line = (player: string, time: string, itemId: number) =>
  `${player},2026/11/20,${time},1-1,"[Item ${itemId}]",${itemId},item:${itemId}::::::::80:104,Mainspec/Need,2,MAGE,Nerub-ar Palace-Heroic,Sikran,15,2657,20,,,1,false,Cloth,Chest,,Unknown`;

let dataDir: string;
let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;
let guildId: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'guildhall-import-pglite-'));
  ({ environment, server, owner } = await startSignedInApp({ GUILDHALL_DATA_DIR: dataDir }));
  guildId = await insertGuild(server.app, { guild_name: 'Embedded Raiders', server: 'Ravencrest', region: 'EU' });
}, 120_000);

afterAll(async () => {
  await stopTestApp(server, environment);
  rmSync(dataDir, { recursive: true, force: true });
});

const upload = <Body>(step: 'preview' | 'apply', content: string) =>
  owner.post<Body & { error?: string }>(
    `/api/admin/guilds/${guildId}/data-sources/loot-import/${step}?fileName=h.csv`,
    undefined,
    {
      rawBody: content,
      headers: { 'content-type': 'text/csv' },
    },
  );

describe('an RCLootCouncil import on embedded PGlite', () => {
  it('previews, applies once and changes nothing the second time, past a batch of staged lines', async () => {
    const lines = Array.from({ length: 1_500 }, (_, at) =>
      line(
        `Mage${at % 7}-Ravencrest`,
        `19:${String(Math.floor(at / 60) % 60).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`,
        212_000 + at,
      ),
    );
    const file = [HEADER, ...lines, ''].join('\n');
    const preview = await upload<LootImportPreview>('preview', file);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body).toMatchObject({ rows: 1_500, loot: { new: 1_500, rejected: 0 }, characters: { new: 7 } });
    const applied = await upload<{ run: DataSourceRun }>('apply', file);
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.run.counts).toMatchObject({ new: 7, loot: 1_500 });
    const again = await upload<{ run: DataSourceRun }>('apply', file);
    expect(again.body.run.counts).toMatchObject({ new: 0, loot: 0 });
    const [counts] = await sql<{ loot: number; staged: number }>(
      server.app,
      `SELECT (SELECT count(*)::int FROM loot_entries WHERE guild_id = $1) AS loot,
              (SELECT count(*)::int FROM loot_import_rows) AS staged`,
      [guildId],
    );
    expect(counts).toEqual({ loot: 1_500, staged: 0 });
  });

  it('names a rejected line there too', async () => {
    const file = [HEADER, line('Jaina-Ravencrest', '25:00:00', 212_999)].join('\n');
    const preview = await upload<LootImportPreview>('preview', file);
    expect(preview.body.rejected.map((row) => row.message)).toEqual(['Line 2: the time "25:00:00" is not a time (hh:mm:ss)']);
  });
});
