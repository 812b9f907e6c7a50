// A 50,000-row RCLootCouncil export through the import pipeline, in one run: the preview and the apply over HTTP
// (with the server's memory sampled every 50 ms), against a PostgreSQL COPY of the same file into a table of text
// columns through the driver (the floor any import of these rows stands on).
// Run: node --import tsx bench/loot-import.ts   (PostgreSQL on TEST_POSTGRES_URL, default 127.0.0.1:5432)
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { BenchCommand } from './support/app-process';
import { signInBenchAdmin } from './support/bench-admin';
import { withBenchDatabase } from './support/bench-database';
import { type AppProcess, startAppProcess, stopAppProcess } from './support/start-app-process';

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
const PLAYERS = 400;
const TARGET_PREVIEW_S = 5;
const TARGET_APPLY_S = 10;
const MAX_GROWTH_MB = 64;
const MB = 1024 * 1024;

const HEADER =
  'player,date,time,id,item,itemID,itemString,response,votes,class,instance,boss,difficultyID,mapID,groupSize,gear1,gear2,responseID,isAwardReason,subType,equipLoc,note,owner';
const CLASSES = ['WARRIOR', 'PALADIN', 'HUNTER', 'ROGUE', 'PRIEST', 'DEATHKNIGHT', 'SHAMAN', 'MAGE', 'WARLOCK', 'MONK', 'DRUID'];
const BOSSES = ['Ulgrax the Devourer', 'The Bloodbound Horror', 'Sikran', "Rasha'nan", "Broodtwister Ovi'nax", 'Queen Ansurek'];

/** An export as the addon writes it: ROWS awards to PLAYERS raiders over many raid nights, each award unique. */
function exportText(): string {
  const lines = [HEADER];
  const start = Date.parse('2024-09-10T19:00:00Z');
  for (let i = 0; i < ROWS; i++) {
    const player = i % PLAYERS;
    const at = new Date(start + i * 61_000);
    const date = `${at.getUTCFullYear()}/${at.getUTCMonth() + 1}/${at.getUTCDate()}`;
    const time = at.toISOString().slice(11, 19);
    const itemId = 212_000 + (i % 900);
    lines.push(
      [
        `Raider${player}-Ravencrest`,
        date,
        time,
        `${Math.floor(at.getTime() / 1000)}-${i}`,
        `"[Item ${itemId}]"`,
        itemId,
        `item:${itemId}::::::::80:104`,
        'Mainspec/Need',
        2,
        CLASSES[player % CLASSES.length],
        'Nerub-ar Palace-Heroic',
        BOSSES[i % BOSSES.length]!.includes("'") ? `"${BOSSES[i % BOSSES.length]}"` : BOSSES[i % BOSSES.length],
        15,
        2657,
        20,
        '',
        '',
        1,
        'false',
        'Plate',
        'Chest',
        '',
        'Unknown',
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The baseline: COPY of the same file into a table of its columns as text, through the driver. */
async function copySeconds(databaseUrl: string, text: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const columns = HEADER.split(',')
      .map((name) => `"${name}" text`)
      .join(', ');
    await client.query(`CREATE UNLOGGED TABLE bench_copy (${columns})`);
    const started = performance.now();
    await pipeline(Readable.from([text]), client.query(copyFrom('COPY bench_copy FROM STDIN WITH (FORMAT csv, HEADER true)')));
    const seconds = (performance.now() - started) / 1000;
    const { rows } = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM bench_copy');
    if (rows[0]!.count !== ROWS) throw new Error(`COPY loaded ${rows[0]!.count} rows`);
    return seconds;
  } finally {
    await client.end();
  }
}

/** One call of the import with the whole file, timed. */
async function importCall(app: AppProcess, cookie: string, guildId: string, step: 'preview' | 'apply', content: string) {
  const started = performance.now();
  // The file itself as the body, as the web app sends it: the server reads it as it arrives.
  const response = await fetch(`${app.url}/api/admin/guilds/${guildId}/data-sources/loot-import/${step}?fileName=bench.csv`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'text/csv', 'x-requested-with': 'XMLHttpRequest' },
    body: content,
  });
  const body = (await response.json()) as { loot?: { new: number }; run?: { counts: { loot?: number } }; error?: string };
  if (!response.ok) throw new Error(`${step} answered ${response.status}: ${body.error}`);
  return { seconds: (performance.now() - started) / 1000, body };
}

async function main() {
  const text = exportText();
  console.log(`export: ${ROWS.toLocaleString()} rows, ${(Buffer.byteLength(text) / MB).toFixed(1)} MB`);
  await withBenchDatabase(async (databaseUrl) => {
    const app = await startAppProcess(databaseUrl);
    try {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const { rows } = await client.query<{ id: string }>(
        "INSERT INTO guilds (guild_name, server, region) VALUES ('Bench Raiders', 'Ravencrest', 'EU') RETURNING id",
      );
      await client.end();
      const guildId = rows[0]!.id;
      const cookie = await signInBenchAdmin(app.url);
      const copy = await copySeconds(databaseUrl, text);

      app.child.send({ type: 'sample-start' } satisfies BenchCommand);
      const preview = await importCall(app, cookie, guildId, 'preview', text);
      const apply = await importCall(app, cookie, guildId, 'apply', text);
      app.child.send({ type: 'sample-stop' } satisfies BenchCommand);
      const sampled = await app.next();
      if (sampled.type !== 'sampled') throw new Error('no memory sample');
      const again = await importCall(app, cookie, guildId, 'apply', text).catch((error: Error) => error);

      const growth = sampled.peakRss - sampled.idleRss;
      const isPreviewOk = preview.seconds <= TARGET_PREVIEW_S && preview.body.loot?.new === ROWS;
      const isApplyOk = apply.seconds <= TARGET_APPLY_S && apply.body.run?.counts.loot === ROWS;
      const isMemoryOk = growth <= MAX_GROWTH_MB * MB;
      const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
      console.log(`
RCLootCouncil import, ${ROWS.toLocaleString()} rows (${PLAYERS} players)
  COPY of the file    ${copy.toFixed(2)} s   (baseline: the same rows into text columns through pg-copy-streams)
  preview             ${preview.seconds.toFixed(2)} s   ${(preview.seconds / copy).toFixed(1)}x COPY   (target <= ${TARGET_PREVIEW_S} s)   ${verdict(isPreviewOk)}
  apply               ${apply.seconds.toFixed(2)} s   ${(apply.seconds / copy).toFixed(1)}x COPY   (target <= ${TARGET_APPLY_S} s)   ${verdict(isApplyOk)}
  server RSS growth   ${(growth / MB).toFixed(1)} MB over preview and apply (idle ${(sampled.idleRss / MB).toFixed(1)} MB, ${sampled.samples} samples)   (target <= ${MAX_GROWTH_MB} MB)   ${verdict(isMemoryOk)}
  applied again       ${again instanceof Error ? again.message : `${again.seconds.toFixed(2)} s, ${again.body.run?.counts.loot ?? 0} loot written`}
`);
      process.exitCode = isPreviewOk && isApplyOk && isMemoryOk ? 0 : 1;
    } finally {
      await stopAppProcess(app);
    }
  });
}

await main();
