import { Readable } from 'node:stream';
import { type AuditActor, recordAudit } from '../../core/audit';
import type { Db } from '../../services/db/db';
import { csvCell, csvRow } from '../guilds/csv';
import { pageSql, planRead, type RawPlan, type RawRequest } from './build-query';
import { runPage } from './queries';
import { keysOf } from './read-rows';

/** Rows per read: few round trips, flat memory whatever the filtered set's size. */
const BATCH_ROWS = 1000;

/** A started export: the file's name, its content type and its bytes as a stream. */
export interface RawExport {
  filename: string;
  contentType: string;
  stream: Readable;
}

type Row = Record<string, string | null>;

/** Numbers as they are; every other cell through the guild CSV writer (RFC 4180, formula cells neutralised). */
function csvLine(plan: RawPlan, row: Row) {
  return `${plan.entity.columns
    .map((column, i) => {
      const value = row[`c${i}`] ?? null;
      if (value === '') return '""';
      return column.type === 'number' && value !== null ? value : csvCell(value);
    })
    .join(',')}\r\n`;
}

/**
 * The filtered set of an entity as CSV (header of column names) or a JSON array of row objects, streamed: keyset
 * batches of 1,000 rows through the same SQL the list pages with, each a short query (so it runs on PostgreSQL and
 * on PGlite's single connection alike), read while the client takes the bytes. Keyset order means no row is written
 * twice even if rows change during a long download. The first batch is read before answering, so a failing query is
 * an error status rather than a cut-off file. Audited (who exported which entity with which filters).
 */
export async function exportRawRows(
  db: Db,
  entityName: string,
  request: RawRequest & { format: 'csv' | 'json' },
  audit: { actor: AuditActor; ip: string | null },
): Promise<RawExport> {
  const plan = planRead(entityName, request);
  const select = request.format === 'json' ? 'json' : 'text';
  const read = (after: string[] | null) => runPage<Row>(db, pageSql(plan, after, BATCH_ROWS, select), false);
  const first = await read(null);
  const { format, ...filters } = request;
  await recordAudit(db, {
    actor: audit.actor,
    action: 'raw_data.exported',
    target: request.guildId ? { type: 'guild', id: request.guildId } : undefined,
    details: { entity: plan.entity.name, format, filters },
    ip: audit.ip,
  });
  async function* chunks() {
    yield format === 'csv' ? csvRow(plan.entity.columns.map((column) => column.name)) : '[';
    let batch = first;
    let isFirstRow = true;
    while (batch.length > 0) {
      if (format === 'csv') {
        yield batch.map((row) => csvLine(plan, row)).join('');
      } else {
        yield batch.map((row, i) => `${isFirstRow && i === 0 ? '\n' : ',\n'}${row.row}`).join('');
        isFirstRow = false;
      }
      if (batch.length < BATCH_ROWS) break;
      batch = await read(keysOf(plan, batch[batch.length - 1]!));
    }
    if (format === 'json') yield '\n]\n';
  }
  const date = new Date().toISOString().slice(0, 10);
  return {
    filename: `${plan.entity.name}${request.guildId ? `-${request.guildId}` : ''}-${date}.${format}`,
    contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
    stream: Readable.from(chunks(), { objectMode: false }),
  };
}
