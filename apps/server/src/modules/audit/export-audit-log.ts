import { Readable } from 'node:stream';
import { type AuditActor, recordAudit } from '../../core/audit';
import type { Queryable } from '../../services/db/db';
import { type CsvValue, csvRow } from '../guilds/csv';
import { type AuditFilters, type AuditRow, selectAuditExportPage } from './queries';

/** Rows per keyset page: few round trips, flat memory. */
const PAGE_SIZE = 1000;

/** The export's columns: id, time, actor, action, target, ip, details (as JSON). */
const COLUMNS: readonly [string, (row: AuditRow) => CsvValue][] = [
  ['id', (r) => r.id],
  ['created_at', (r) => r.created_at],
  ['actor_type', (r) => r.actor_type],
  ['actor_id', (r) => r.actor_id],
  ['actor_name', (r) => r.actor_name],
  ['action', (r) => r.action],
  ['target_type', (r) => r.target_type],
  ['target_id', (r) => r.target_id],
  ['ip', (r) => r.ip],
  ['details', (r) => JSON.stringify(r.details ?? {})],
];

/** 'audit-log-2026-03-14.csv', dated in UTC. */
export const auditLogFilename = (now = new Date()) => `audit-log-${now.toISOString().slice(0, 10)}.csv`;

/**
 * Every record the filters match as CSV, newest first, streamed: keyset pages are read as the client takes
 * them, so memory stays flat whatever the log's size. The first page is read before the stream is returned,
 * so a failing query answers with an error status instead of a cut-off file. The export itself is audited.
 */
export async function exportAuditLog(
  db: Queryable,
  filters: AuditFilters,
  by: { actor: AuditActor; ip: string },
): Promise<Readable> {
  const first = await selectAuditExportPage(db, filters, null, PAGE_SIZE);
  await recordAudit(db, { actor: by.actor, action: 'audit.exported', details: { format: 'csv', filters }, ip: by.ip });
  async function* chunks() {
    yield csvRow(COLUMNS.map(([name]) => name));
    let page = first;
    while (page.length > 0) {
      yield page.map((row) => csvRow(COLUMNS.map(([, value]) => value(row)))).join('');
      if (page.length < PAGE_SIZE) return;
      const last = page[page.length - 1]!;
      page = await selectAuditExportPage(db, filters, { createdAt: last.created_at, id: last.id }, PAGE_SIZE);
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
