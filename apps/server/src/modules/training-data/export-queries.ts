import type { ExportRecord } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import type { JobRow } from '../../services/job-queue';

/** Jobs of the export kind still kept (not expired), newest first; at most 100. */
export async function selectKeptExports(db: Queryable, kind: string): Promise<JobRow[]> {
  const { rows } = await db.query<JobRow>(
    `SELECT * FROM jobs WHERE kind = $1 AND expires_at > now() ORDER BY created_at DESC LIMIT 100`,
    [kind],
  );
  return rows;
}

/** The files of one finished, kept export job, or undefined. */
export async function selectExportFiles(
  db: Queryable,
  kind: string,
  exportId: string,
): Promise<ExportRecord['files'] | undefined> {
  const { rows } = await db.query<{ files: ExportRecord['files'] }>(
    `SELECT result->'files' AS files FROM jobs
      WHERE id = $1 AND kind = $2 AND status = 'succeeded' AND expires_at > now()`,
    [exportId, kind],
  );
  return rows[0]?.files;
}
