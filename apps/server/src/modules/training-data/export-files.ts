import path from 'node:path';
import { type ExportRecord, TRAINING_DATA_MESSAGES } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { jobRecordOf } from '../../services/job-queue';
import { DATASET_EXPORT_KIND, presentExport } from './dataset-export-job';
import { selectExportFiles, selectKeptExports } from './export-queries';

/** Exports still kept (not expired), newest first; at most 100. */
export async function listExports(db: Queryable): Promise<ExportRecord[]> {
  const rows = await selectKeptExports(db, DATASET_EXPORT_KIND);
  return rows.map((row) => presentExport(jobRecordOf(row)));
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
  const files = await selectExportFiles(db, DATASET_EXPORT_KIND, exportId);
  if (!files) throw notFound();
  const listed = files.find((file) => file.path === `${exportId}/${requested}`);
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
