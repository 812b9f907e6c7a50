import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SampleType } from '@guildhall/contract';
import { type AuditActor, recordAudit } from '../../core/audit';
import type { Db } from '../../services/db/db';
import type { JobRecord, RunningJob } from '../../services/job-queue';
import { datasetCard } from './dataset-card';
import { DATASET_SPLITS, type DatasetSplit, datasetSplit, intentLine, memoryLine } from './dataset-format';
import { ParquetFile } from './dataset-parquet';
import { type DatasetFilters, type DatasetReader, type IntentRow, type MemoryRow, withDatasetReader } from './dataset-queries';

/** Rows per batch read from the database (cursor read or keyset page). */
const PAGE_ROWS = 128;
/**
 * Lines joined into one write: ~50 KB strings stay in V8's young generation, where they are freed cheaply (a
 * whole batch as one string would be a large object, collected only by a full GC).
 */
const CHUNK_ROWS = 32;
/** Bytes the file stream buffers before the export waits for the disk. */
const FILE_BUFFER_BYTES = 256 * 1024;
/** Progress is saved and pushed after this many rows. */
export const PROGRESS_EVERY_ROWS = 5000;

/** What an export needs from the app. */
export interface DatasetExportDeps {
  db: Db;
  /** config.mlExports.dir */
  dir: string;
}

/** One export, whichever endpoint asked for it. */
export interface DatasetExportInput {
  sampleType: 'both' | SampleType;
  format: 'jsonl' | 'huggingface';
  filters: DatasetFilters;
  /** POST /ml/export-dataset: the base name of the jsonl files, or the dataset folder's name. */
  filename?: string;
}

/** Rows written so far, of the rows the filters matched when the export started. */
export interface DatasetExportProgress {
  written: number;
  total: number | null;
}

export interface ExportedFile {
  type: string;
  path: string;
  bytes: number;
  rows: number;
}

/** What a finished export made: its files (only these can be downloaded) and the rows written. */
export interface DatasetExportResult {
  files: ExportedFile[];
  rows: number;
}

export type DatasetExportJob = JobRecord<DatasetExportInput, DatasetExportProgress, DatasetExportResult>;
type RunningExport = RunningJob<DatasetExportInput, DatasetExportProgress, DatasetExportResult>;

/** Who asked, for the audit log. */
export interface ExportRequester {
  actor: AuditActor;
  ip: string | null;
}

/** Writes a chunk, waiting while the disk is slower than the database. */
function write(stream: WriteStream, chunk: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    stream.once('error', onError);
    const flushed = stream.write(chunk, () => undefined);
    const done = () => {
      stream.off('error', onError);
      resolve();
    };
    if (flushed) done();
    else stream.once('drain', done);
  });
}

function endStream(stream: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.once('error', reject);
    stream.end(() => resolve());
  });
}

/** The types an export covers. */
const typesOf = (sampleType: DatasetExportInput['sampleType']): SampleType[] =>
  sampleType === 'both' ? ['memory', 'intent'] : [sampleType];

/** Counts rows and saves them with the job every PROGRESS_EVERY_ROWS (its watchers hear it). */
class Progress {
  written = 0;
  private nextAt = PROGRESS_EVERY_ROWS;

  constructor(
    private readonly job: RunningExport,
    readonly total: number,
  ) {}

  async add(rows: number) {
    this.written += rows;
    if (this.written < this.nextAt) return;
    this.nextAt = this.written + PROGRESS_EVERY_ROWS;
    await this.job.save({ written: this.written, total: this.total });
  }
}

/** jsonl: one file per type, one sample per line. */
async function writeJsonl(
  reader: DatasetReader,
  folder: string,
  input: DatasetExportInput,
  progress: Progress,
): Promise<{ type: string; rel: string; rows: number }[]> {
  const stem = input.filename ? `${input.filename.replace(/\.jsonl$/i, '')}-` : '';
  const files: { type: string; rel: string; rows: number }[] = [];
  for (const type of typesOf(input.sampleType)) {
    const rel = `${stem}${type}.jsonl`;
    const stream = createWriteStream(path.join(folder, rel), { highWaterMark: FILE_BUFFER_BYTES });
    let rows = 0;
    try {
      const pages = reader.pages(type, input.filters, PAGE_ROWS);
      for await (const page of pages) {
        const line = (type === 'memory' ? memoryLine : intentLine) as (row: MemoryRow | IntentRow) => string;
        for (let start = 0; start < page.length; start += CHUNK_ROWS) {
          let chunk = '';
          for (let i = start; i < Math.min(start + CHUNK_ROWS, page.length); i++) chunk += line(page[i]!);
          await write(stream, chunk);
        }
        rows += page.length;
        await progress.add(page.length);
      }
      await endStream(stream);
    } catch (error) {
      stream.destroy();
      throw error;
    }
    files.push({ type, rel, rows });
  }
  return files;
}

/** huggingface: data/<type>/<split>-00000-of-00001.parquet per type and split, and the README.md card. */
async function writeHuggingFace(
  reader: DatasetReader,
  folder: string,
  input: DatasetExportInput,
  progress: Progress,
  meta: { exportId: string; createdAt: string; request: Record<string, unknown> },
): Promise<{ type: string; rel: string; rows: number }[]> {
  const base = input.filename ? `${input.filename}/` : '';
  const types = typesOf(input.sampleType);
  const files: { type: string; rel: string; rows: number }[] = [];
  const splits = {} as Record<SampleType, Record<DatasetSplit, { rows: number; path: string }>>;
  for (const type of types) {
    await mkdir(path.join(folder, base, 'data', type), { recursive: true });
    const writers = {} as Record<DatasetSplit, ParquetFile<MemoryRow | IntentRow>>;
    const relOf = (split: DatasetSplit) => `data/${type}/${split}-00000-of-00001.parquet`;
    try {
      for (const split of DATASET_SPLITS) writers[split] = await ParquetFile.create(path.join(folder, base, relOf(split)), type);
      for await (const page of reader.pages(type, input.filters, PAGE_ROWS)) {
        for (const row of page) await writers[datasetSplit(row.id)].add(row);
        await progress.add(page.length);
      }
      for (const split of DATASET_SPLITS) await writers[split].close();
    } catch (error) {
      for (const split of DATASET_SPLITS) await writers[split]?.abort();
      throw error;
    }
    splits[type] = {} as Record<DatasetSplit, { rows: number; path: string }>;
    for (const split of DATASET_SPLITS) {
      splits[type][split] = { rows: writers[split].rows, path: relOf(split) };
      files.push({ type: `${type}-${split}`, rel: `${base}${relOf(split)}`, rows: writers[split].rows });
    }
  }
  const card = datasetCard({ ...meta, types, splits });
  await writeFile(path.join(folder, base, 'README.md'), card);
  files.unshift({ type: 'dataset-card', rel: `${base}README.md`, rows: 0 });
  return files;
}

/** The request as the dataset card and the audit record name it: the filters with the type, format and name. */
export const exportRequestOf = (input: DatasetExportInput) => ({
  sampleType: input.sampleType,
  format: input.format,
  ...input.filters,
  filename: input.filename ?? null,
});

/**
 * Writes a dataset export (the job's body) under config.mlExports.dir/<job id>/: the rows come from keyset pages of
 * one read-only snapshot (PostgreSQL; PGlite reads the live data, as the guild export does), written as they arrive,
 * so memory stays flat whatever the number of samples. Returns its files with their size and rows; audited.
 */
export async function writeDatasetExport(deps: DatasetExportDeps, job: RunningExport): Promise<DatasetExportResult> {
  const { id: exportId, input, createdAt } = job.record;
  const folder = path.join(deps.dir, exportId);
  const request = exportRequestOf(input);
  await mkdir(folder, { recursive: true });
  const written = await withDatasetReader(deps.db, async (reader) => {
    let total = 0;
    for (const type of typesOf(input.sampleType)) total += await reader.count(type, input.filters);
    await job.save({ written: 0, total });
    const progress = new Progress(job, total);
    const files =
      input.format === 'jsonl'
        ? await writeJsonl(reader, folder, input, progress)
        : await writeHuggingFace(reader, folder, input, progress, { exportId, createdAt: createdAt.toISOString(), request });
    return { files, rowCount: progress.written };
  });
  const files: ExportedFile[] = [];
  for (const file of written.files) {
    const { size } = await stat(path.join(folder, file.rel));
    files.push({ type: file.type, path: `${exportId}/${file.rel}`, bytes: size, rows: file.rows });
  }
  const requester = job.record.requester as ExportRequester;
  await recordAudit(deps.db, {
    actor: requester.actor,
    action: 'training_data.exported',
    target: { type: 'ml_export', id: exportId },
    details: { ...request, rows: written.rowCount, files: files.length },
    ip: requester.ip,
  });
  return { files, rows: written.rowCount };
}
