import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../../services/db/db';
import type { RclcLootRow, RejectedRow } from './parse-rclc-export';

// An export is never held whole: its lines go from the parser straight into loot_import_rows as they arrive, by COPY
// on PostgreSQL (the driver's stream, backpressure included) and in batches on PGlite (one connection, no COPY stream).

/** The staged columns, in COPY's order. */
const STAGED_COLUMNS = [
  'line',
  'player',
  'item_name',
  'reason',
  'class',
  'item_id',
  'item_string',
  'response',
  'votes',
  'instance',
  'difficulty',
  'boss',
  'note',
  'owner',
  'awarded_at',
  'source_key',
] as const;

type StagedValue = string | number | null;

function stagedValues(line: RclcLootRow | RejectedRow): StagedValue[] {
  if ('reason' in line) {
    // A rejected line keeps what names it; the award's columns stay empty.
    return [line.line, line.player, line.item, line.reason, ...Array<null>(STAGED_COLUMNS.length - 4).fill(null)];
  }
  return [
    line.line,
    line.player,
    line.itemName,
    null,
    line.className,
    line.itemId,
    line.itemString,
    line.response,
    line.votes,
    line.instance,
    line.difficulty,
    line.boss,
    line.note,
    line.owner,
    line.awardedAt.toISOString(),
    line.key,
  ];
}

/** What staging counted as the lines went past. */
export interface StagedExport {
  importId: string;
  /** Lines read (taken and rejected). */
  rows: number;
  rejected: number;
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
/** A value in COPY's text format. */
const copyField = (value: StagedValue) =>
  value === null ? '\\N' : String(value).replace(/[\\\t\n\r]/g, (char) => COPY_ESCAPES[char]!);

/** About 64 KB of COPY text per write. */
const COPY_CHUNK_CHARS = 64 * 1024;
/** Lines per INSERT on PGlite. */
const BATCH_ROWS = 1000;

async function* counted(lines: AsyncIterable<RclcLootRow | RejectedRow>, staged: StagedExport) {
  for await (const line of lines) {
    staged.rows += 1;
    if ('reason' in line) staged.rejected += 1;
    yield stagedValues(line);
  }
}

async function* copyText(importId: string, rows: AsyncIterable<StagedValue[]>): AsyncGenerator<string> {
  let chunk = '';
  for await (const values of rows) {
    chunk += `${importId}\t${values.map(copyField).join('\t')}\n`;
    if (chunk.length >= COPY_CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

async function insertBatch(db: Db, importId: string, batch: StagedValue[][]) {
  await db.query(
    `INSERT INTO loot_import_rows (import_id, ${STAGED_COLUMNS.join(', ')})
     SELECT $1, t.line, t.player, t.item_name, t.reason, t.class, t.item_id, t.item_string, t.response, t.votes,
            t.instance, t.difficulty, t.boss, t.note, t.owner, t.awarded_at, t.source_key
       FROM jsonb_to_recordset($2::jsonb) AS t(line int, player text, item_name text, reason text, class text,
            item_id int, item_string text, response text, votes int, instance text, difficulty text, boss text,
            note text, owner text, awarded_at timestamptz, source_key text)`,
    [
      importId,
      JSON.stringify(batch.map((values) => Object.fromEntries(STAGED_COLUMNS.map((column, at) => [column, values[at]])))),
    ],
  );
}

/**
 * Streams an export's checked lines into loot_import_rows under `importId`; returns what it counted. On a failure
 * (the size limit, a dropped upload) the caller drops the import's rows: a failed COPY wrote none, batches may have.
 */
export async function stageExport(
  db: Db,
  importId: string,
  lines: AsyncIterable<RclcLootRow | RejectedRow>,
): Promise<StagedExport> {
  const staged: StagedExport = { importId, rows: 0, rejected: 0 };
  const rows = counted(lines, staged);
  if (db.kind === 'postgresql') {
    await db.rawSession(async (session) => {
      if (session.kind !== 'postgresql') return;
      const copy = session.client.query(copyFrom(`COPY loot_import_rows (import_id, ${STAGED_COLUMNS.join(', ')}) FROM STDIN`));
      await pipeline(Readable.from(copyText(importId, rows)), copy);
    });
    return staged;
  }
  let batch: StagedValue[][] = [];
  for await (const values of rows) {
    batch.push(values);
    if (batch.length === BATCH_ROWS) {
      await insertBatch(db, importId, batch);
      batch = [];
    }
  }
  if (batch.length > 0) await insertBatch(db, importId, batch);
  return staged;
}

/** Rows staged this long ago belong to a request that died with its process. */
const STALE_AFTER = '1 hour';

/** Drops an import's staged rows, and any a killed process left behind. */
export async function dropStagedExport(db: Db, importId: string): Promise<void> {
  await db.query(`DELETE FROM loot_import_rows WHERE import_id = $1 OR staged_at < now() - interval '${STALE_AFTER}'`, [
    importId,
  ]);
}
