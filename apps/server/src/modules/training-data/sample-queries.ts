import type { SampleListQuery, SampleType } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import { COLUMNS, type IntentRow, type MemoryRow, TABLE } from './sample-rows';

// The SQL of the review screens: one sample, pages of samples, the review queue, labels and verification.

/** One sample row of a type, or undefined. */
export async function selectSample(db: Queryable, type: SampleType, id: string): Promise<MemoryRow | IntentRow | undefined> {
  const { rows } = await db.query<MemoryRow | IntentRow>(`SELECT ${COLUMNS[type]} FROM ${TABLE[type]} WHERE id = $1`, [id]);
  return rows[0];
}

/** Full rows of these samples of one type, in no order. */
export async function selectSamplesById(db: Queryable, type: SampleType, ids: string[]): Promise<(MemoryRow | IntentRow)[]> {
  const { rows } = await db.query<MemoryRow | IntentRow>(
    `SELECT ${COLUMNS[type]} FROM ${TABLE[type]} WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return rows;
}

const PROVIDER_COLUMN: Record<SampleType, string> = { memory: 'llm_provider', intent: 'provider_used' };

/** The filters as one WHERE clause on the indexes of 0018. */
function whereOf(type: SampleType, query: SampleListQuery, values: unknown[]): string {
  const where: string[] = [];
  const add = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (query.verified !== undefined) where.push(`human_verified = ${add(query.verified)}`);
  // Compared as real, the column's type: 0.7 stored is not below 0.7 asked.
  if (query.minQuality !== undefined) where.push(`quality_score >= ${add(query.minQuality)}::real`);
  if (type === 'intent' && query.shouldRespond !== undefined) where.push(`should_respond = ${add(query.shouldRespond)}`);
  if (query.provider) where.push(`${PROVIDER_COLUMN[type]} = ${add(query.provider)}`);
  return where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
}

/** The ORDER BY of a sort (memory samples have no confidence: the caller refuses that sort), the id breaking ties. */
function orderOf(query: SampleListQuery): string {
  const direction = query.sortOrder === 'asc' ? 'ASC' : 'DESC';
  switch (query.sortBy) {
    case 'qualityScore':
      return `quality_score ${direction} NULLS LAST, id ${direction}`;
    case 'confidence':
      return `confidence ${direction}, id ${direction}`;
    default:
      return `created_at ${direction}, id ${direction}`;
  }
}

/** One page of samples of a type, filtered, sorted and paged in SQL, with how many match in all. */
export async function selectSamplePage(
  db: Queryable,
  type: SampleType,
  query: SampleListQuery,
): Promise<{ rows: (MemoryRow | IntentRow)[]; total: number }> {
  const values: unknown[] = [];
  const where = whereOf(type, query, values);
  const offset = (query.page - 1) * query.limit;
  const [page, count] = await Promise.all([
    db.query<MemoryRow | IntentRow>(
      `SELECT ${COLUMNS[type]} FROM ${TABLE[type]} ${where} ORDER BY ${orderOf(query)}
       LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, query.limit, offset],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${TABLE[type]} ${where}`, values),
  ]);
  return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
}

/** Unverified samples of one type, not skipped: the part of the queue's UNION for that type. */
const unverified = (type: SampleType) =>
  `SELECT '${type}'::text AS type, id, created_at FROM ${TABLE[type]}
    WHERE NOT human_verified AND NOT (id = ANY($1::uuid[]))`;

/**
 * The review queue's order: unverified samples of these types, oldest first (the id breaking ties), without the
 * skipped ones, picked over (type, id, time) on the verified indexes; and how many there are in all.
 */
export async function selectReviewQueue(
  db: Queryable,
  types: SampleType[],
  skip: string[],
  limit: number,
): Promise<{ picked: { type: SampleType; id: string }[]; remaining: number }> {
  const union = types.map(unverified).join(' UNION ALL ');
  const [picked, count] = await Promise.all([
    db.query<{ type: SampleType; id: string }>(`${union} ORDER BY created_at, id LIMIT $2`, [skip, limit]),
    db.query<{ remaining: number }>(
      `SELECT (${types.map((type) => `(SELECT count(*) FROM (${unverified(type)}) q)`).join(' + ')})::int AS remaining`,
      [skip],
    ),
  ]);
  return { picked: picked.rows, remaining: count.rows[0]?.remaining ?? 0 };
}

/** Marks a sample verified by this admin; true when it was not verified before. */
export async function markSampleVerified(db: Queryable, type: SampleType, id: string, adminId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE ${TABLE[type]} SET human_verified = true, verified_at = now(), verified_by = $2
      WHERE id = $1 AND NOT human_verified`,
    [id, adminId],
  );
  return rowCount > 0;
}

/**
 * Merges a reviewer's corrections into the sample's earlier ones. With `shouldRespond`, an intent decision's
 * outcome is settled too: the bot was right exactly when it decided so.
 */
export async function updateSampleLabel(
  db: Queryable,
  type: SampleType,
  id: string,
  corrections: Record<string, unknown>,
  adminId: string,
  shouldRespond: boolean | undefined,
): Promise<void> {
  const outcome = shouldRespond !== undefined ? ', was_correct = (should_respond = $4)' : '';
  await db.query(
    `UPDATE ${TABLE[type]}
        SET label_corrections = coalesce(label_corrections, '{}'::jsonb) || $2::jsonb,
            labelled_at = now(), labelled_by = $3${outcome}
      WHERE id = $1`,
    [id, JSON.stringify(corrections), adminId, ...(outcome ? [shouldRespond] : [])],
  );
}

/** Verifies the samples not verified yet; answers how many changed. */
export async function verifySamples(db: Queryable, type: SampleType, ids: string[], adminId: string): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE ${TABLE[type]} SET human_verified = true, verified_at = now(), verified_by = $2
      WHERE id = ANY($1::uuid[]) AND NOT human_verified`,
    [ids, adminId],
  );
  return rowCount;
}

/** Deletes the samples with their feedback; answers how many samples went. */
export async function deleteSamples(db: Queryable, type: SampleType, ids: string[]): Promise<number> {
  await db.query('DELETE FROM ml_feedback WHERE sample_type = $1 AND sample_id = ANY($2::uuid[])', [type, ids]);
  const { rowCount } = await db.query(`DELETE FROM ${TABLE[type]} WHERE id = ANY($1::uuid[])`, [ids]);
  return rowCount;
}

/** Sets the samples' quality score; answers how many exist. */
export async function scoreSamples(db: Queryable, type: SampleType, ids: string[], qualityScore: number): Promise<number> {
  const { rowCount } = await db.query(`UPDATE ${TABLE[type]} SET quality_score = $2 WHERE id = ANY($1::uuid[])`, [
    ids,
    qualityScore,
  ]);
  return rowCount;
}
