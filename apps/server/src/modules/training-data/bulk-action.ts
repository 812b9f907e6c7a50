import { type AuditAction, type BULK_ACTIONS, type SampleType, TRAINING_DATA_MESSAGES } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { recordAudit } from '../../core/audit';
import type { Db } from '../../services/db/db';
import type { Reviewer } from './reviewer';
import { TABLE } from './sample-rows';

/** A bulk action as the contract parsed it. */
export interface BulkAction {
  sampleIds: string[];
  action: (typeof BULK_ACTIONS)[number];
  type: SampleType;
  data?: { qualityScore?: number };
}

/** The audit action of each bulk action. */
const BULK_AUDIT_ACTIONS = {
  verify: 'training_data.samples_verified',
  delete: 'training_data.samples_deleted',
  setQuality: 'training_data.samples_quality_set',
} as const satisfies Record<BulkAction['action'], AuditAction>;

/**
 * Verifies, deletes or scores many samples of one type in one transaction, audited as one record with the ids;
 * answers how many samples changed (ids that do not exist, or already verified ones, do not count). Deleting a
 * sample removes its feedback too.
 */
export async function runBulkAction(db: Db, bulk: BulkAction, reviewer: Reviewer): Promise<number> {
  const table = TABLE[bulk.type];
  const ids = [...new Set(bulk.sampleIds)];
  const qualityScore = bulk.data?.qualityScore;
  if (bulk.action === 'setQuality' && qualityScore === undefined) {
    throw AppError.invalidField('data.qualityScore', TRAINING_DATA_MESSAGES.qualityRequired);
  }
  return db.transaction(async (tx) => {
    let affected: number;
    if (bulk.action === 'verify') {
      ({ rowCount: affected } = await tx.query(
        `UPDATE ${table} SET human_verified = true, verified_at = now(), verified_by = $2
          WHERE id = ANY($1::uuid[]) AND NOT human_verified`,
        [ids, reviewer.actor.id],
      ));
    } else if (bulk.action === 'delete') {
      await tx.query('DELETE FROM ml_feedback WHERE sample_type = $1 AND sample_id = ANY($2::uuid[])', [bulk.type, ids]);
      ({ rowCount: affected } = await tx.query(`DELETE FROM ${table} WHERE id = ANY($1::uuid[])`, [ids]));
    } else {
      ({ rowCount: affected } = await tx.query(`UPDATE ${table} SET quality_score = $2 WHERE id = ANY($1::uuid[])`, [
        ids,
        qualityScore,
      ]));
    }
    await recordAudit(tx, {
      actor: reviewer.actor,
      action: BULK_AUDIT_ACTIONS[bulk.action],
      target: { type: `${bulk.type}_sample`, id: ids.length === 1 ? ids[0]! : `${ids.length} samples` },
      details: { type: bulk.type, sampleIds: ids, affected, ...(qualityScore !== undefined ? { qualityScore } : {}) },
      ip: reviewer.ip,
    });
    return affected;
  });
}
