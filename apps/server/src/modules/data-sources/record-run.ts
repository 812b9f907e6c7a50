import type { CharacterSourceType, DataSourceCounts } from '@guildhall/contract';
import { type Requester, recordAudit } from '../../core/audit';
import type { Queryable } from '../../services/db/db';
import { insertRun } from './queries';

/** A run that succeeded, as the Sources tab lists it, with the audit action that records it. */
export interface SucceededRun {
  guildId: string;
  source: CharacterSourceType;
  counts: DataSourceCounts;
  subject: string;
  requester: Requester;
  startedAt: Date;
  jobId?: string;
  action: 'guild.loot_imported' | 'guild.source_synced';
  /** What the audit record says beside the run's id (the counts, the source, …). */
  details: Record<string, unknown>;
}

/** Records a run that succeeded and its audit record, in the caller's transaction; the run. */
export async function recordSucceededRun(tx: Queryable, run: SucceededRun) {
  const row = await insertRun(tx, {
    guildId: run.guildId,
    source: run.source,
    status: 'succeeded',
    counts: run.counts,
    subject: run.subject,
    jobId: run.jobId ?? null,
    actor: run.requester.actor,
    startedAt: run.startedAt,
  });
  await recordAudit(tx, {
    actor: run.requester.actor,
    action: run.action,
    target: { type: 'guild', id: run.guildId },
    details: { runId: row.id, ...run.details },
    ip: run.requester.ip,
  });
  return row;
}
