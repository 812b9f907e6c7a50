import type { SampleType } from '@guildhall/contract';
import { recordAudit } from '../../core/audit';
import type { Db } from '../../services/db/db';
import { readSample } from './read-sample';
import type { Reviewer } from './reviewer';
import { updateSampleLabel } from './sample-queries';
import type { AnySample } from './sample-rows';
import { markVerified } from './verify-sample';

/**
 * Stores a reviewer's corrections beside the bot's original fields (merged into earlier corrections) and verifies
 * the sample: a person has looked at it. Correcting an intent decision's shouldRespond also settles its outcome:
 * the bot was right exactly when it decided as the reviewer says it should have.
 */
export async function labelSample(
  db: Db,
  type: SampleType,
  id: string,
  corrections: Record<string, unknown>,
  reviewer: Reviewer,
): Promise<AnySample> {
  return db.transaction(async (tx) => {
    const before = await readSample(tx, type, id);
    const shouldRespond = type === 'intent' ? corrections.shouldRespond : undefined;
    const outcome = typeof shouldRespond === 'boolean' ? shouldRespond : undefined;
    await updateSampleLabel(tx, type, id, corrections, reviewer.actor.id, outcome);
    await markVerified(tx, type, id, reviewer);
    await recordAudit(tx, {
      actor: reviewer.actor,
      action: 'training_data.sample_labelled',
      target: { type: `${type}_sample`, id },
      details: { corrections, previous: before.sample.labelCorrections },
      ip: reviewer.ip,
    });
    return readSample(tx, type, id);
  });
}
