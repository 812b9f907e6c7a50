import { type AuditAction, type BULK_ACTIONS, type SampleType, TRAINING_DATA_MESSAGES } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { recordAudit } from '../../core/audit';
import type { Db } from '../../services/db/db';
import type { Reviewer } from './reviewer';
import { deleteSamples, scoreSamples, verifySamples } from './sample-queries';

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
  const ids = [...new Set(bulk.sampleIds)];
  const qualityScore = bulk.data?.qualityScore;
  if (bulk.action === 'setQuality' && qualityScore === undefined) {
    throw AppError.invalidField('data.qualityScore', TRAINING_DATA_MESSAGES.qualityRequired);
  }
  return db.transaction(async (tx) => {
    const affected =
      bulk.action === 'verify'
        ? await verifySamples(tx, bulk.type, ids, reviewer.actor.id)
        : bulk.action === 'delete'
          ? await deleteSamples(tx, bulk.type, ids)
          : await scoreSamples(tx, bulk.type, ids, qualityScore!);
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
