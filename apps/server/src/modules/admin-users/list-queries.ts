import { ADMIN_SESSION_IDLE_MS, type AdminUserSort, type AdminUserStatus } from '@guildhall/contract';
import { twoFactorMethodsSql } from '../../auth/session-queries';
import type { Queryable } from '../../services/db/db';
import { escapeLike } from '../../services/db/like';

/** An admin user as the admin users screen reads it, with its role and its open sessions counted. */
export interface AdminUserListRow {
  id: string;
  username: string;
  full_name: string | null;
  role: string;
  role_label: string | null;
  role_permissions: string[];
  permissions: string[];
  status: AdminUserStatus;
  locked_until: Date | null;
  last_login_at: Date | null;
  failed_attempts: number;
  active_sessions: number;
  two_factor_enabled: boolean;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

/** The list's query after the contract's defaults. */
export interface AdminUserPageQuery {
  page: number;
  limit: number;
  search?: string;
  role?: string;
  status?: AdminUserStatus;
  sortBy: AdminUserSort;
  sortOrder: 'asc' | 'desc';
}

/** What each status means in SQL; without a status, every account that is not soft-deleted. */
const STATUS_CONDITIONS: Record<AdminUserStatus, string> = {
  deleted: 'u.deleted_at IS NOT NULL',
  disabled: 'u.deleted_at IS NULL AND NOT u.is_active',
  locked: 'u.deleted_at IS NULL AND u.is_active AND u.locked_until > now()',
  active: 'u.deleted_at IS NULL AND u.is_active AND (u.locked_until IS NULL OR u.locked_until <= now())',
};

const STATUS_SQL = `CASE WHEN u.deleted_at IS NOT NULL THEN 'deleted'
                         WHEN NOT u.is_active THEN 'disabled'
                         WHEN u.locked_until > now() THEN 'locked'
                         ELSE 'active' END`;

const SORT_COLUMNS: Record<AdminUserSort, string> = {
  username: 'lower(u.username)',
  fullName: 'lower(u.full_name)',
  role: 'u.role',
  lastLoginAt: 'u.last_login_at',
  createdAt: 'u.created_at',
  failedAttempts: 'u.failed_attempts',
};

/** Open sessions: not revoked, not past the absolute limit, seen since the idle cutoff (parameter `cutoff`). */
const openSessions = (cutoff: string) => `(SELECT count(*)::int FROM admin_sessions s
   WHERE s.admin_user_id = u.id AND s.revoked_at IS NULL AND s.absolute_expires_at > now() AND s.last_seen_at > ${cutoff})`;

/** Any second factor on: a confirmed authenticator or a passkey. */
const TWO_FACTOR_ENABLED = `cardinality(${twoFactorMethodsSql('u.id')}) > 0`;

const rowColumns = (cutoff: string) => `u.id, u.username, u.full_name, u.role, r.label AS role_label,
       COALESCE(r.permissions, '{}') AS role_permissions, u.permissions, ${STATUS_SQL} AS status, u.locked_until,
       u.last_login_at, u.failed_attempts, ${openSessions(cutoff)} AS active_sessions, ${TWO_FACTOR_ENABLED} AS two_factor_enabled,
       u.created_at, u.updated_at, u.deleted_at`;

const FROM = 'FROM admin_users u LEFT JOIN admin_roles r ON r.name = u.role';

/** The idle cutoff: a session last seen before it has expired (idleMs: the timeout in force). */
const idleCutoff = (idleMs: number) => new Date(Date.now() - idleMs);

/** One page of admin users, searched, filtered, sorted and paged in SQL, with the total that matched. */
export async function selectAdminUserPage(db: Queryable, query: AdminUserPageQuery, idleMs = ADMIN_SESSION_IDLE_MS) {
  const values: unknown[] = [];
  const where = [query.status ? STATUS_CONDITIONS[query.status] : 'u.deleted_at IS NULL'];
  if (query.search) {
    values.push(`%${escapeLike(query.search.toLowerCase())}%`);
    where.push(`(lower(u.username) LIKE $${values.length} OR lower(u.full_name) LIKE $${values.length})`);
  }
  if (query.role) {
    values.push(query.role);
    where.push(`u.role = $${values.length}`);
  }
  const whereSql = `WHERE ${where.join(' AND ')}`;
  const direction = query.sortOrder === 'desc' ? 'DESC' : 'ASC';
  const n = values.length;
  const [page, count] = await Promise.all([
    db.query<AdminUserListRow>(
      `SELECT ${rowColumns(`$${n + 1}`)} ${FROM} ${whereSql}
        ORDER BY ${SORT_COLUMNS[query.sortBy]} ${direction} NULLS LAST, u.id ${direction}
        LIMIT $${n + 2} OFFSET $${n + 3}`,
      [...values, idleCutoff(idleMs), query.limit, (query.page - 1) * query.limit],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM admin_users u ${whereSql}`, values),
  ]);
  return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
}

/** One admin user (soft-deleted ones too), or null. */
export async function selectAdminUser(
  db: Queryable,
  id: string,
  idleMs = ADMIN_SESSION_IDLE_MS,
): Promise<AdminUserListRow | null> {
  const { rows } = await db.query<AdminUserListRow>(`SELECT ${rowColumns('$2')} ${FROM} WHERE u.id = $1`, [
    id,
    idleCutoff(idleMs),
  ]);
  return rows[0] ?? null;
}

/** The statistics cards' figures: accounts by status, signed in within 24 hours, and holders per role. */
export async function selectAdminUserStatistics(db: Queryable) {
  const [totals, byRole] = await Promise.all([
    db.query<{ total: number; active: number; disabled: number; locked: number; signed_in_last_24h: number }>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE u.is_active AND (u.locked_until IS NULL OR u.locked_until <= now()))::int AS active,
              count(*) FILTER (WHERE NOT u.is_active)::int AS disabled,
              count(*) FILTER (WHERE u.is_active AND u.locked_until > now())::int AS locked,
              count(*) FILTER (WHERE u.last_login_at > now() - interval '24 hours')::int AS signed_in_last_24h
         FROM admin_users u WHERE u.deleted_at IS NULL`,
    ),
    db.query<{ role: string; label: string; count: number }>(
      `SELECT r.name AS role, r.label, count(u.id)::int AS count
         FROM admin_roles r LEFT JOIN admin_users u ON u.role = r.name AND u.deleted_at IS NULL
        GROUP BY r.name, r.label, r.is_built_in
        ORDER BY r.is_built_in DESC, r.name`,
    ),
  ]);
  return { totals: totals.rows[0]!, byRole: byRole.rows };
}
