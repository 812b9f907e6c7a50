import type { SampleType } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';

/** An ml_feedback row with its author's username. */
export interface FeedbackRow {
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

/** Feedback, newest first; of one sample when sampleId is given. */
export async function selectFeedback(db: Queryable, sampleId: string | null, limit: number): Promise<FeedbackRow[]> {
  const { rows } = await db.query<FeedbackRow>(
    `SELECT ${FEEDBACK_COLUMNS} FROM ml_feedback f LEFT JOIN admin_users a ON a.id = f.created_by
      WHERE ($1::uuid IS NULL OR f.sample_id = $1) ORDER BY f.created_at DESC, f.id DESC LIMIT $2`,
    [sampleId, limit],
  );
  return rows;
}

/** One feedback row by id. */
export async function selectFeedbackById(db: Queryable, id: string): Promise<FeedbackRow | undefined> {
  const { rows } = await db.query<FeedbackRow>(
    `SELECT ${FEEDBACK_COLUMNS} FROM ml_feedback f LEFT JOIN admin_users a ON a.id = f.created_by WHERE f.id = $1`,
    [id],
  );
  return rows[0];
}

/** What a reviewer says of a sample. */
export interface FeedbackInsert {
  sampleType: SampleType;
  sampleId: string;
  wasCorrect: boolean | null;
  rating: number | null;
  comment: string | null;
  createdBy: string;
}

/** Stores feedback; answers its id. */
export async function insertFeedback(db: Queryable, feedback: FeedbackInsert): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO ml_feedback (sample_type, sample_id, was_correct, rating, comment, created_by)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [feedback.sampleType, feedback.sampleId, feedback.wasCorrect, feedback.rating, feedback.comment, feedback.createdBy],
  );
  return rows[0]!.id;
}

/** Sets an intent decision's outcome. */
export async function setIntentOutcome(db: Queryable, sampleId: string, wasCorrect: boolean): Promise<void> {
  await db.query('UPDATE intent_samples SET was_correct = $2 WHERE id = $1', [sampleId, wasCorrect]);
}
