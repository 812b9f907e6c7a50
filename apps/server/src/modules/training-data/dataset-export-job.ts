import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { ExportProgress, ExportRecord } from '@guildhall/contract';
import type { DomainEvent } from '../../core/event-bus';
import type { JobKind, JobQueue } from '../../services/job-queue';
import {
  type DatasetExportDeps,
  type DatasetExportInput,
  type DatasetExportJob,
  type DatasetExportProgress,
  type DatasetExportResult,
  type ExportRequester,
  writeDatasetExport,
} from './export-dataset';

/** Stored in jobs.kind. */
export const DATASET_EXPORT_KIND = 'dataset_export';

/** An export as the exports list shows it: a job still queued reads as running. */
export function presentExport(job: DatasetExportJob): ExportRecord {
  return {
    id: job.id,
    format: job.input.format,
    sampleType: job.input.sampleType,
    status: job.status === 'succeeded' ? 'done' : job.status === 'failed' ? 'failed' : 'running',
    rowCount: job.result?.rows ?? job.progress?.written ?? 0,
    total: job.progress?.total ?? null,
    files: job.result?.files ?? [],
    error: job.error,
    createdAt: job.createdAt.toISOString(),
    expiresAt: (job.expiresAt ?? job.createdAt).toISOString(),
  };
}

/** Every few thousand rows while it runs, and once when it ends, to the full-access admins. */
function announceExport(job: DatasetExportJob): DomainEvent[] {
  const of = (progress: Omit<ExportProgress, 'exportId'>): DomainEvent[] => [
    { type: 'ml-export.progressed', progress: { exportId: job.id, ...progress } },
  ];
  const total = job.progress?.total ?? null;
  if (job.status === 'succeeded') return of({ written: job.result?.rows ?? 0, total, done: true });
  if (job.status === 'failed') return of({ written: 0, total: null, done: true });
  // Counting the rows is no progress yet.
  if (job.status === 'running' && (job.progress?.written ?? 0) > 0)
    return of({ written: job.progress!.written, total, done: false });
  return [];
}

/**
 * A training dataset export as a job kind. It is run at once by the process the request reached (the answer lists
 * the files), and tried once: an export cut short by a stopped process is failed by the next runner that finds it,
 * and a failed export's folder is removed.
 */
export function datasetExportJob(
  deps: DatasetExportDeps,
): JobKind<DatasetExportInput, DatasetExportProgress, DatasetExportResult> {
  return {
    name: DATASET_EXPORT_KIND,
    maxAttempts: 1,
    interruptedError: 'The export was interrupted',
    run: (job) => writeDatasetExport(deps, job),
    discard: async (job) => rm(path.join(deps.dir, job.id), { recursive: true, force: true }),
    announce: announceExport,
  };
}

/** Runs an export and answers with its files, kept for retentionDays. */
export async function exportDataset(
  deps: { jobs: JobQueue; kind: JobKind<DatasetExportInput, DatasetExportProgress, DatasetExportResult>; retentionDays: number },
  input: DatasetExportInput,
  requester: ExportRequester,
) {
  const expiresAt = new Date(Date.now() + deps.retentionDays * 86_400_000);
  const job = await deps.jobs.run(deps.kind, { input, requester, expiresAt });
  return { success: true as const, exportId: job.id, files: job.result!.files, timestamp: new Date().toISOString() };
}
