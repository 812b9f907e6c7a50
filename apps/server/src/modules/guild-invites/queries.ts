import type { InviteStatus } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';

/** An invite link as the list and the presenters read it, with its status worked out by the database clock. */
export interface InviteRow {
  id: string;
  guild_id: string;
  code_hint: string;
  max_uses: number;
  uses: number;
  status: InviteStatus;
  expires_at: Date;
  created_at: Date;
  created_by: string | null;
  revoked_at: Date | null;
}

// Revoked first, then used up (more telling than an expiry that came later), then expired.
const STATUS = `CASE WHEN i.revoked_at IS NOT NULL THEN 'revoked'
                     WHEN i.uses >= i.max_uses THEN 'used_up'
                     WHEN i.expires_at <= now() THEN 'expired'
                     ELSE 'active' END`;
const IS_ACTIVE = 'i.revoked_at IS NULL AND i.uses < i.max_uses AND i.expires_at > now()';
const COLUMNS = `i.id, i.guild_id, i.code_hint, i.max_uses, i.uses, ${STATUS} AS status, i.expires_at, i.created_at,
                 COALESCE(a.username, u.global_name, u.username) AS created_by, i.revoked_at`;
const FROM = `guild_invites i
  LEFT JOIN admin_users a ON a.id = i.created_by_admin_id
  LEFT JOIN users u ON u.id = i.created_by_user_id`;

/** The guild tenant behind an invite or its management, locked when asked (the active-link cap counts under it). */
export interface InviteGuildRow {
  id: string;
  guild_name: string;
  discord_guild_id: string | null;
  is_active: boolean;
}

/** A guild tenant by id, optionally locked for the rest of the transaction. */
export async function findInviteGuild(db: Queryable, tenantId: string, lock = false): Promise<InviteGuildRow | null> {
  const { rows } = await db.query<InviteGuildRow>(
    `SELECT id, guild_name, discord_guild_id, is_active FROM guilds WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [tenantId],
  );
  return rows[0] ?? null;
}

/** How many links of the guild can still be used. */
export async function countActiveInvites(db: Queryable, tenantId: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM guild_invites i WHERE i.guild_id = $1 AND ${IS_ACTIVE}`,
    [tenantId],
  );
  return rows[0]?.count ?? 0;
}

/** A new link's stored form: the hash of its code, never the code. */
export interface NewInvite {
  tenantId: string;
  codeHash: string;
  codeHint: string;
  maxUses: number;
  expiresAt: Date;
  createdByAdminId: string | null;
  createdByUserId: string | null;
}

/** Stores a new link and returns its id. */
export async function insertInvite(db: Queryable, invite: NewInvite): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO guild_invites (guild_id, code_hash, code_hint, max_uses, expires_at, created_by_admin_id, created_by_user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      invite.tenantId,
      invite.codeHash,
      invite.codeHint,
      invite.maxUses,
      invite.expiresAt,
      invite.createdByAdminId,
      invite.createdByUserId,
    ],
  );
  return rows[0]!.id;
}

/** One link of a guild; a link of another guild is not found. */
export async function findInvite(db: Queryable, tenantId: string, inviteId: string): Promise<InviteRow | null> {
  const { rows } = await db.query<InviteRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE i.id = $1 AND i.guild_id = $2`, [
    inviteId,
    tenantId,
  ]);
  return rows[0] ?? null;
}

/** A page of a guild's links, newest first: the usable ones, or all of them. */
export async function listInvites(
  db: Queryable,
  tenantId: string,
  filter: { status: 'active' | 'all'; page: number; limit: number },
): Promise<{ rows: InviteRow[]; total: number }> {
  const where = `i.guild_id = $1${filter.status === 'active' ? ` AND ${IS_ACTIVE}` : ''}`;
  const [page, count] = await Promise.all([
    db.query<InviteRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY i.created_at DESC, i.id DESC LIMIT $2 OFFSET $3`,
      [tenantId, filter.limit, (filter.page - 1) * filter.limit],
    ),
    db.query<{ count: number }>(`SELECT count(*)::int AS count FROM guild_invites i WHERE ${where}`, [tenantId]),
  ]);
  return { rows: page.rows, total: count.rows[0]?.count ?? 0 };
}

/** Revokes a link of the guild unless it already is; true when this call revoked it. */
export async function markInviteRevoked(db: Queryable, tenantId: string, inviteId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE guild_invites SET revoked_at = now() WHERE id = $1 AND guild_id = $2 AND revoked_at IS NULL',
    [inviteId, tenantId],
  );
  return rowCount > 0;
}

/** An invite code's link with its guild, as the join page needs it. */
export interface InviteByCodeRow {
  id: string;
  status: InviteStatus;
  max_uses: number;
  uses: number;
  expires_at: Date;
  tenant_id: string;
  guild_name: string;
  discord_guild_id: string | null;
  is_active: boolean;
  /** Discord's icon hash, as a member's guild list last saw it. */
  icon: string | null;
}

/** The link of a code (by its hash) and its guild. */
export async function findInviteByCodeHash(db: Queryable, codeHash: string): Promise<InviteByCodeRow | null> {
  const { rows } = await db.query<InviteByCodeRow>(
    `SELECT i.id, ${STATUS} AS status, i.max_uses, i.uses, i.expires_at, g.id AS tenant_id, g.guild_name,
            g.discord_guild_id, g.is_active,
            (SELECT d.icon FROM user_discord_guilds d
              WHERE d.discord_guild_id = g.discord_guild_id AND d.icon IS NOT NULL
              ORDER BY d.refreshed_at DESC LIMIT 1) AS icon
       FROM guild_invites i JOIN guilds g ON g.id = i.guild_id
      WHERE i.code_hash = $1`,
    [codeHash],
  );
  return rows[0] ?? null;
}

/**
 * Takes one use of a usable link. The checks sit in the UPDATE itself, so of two people racing for the last
 * use one gets the row and the other finds `uses < max_uses` false once the first commits.
 */
export async function takeInviteUse(db: Queryable, inviteId: string): Promise<{ uses: number } | null> {
  const { rows } = await db.query<{ uses: number }>(
    `UPDATE guild_invites SET uses = uses + 1
      WHERE id = $1 AND revoked_at IS NULL AND expires_at > now() AND uses < max_uses
      RETURNING uses`,
    [inviteId],
  );
  return rows[0] ?? null;
}

/** The status of a link now (after a lost race for its last use, say). */
export async function inviteStatusNow(db: Queryable, inviteId: string): Promise<InviteStatus | null> {
  const { rows } = await db.query<{ status: InviteStatus }>(`SELECT ${STATUS} AS status FROM guild_invites i WHERE i.id = $1`, [
    inviteId,
  ]);
  return rows[0]?.status ?? null;
}

/** Whether the user already has the guild: as a member of its Discord server, or through grants. */
export async function hasGuild(
  db: Queryable,
  userId: string,
  guild: { tenantId: string; discordGuildId: string },
): Promise<boolean> {
  const { rows } = await db.query<{ is_member: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM user_discord_guilds WHERE user_id = $1 AND discord_guild_id = $2)
         OR EXISTS (SELECT 1 FROM guild_permission_grants WHERE user_id = $1 AND guild_id = $3) AS is_member`,
    [userId, guild.discordGuildId, guild.tenantId],
  );
  return rows[0]?.is_member ?? false;
}

/** Locks the user's row for the transaction, so one person's two accepts cannot both take a use; then hasGuild. */
export async function lockUserAndCheckMembership(
  db: Queryable,
  userId: string,
  guild: { tenantId: string; discordGuildId: string },
): Promise<boolean> {
  await db.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
  return hasGuild(db, userId, guild);
}
