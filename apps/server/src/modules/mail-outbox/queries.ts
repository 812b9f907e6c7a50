import type { Queryable } from '../../services/db/db';
import { containsPattern } from '../../services/db/like';

/** One outbox row. */
export interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  text: string;
  html: string | null;
  created_at: Date;
}

/**
 * A page of the outbox, newest first, optionally of the recipients whose address holds the text (any part of it,
 * issue 29: the exact address was needed); with the total for paging.
 */
export async function listOutbox(
  db: Queryable,
  filter: { to?: string; limit: number; offset: number },
): Promise<{ rows: OutboxRow[]; total: number }> {
  const where = filter.to ? 'WHERE to_address ILIKE $1' : 'WHERE $1::text IS NULL';
  const params = [filter.to ? containsPattern(filter.to) : null];
  const [page, count] = await Promise.all([
    db.query<OutboxRow>(
      `SELECT id::text, to_address, subject, text, html, created_at FROM mail_outbox ${where}
        ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [...params, filter.limit, filter.offset],
    ),
    db.query<{ total: string }>(`SELECT count(*) AS total FROM mail_outbox ${where}`, params),
  ]);
  return { rows: page.rows, total: Number(count.rows[0]?.total ?? 0) };
}
