import type { guildGrantListQuery } from '@guildhall/contract';
import type { z } from 'zod';
import type { Queryable } from '../../services/db/db';
import { escapeLike } from '../../services/db/like';

/** The grants list's query after the contract's defaults. */
export type GrantPageQuery = z.output<typeof guildGrantListQuery>;

/** A grant with its guild and user, and who granted it as people name them. */
export interface GrantRow {
  id: string;
  guild_id: string;
  guild_name: string;
  user_id: string;
  username: string;
  email: string | null;
  discord_id: string | null;
  permission: string;
  granted_by: string | null;
  granted_at: Date;
}

/** A tenant as the grant and role screens need it. */
export interface TenantRow {
  id: string;
  guild_name: string;
  discord_guild_id: string | null;
}

/** A community user as the grant form's picker shows them. */
export interface CommunityUserRow {
  id: string;
  username: string;
  email: string | null;
  discord_id: string | null;
}

/**
 * granted_by holds "admin:<id>", "user:<id>", "invite:<id>", "cli" or "system": admins and users by their username
 * (looked up for the rows of one page only), invites as "invite".
 */
const GRANTED_BY = `CASE
    WHEN p.granted_by ~ '^admin:[0-9a-f-]{36}$'
      THEN coalesce((SELECT a.username FROM admin_users a WHERE a.id = substr(p.granted_by, 7)::uuid), 'admin')
    WHEN p.granted_by ~ '^user:[0-9a-f-]{36}$'
      THEN coalesce((SELECT x.username FROM users x WHERE x.id = substr(p.granted_by, 6)::uuid), 'user')
    WHEN p.granted_by LIKE 'invite:%' THEN 'invite'
    ELSE p.granted_by END`;

const GRANT_COLUMNS = `p.id::text AS id, p.guild_id, g.guild_name, p.user_id, u.username, u.email, u.discord_id, p.permission,
  ${GRANTED_BY} AS granted_by, p.granted_at`;

const GRANT_FROM = 'guild_permission_grants p JOIN guilds g ON g.id = p.guild_id JOIN users u ON u.id = p.user_id';

/** One page of grants, newest first, and how many match: filtered by guild and by a part of the user's names. */
export async function selectGrantPage(db: Queryable, query: GrantPageQuery) {
  const values: unknown[] = [];
  const where: string[] = [];
  if (query.guildId) {
    values.push(query.guildId);
    where.push(`p.guild_id = $${values.length}`);
  }
  if (query.search) {
    values.push(`%${escapeLike(query.search.toLowerCase())}%`);
    const q = `$${values.length}`;
    where.push(`(lower(u.username) LIKE ${q} OR lower(u.email) LIKE ${q} OR u.discord_id LIKE ${q})`);
  }
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const countValues = [...values];
  values.push(query.limit, (query.page - 1) * query.limit);
  const [rows, total] = await Promise.all([
    db.query<GrantRow>(
      `SELECT ${GRANT_COLUMNS} FROM ${GRANT_FROM} ${filter}
        ORDER BY p.granted_at DESC, p.id DESC LIMIT $${values.length - 1} OFFSET $${values.length}`,
      values,
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${GRANT_FROM} ${filter}`, countValues),
  ]);
  return { rows: rows.rows, total: total.rows[0]?.total ?? 0 };
}

/** Every grant a user holds in one tenant, newest first. */
export async function selectUserGrants(db: Queryable, tenantId: string, userId: string): Promise<GrantRow[]> {
  const { rows } = await db.query<GrantRow>(
    `SELECT ${GRANT_COLUMNS} FROM ${GRANT_FROM} WHERE p.guild_id = $1 AND p.user_id = $2
      ORDER BY p.granted_at DESC, p.id DESC`,
    [tenantId, userId],
  );
  return rows;
}

/** The permissions a user holds by grant in one tenant. */
export async function selectGrantedPermissions(db: Queryable, tenantId: string, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ permission: string }>(
    'SELECT permission FROM guild_permission_grants WHERE guild_id = $1 AND user_id = $2',
    [tenantId, userId],
  );
  return rows.map((row) => row.permission);
}

/** Removes one grant by id; the removed row (with its guild and user), or null when there was none. */
export async function deleteGrant(db: Queryable, id: string): Promise<GrantRow | null> {
  const { rows } = await db.query<GrantRow>(
    `WITH removed AS (DELETE FROM guild_permission_grants WHERE id = $1 RETURNING *)
     SELECT ${GRANT_COLUMNS} FROM removed p JOIN guilds g ON g.id = p.guild_id JOIN users u ON u.id = p.user_id`,
    [id],
  );
  return rows[0] ?? null;
}

/** The tenant with this id, if any. */
export async function selectTenant(db: Queryable, tenantId: string): Promise<TenantRow | null> {
  const { rows } = await db.query<TenantRow>('SELECT id, guild_name, discord_guild_id FROM guilds WHERE id = $1', [tenantId]);
  return rows[0] ?? null;
}

/** The community user with this id, if any. */
export async function selectCommunityUser(db: Queryable, userId: string): Promise<CommunityUserRow | null> {
  const { rows } = await db.query<CommunityUserRow>('SELECT id, username, email, discord_id FROM users WHERE id = $1', [userId]);
  return rows[0] ?? null;
}

/**
 * Community users whose username, e-mail or Discord id contains the text: exact and prefix matches first. Names
 * and e-mails are searched on 0013's trigram indexes; a Discord id is digits only, so it is searched only for a
 * text of digits (where the trigram indexes would help little anyway).
 */
export async function searchCommunityUsers(db: Queryable, search: string, limit: number): Promise<CommunityUserRow[]> {
  const text = search.toLowerCase();
  const byDiscordId = /^\d+$/.test(text) ? ' OR discord_id LIKE $1' : '';
  const { rows } = await db.query<CommunityUserRow>(
    `SELECT id, username, email, discord_id FROM users
      WHERE lower(username) LIKE $1 OR lower(email) LIKE $1${byDiscordId}
      ORDER BY (lower(username) = $2 OR lower(email) = $2 OR discord_id = $2) DESC,
               (lower(username) LIKE $3 OR lower(email) LIKE $3) DESC, lower(username), id
      LIMIT $4`,
    [`%${escapeLike(text)}%`, text, `${escapeLike(text)}%`, limit],
  );
  return rows;
}

/** A set of permissions for one user in one guild tenant, and who or what gave them. */
export interface GuildGrant {
  tenantId: string;
  userId: string;
  permissions: readonly string[];
  /** "admin:<id>", "user:<id>", "invite:<id>" or "cli". */
  grantedBy: string;
}

/** Stores the grants; permissions the user already holds there stay as they were. */
export async function insertGuildGrants(db: Queryable, grant: GuildGrant): Promise<void> {
  await db.query(
    `INSERT INTO guild_permission_grants (guild_id, user_id, permission, granted_by)
     SELECT $1, $2, unnest($3::text[]), $4 ON CONFLICT DO NOTHING`,
    [grant.tenantId, grant.userId, grant.permissions, grant.grantedBy],
  );
}

/** The community user with this e-mail (lower-cased), if any. */
export async function selectUserIdByEmail(db: Queryable, email: string): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = $1', [email]);
  return rows[0]?.id;
}

/** Up to two guild tenants named by a uuid or an exact name: two mean the name is not enough. */
export async function selectTenantsByIdOrName(
  db: Queryable,
  guild: string,
): Promise<{ id: string; guild_name: string; discord_guild_id: string | null }[]> {
  const isUuid = /^[0-9a-f-]{36}$/i.test(guild);
  const { rows } = await db.query<{ id: string; guild_name: string; discord_guild_id: string | null }>(
    `SELECT id, guild_name, discord_guild_id FROM guilds WHERE ${isUuid ? 'id = $1::uuid' : 'guild_name = $1'} LIMIT 2`,
    [guild],
  );
  return rows;
}
