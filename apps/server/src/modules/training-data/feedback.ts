import type { SampleType } from '@guildhall/contract';
import { recordAudit } from '../../core/audit';
import type { Db, Queryable } from '../../services/db/db';
import { type FeedbackRow, insertFeedback, selectFeedback, selectFeedbackById, setIntentOutcome } from './feedback-queries';
import { readSample } from './read-sample';
import type { Reviewer } from './reviewer';

function presentFeedback(row: FeedbackRow) {
  return {
    id: row.id,
    sampleType: row.sample_type,
    sampleId: row.sample_id,
    wasCorrect: row.was_correct,
    rating: row.rating,
    comment: row.comment,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
  };
}

/** Feedback, newest first; of one sample when sampleId is given. */
export async function listFeedback(db: Queryable, query: { sampleId?: string; limit: number }) {
  return (await selectFeedback(db, query.sampleId ?? null, query.limit)).map(presentFeedback);
}

/** Feedback to record, as the contract parsed it. */
export interface NewFeedback {
  sampleType: SampleType;
  sampleId: string;
  wasCorrect?: boolean;
  rating?: number;
  comment?: string;
}

/**
 * Records feedback on a sample that exists (404 otherwise), audited. A verdict on an intent sample is its
 * decision's outcome, so it sets was_correct, which the decision accuracy counts.
 */
export async function createFeedback(db: Db, feedback: NewFeedback, reviewer: Reviewer) {
  return db.transaction(async (tx) => {
    await readSample(tx, feedback.sampleType, feedback.sampleId);
    const createdId = await insertFeedback(tx, {
      sampleType: feedback.sampleType,
      sampleId: feedback.sampleId,
      wasCorrect: feedback.wasCorrect ?? null,
      rating: feedback.rating ?? null,
      comment: feedback.comment || null,
      createdBy: reviewer.actor.id,
    });
    if (feedback.sampleType === 'intent' && feedback.wasCorrect !== undefined) {
      await setIntentOutcome(tx, feedback.sampleId, feedback.wasCorrect);
    }
    await recordAudit(tx, {
      actor: reviewer.actor,
      action: 'training_data.feedback_recorded',
      target: { type: `${feedback.sampleType}_sample`, id: feedback.sampleId },
      details: { wasCorrect: feedback.wasCorrect ?? null, rating: feedback.rating ?? null },
      ip: reviewer.ip,
    });
    return presentFeedback((await selectFeedbackById(tx, createdId))!);
  });
}
