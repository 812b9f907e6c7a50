import type { SampleType } from '@guildhall/contract';
import { recordAudit } from '../../core/audit';
import type { Db, Queryable } from '../../services/db/db';
import { readSample } from './read-sample';
import type { Reviewer } from './reviewer';

interface FeedbackRow {
  id: string;
  sample_type: SampleType;
  sample_id: string;
  was_correct: boolean | null;
  rating: number | null;
  comment: string | null;
  created_by: string | null;
  created_at: Date;
}

// created_by names the admin by username: who wrote it matters to a reader, not the uuid.
const FEEDBACK_COLUMNS = `f.id, f.sample_type, f.sample_id, f.was_correct, f.rating, f.comment, a.username AS created_by,
  f.created_at`;

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
  const { rows } = await db.query<FeedbackRow>(
    `SELECT ${FEEDBACK_COLUMNS} FROM ml_feedback f LEFT JOIN admin_users a ON a.id = f.created_by
      WHERE ($1::uuid IS NULL OR f.sample_id = $1) ORDER BY f.created_at DESC, f.id DESC LIMIT $2`,
    [query.sampleId ?? null, query.limit],
  );
  return rows.map(presentFeedback);
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
    const {
      rows: [created],
    } = await tx.query<{ id: string }>(
      `INSERT INTO ml_feedback (sample_type, sample_id, was_correct, rating, comment, created_by)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [
        feedback.sampleType,
        feedback.sampleId,
        feedback.wasCorrect ?? null,
        feedback.rating ?? null,
        feedback.comment || null,
        reviewer.actor.id,
      ],
    );
    if (feedback.sampleType === 'intent' && feedback.wasCorrect !== undefined) {
      await tx.query('UPDATE intent_samples SET was_correct = $2 WHERE id = $1', [feedback.sampleId, feedback.wasCorrect]);
    }
    await recordAudit(tx, {
      actor: reviewer.actor,
      action: 'training_data.feedback_recorded',
      target: { type: `${feedback.sampleType}_sample`, id: feedback.sampleId },
      details: { wasCorrect: feedback.wasCorrect ?? null, rating: feedback.rating ?? null },
      ip: reviewer.ip,
    });
    const { rows } = await tx.query<FeedbackRow>(
      `SELECT ${FEEDBACK_COLUMNS} FROM ml_feedback f LEFT JOIN admin_users a ON a.id = f.created_by WHERE f.id = $1`,
      [created!.id],
    );
    return presentFeedback(rows[0]!);
  });
}
