import type { AuditLogFilters } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import { escapeLike } from '../../services/db/like';

/** One audit record as the audit log reads it. */
export interface AuditRow {
  id: string;
  actor_type: string;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown> | null;
  ip: string | null;
  created_at: Date;
}

/** A record of the audit log screen: with the name of its target, where the target is a row that has one. */
export interface AuditPageRow extends AuditRow {
  target_name: string | null;
}

/** The filters after the contract parsed them. */
export type AuditFilters = Pick<AuditLogFilters, 'actor' | 'action' | 'targetType' | 'targetId' | 'from' | 'to'>;

const COLUMNS = 'id::text AS id, actor_type, actor_id, actor_name, action, target_type, target_id, details, ip, created_at';

/**
 * The WHERE clause of the filters, each on an index of 0012: the actor by name in any case or by id, the action
 * exactly or, a subject ending in '.', as a prefix (LIKE on text_pattern_ops), the target, and the time range.
 */
function whereOf(filters: AuditFilters, values: unknown[]): string {
  const where: string[] = [];
  const add = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (filters.actor) {
    const actor = add(filters.actor);
    where.push(`(lower(actor_name) = lower(${actor}) OR actor_id = ${actor})`);
  }
  if (filters.action) {
    where.push(
      filters.action.endsWith('.') ? `action LIKE ${add(`${escapeLike(filters.action)}%`)}` : `action = ${add(filters.action)}`,
    );
  }
  if (filters.targetType) where.push(`target_type = ${add(filters.targetType)}`);
  if (filters.targetId) where.push(`target_id = ${add(filters.targetId)}`);
  if (filters.from) where.push(`created_at >= ${add(filters.from)}::timestamptz`);
  if (filters.to) where.push(`created_at <= ${add(filters.to)}::timestamptz`);
  return where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
}

/** A target id that is a uuid, as uuid (other ids, such as 'g-1' or a session's token id, name no row): */
const TARGET_UUID = `CASE WHEN target_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  THEN target_id::uuid END AS target_uuid`;

/**
 * The target's name by its type, joined to the page's rows only (after LIMIT), each on the named table's primary
 * key: a guild, an admin account, a community user, a player account, a character. An admin role's id is its name.
 */
const TARGET_NAMES = `
  LEFT JOIN guilds g ON page.target_type = 'guild' AND g.id = page.target_uuid
  LEFT JOIN admin_users au ON page.target_type IN ('admin_user', 'admin') AND au.id = page.target_uuid
  LEFT JOIN users u ON page.target_type = 'user' AND u.id = page.target_uuid
  LEFT JOIN player_accounts pa ON page.target_type = 'player_account' AND pa.id = page.target_uuid
  LEFT JOIN characters c ON page.target_type = 'character' AND c.id = page.target_uuid`;

const TARGET_NAME = `COALESCE(g.guild_name, au.username, u.global_name, u.username, pa.display_name,
  c.name || '-' || c.realm, CASE WHEN page.target_type = 'admin_role' THEN page.target_id END) AS target_name`;

/** One page of records, newest first, with the total that matched; each with its target's name. */
export async function selectAuditPage(db: Queryable, filters: AuditFilters, page: { page: number; limit: number }) {
  const values: unknown[] = [];
  const where = whereOf(filters, values);
  const [rows, count] = await Promise.all([
    db.query<AuditPageRow>(
      `WITH page AS (
         SELECT ${COLUMNS}, ${TARGET_UUID} FROM audit_log ${where}
          ORDER BY created_at DESC, id DESC
          LIMIT $${values.length + 1} OFFSET $${values.length + 2}
       )
       SELECT page.id, page.actor_type, page.actor_id, page.actor_name, page.action, page.target_type, page.target_id,
              page.details, page.ip, page.created_at, ${TARGET_NAME}
         FROM page ${TARGET_NAMES}
        ORDER BY page.created_at DESC, page.id DESC`,
      [...values, page.limit, (page.page - 1) * page.limit],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM audit_log ${where}`, values),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.total ?? 0 };
}

/** Where the previous export page ended: the next one starts strictly before it. */
export interface AuditCursor {
  createdAt: Date;
  id: string;
}

/** One keyset page of the export, newest first, after the cursor. */
export async function selectAuditExportPage(
  db: Queryable,
  filters: AuditFilters,
  after: AuditCursor | null,
  limit: number,
): Promise<AuditRow[]> {
  const values: unknown[] = [];
  let where = whereOf(filters, values);
  if (after) {
    values.push(after.createdAt, after.id);
    const keyset = `(created_at, id) < ($${values.length - 1}::timestamptz, $${values.length}::bigint)`;
    where = where ? `${where} AND ${keyset}` : `WHERE ${keyset}`;
  }
  values.push(limit);
  const { rows } = await db.query<AuditRow>(
    `SELECT ${COLUMNS} FROM audit_log ${where} ORDER BY created_at DESC, id DESC LIMIT $${values.length}`,
    values,
  );
  return rows;
}

/**
 * The distinct target types, read by skipping along their index (one probe per distinct value) rather than scanning
 * the whole log. The actions need no such read: they are the contract's catalog.
 */
export async function selectAuditTargetTypes(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ value: string }>(
    `WITH RECURSIVE found(value) AS (
       (SELECT target_type FROM audit_log WHERE target_type IS NOT NULL ORDER BY target_type LIMIT 1)
       UNION ALL
       SELECT (SELECT target_type FROM audit_log WHERE target_type > found.value ORDER BY target_type LIMIT 1)
         FROM found WHERE found.value IS NOT NULL
     )
     SELECT value FROM found WHERE value IS NOT NULL`,
  );
  return rows.map((row) => row.value).sort();
}
