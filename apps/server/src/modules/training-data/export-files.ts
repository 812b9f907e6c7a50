import path from 'node:path';
import { type ExportRecord, TRAINING_DATA_MESSAGES } from '@guildhall/contract';
import { AppError } from '../../http/app-error';
import type { Queryable } from '../../services/db/db';

interface ExportRow {
  id: string;
  format: ExportRecord['format'];
  sample_type: ExportRecord['sampleType'];
  status: ExportRecord['status'];
  row_count: number;
  total_rows: number | null;
  files: ExportRecord['files'];
  error: string | null;
  created_at: Date;
  expires_at: Date;
}

/** Exports still kept (not expired), newest first; at most 100. */
export async function listExports(db: Queryable): Promise<ExportRecord[]> {
  const { rows } = await db.query<ExportRow>(
    `SELECT id, format, sample_type, status, row_count, total_rows, files, error, created_at, expires_at
       FROM ml_exports WHERE expires_at > now() ORDER BY created_at DESC LIMIT 100`,
  );
  return rows.map((row) => ({
    id: row.id,
    format: row.format,
    sampleType: row.sample_type,
    status: row.status,
    rowCount: row.row_count,
    total: row.total_rows,
    files: row.files,
    error: row.error,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
  }));
}

/**
 * The absolute path of one file of a finished, kept export, or 404: the requested path must be one the server
 * listed for that export, and it must resolve inside the export's own folder (no ../, no other export's files).
 */
export async function resolveExportFile(
  db: Queryable,
  dir: string,
  exportId: string,
  requested: string,
): Promise<{ absolute: string; name: string; bytes: number | undefined }> {
  const notFound = () => AppError.notFound(TRAINING_DATA_MESSAGES.exportNotFound);
  const { rows } = await db.query<{ files: ExportRecord['files'] }>(
    `SELECT files FROM ml_exports WHERE id = $1 AND status = 'done' AND expires_at > now()`,
    [exportId],
  );
  const row = rows[0];
  if (!row) throw notFound();
  const listed = row.files.find((file) => file.path === `${exportId}/${requested}`);
  if (!listed) throw notFound();
  const folder = path.resolve(dir, exportId);
  const absolute = path.resolve(folder, requested);
  if (!absolute.startsWith(`${folder}${path.sep}`)) throw notFound();
  return { absolute, name: path.basename(absolute), bytes: listed.bytes };
}

/** The media type a download is sent with. */
export function exportContentType(name: string): string {
  if (name.endsWith('.jsonl')) return 'application/x-ndjson; charset=utf-8';
  if (name.endsWith('.parquet')) return 'application/vnd.apache.parquet';
  if (name.endsWith('.md')) return 'text/markdown; charset=utf-8';
  return 'application/octet-stream';
}
