import type { QueryHistoryEntry } from '@guildhall/contract';
import type { AuditActor } from '../../core/audit';
import type { Queryable } from '../../services/db/db';

/** One run of the SQL query runner as the history keeps it. */
export interface QueryRun {
  actor: Extract<AuditActor, { type: 'admin' }>;
  kind: QueryHistoryEntry['kind'];
  query: string;
  isReadOnly: boolean;
  startedAt: Date;
  durationMs: number;
  rowCount: number | null;
  error: string | null;
}

/** Records a run (success or failure) in query_history. */
export async function recordQueryRun(db: Queryable, run: QueryRun): Promise<void> {
  await db.query(
    `INSERT INTO query_history (admin_id, admin_name, kind, query, is_read_only, started_at, duration_ms, row_count, error)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      run.actor.id,
      run.actor.name,
      run.kind,
      run.query,
      run.isReadOnly,
      run.startedAt,
      Math.round(run.durationMs),
      run.rowCount,
      run.error,
    ],
  );
}

interface HistoryRow {
  id: number | string;
  admin_id: string | null;
  admin_name: string | null;
  kind: QueryHistoryEntry['kind'];
  query: string;
  is_read_only: boolean;
  started_at: Date;
  duration_ms: number;
  row_count: number | null;
  error: string | null;
}

/** The newest runs first. */
export async function listQueryHistory(db: Queryable, limit: number): Promise<QueryHistoryEntry[]> {
  const { rows } = await db.query<HistoryRow>(
    `SELECT id, admin_id, admin_name, kind, query, is_read_only, started_at, duration_ms, row_count, error
       FROM query_history ORDER BY started_at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({
    id: String(row.id),
    adminId: row.admin_id,
    adminName: row.admin_name,
    kind: row.kind,
    query: row.query,
    isReadOnly: row.is_read_only,
    startedAt: new Date(row.started_at).toISOString(),
    durationMs: row.duration_ms,
    rowCount: row.row_count === null ? null : Number(row.row_count),
    error: row.error,
  }));
}
