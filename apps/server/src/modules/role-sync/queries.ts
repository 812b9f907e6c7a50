import { ROLE_SYNC_MARKS, type RoleSyncMark } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import type { JobRow } from '../../services/job-queue';

// Role sync's SQL: its settings row per guild, the members it brings in step, and what they hold. Every read and write
// is scoped by the guild.

/** The settings row as stored (no row: role sync was never set up). */
export interface RoleSyncRow {
  is_enabled: boolean;
  raider_role_id: string | null;
  trial_role_id: string | null;
  bench_role_id: string | null;
  inactive_role_id: string | null;
  updated_at: Date | null;
  updated_by: string | null;
}

/** The role of each mark as a map (unmapped marks absent). */
export function mappedRolesOf(row: RoleSyncRow | null): Map<RoleSyncMark, string> {
  const mapped = new Map<RoleSyncMark, string>();
  for (const mark of ROLE_SYNC_MARKS) {
    const roleId = row?.[`${mark}_role_id`];
    if (roleId) mapped.set(mark, roleId);
  }
  return mapped;
}

export async function selectRoleSync(db: Queryable, guildId: string): Promise<RoleSyncRow | null> {
  const { rows } = await db.query<RoleSyncRow>(
    `SELECT s.is_enabled, s.raider_role_id, s.trial_role_id, s.bench_role_id, s.inactive_role_id, s.updated_at,
            u.username AS updated_by
       FROM discord_role_sync s LEFT JOIN users u ON u.id = s.updated_by_user_id
      WHERE s.guild_id = $1`,
    [guildId],
  );
  return rows[0] ?? null;
}

/** Saves a guild's settings; the row as it was before (null when new), for the audit. */
export async function upsertRoleSync(
  db: Queryable,
  guildId: string,
  settings: { isEnabled: boolean; roles: Map<RoleSyncMark, string> },
  userId: string,
): Promise<RoleSyncRow | null> {
  const before = await db.query<RoleSyncRow>('SELECT * FROM discord_role_sync WHERE guild_id = $1 FOR UPDATE', [guildId]);
  await db.query(
    `INSERT INTO discord_role_sync AS s
       (guild_id, is_enabled, raider_role_id, trial_role_id, bench_role_id, inactive_role_id, updated_by_user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (guild_id) DO UPDATE SET is_enabled = excluded.is_enabled, raider_role_id = excluded.raider_role_id,
       trial_role_id = excluded.trial_role_id, bench_role_id = excluded.bench_role_id,
       inactive_role_id = excluded.inactive_role_id, updated_by_user_id = excluded.updated_by_user_id, updated_at = now()`,
    [guildId, settings.isEnabled, ...ROLE_SYNC_MARKS.map((mark) => settings.roles.get(mark) ?? null), userId],
  );
  return before.rows[0] ?? null;
}

/** Guilds with role sync on and at least one role mapped, with their Discord server. */
export async function selectEnabledGuilds(db: Queryable): Promise<{ guild_id: string }[]> {
  const { rows } = await db.query<{ guild_id: string }>(
    `SELECT s.guild_id FROM discord_role_sync s JOIN guilds g ON g.id = s.guild_id
      WHERE s.is_enabled AND g.is_active AND g.discord_guild_id IS NOT NULL
        AND num_nonnulls(s.raider_role_id, s.trial_role_id, s.bench_role_id, s.inactive_role_id) > 0`,
  );
  return rows;
}

/** A member of the guild's Discord server as role sync sees them. */
export interface RoleSyncMemberRow {
  id: string;
  discord_user_id: string;
  name: string;
  roles: string[];
  is_trial: boolean;
  is_inactive: boolean;
  /** A current character (not left, not retired) is linked to them in the guild. */
  is_on_roster: boolean;
}

/**
 * The members role sync may change: those on the roster, and those off it who still hold a mapped role (everyone else
 * has nothing to gain or lose). Members who left the server are not asked about.
 */
export async function selectRoleSyncMembers(
  db: Queryable,
  guildId: string,
  mappedRoleIds: readonly string[],
): Promise<RoleSyncMemberRow[]> {
  const { rows } = await db.query<RoleSyncMemberRow>(
    `SELECT * FROM (
       SELECT m.id, m.discord_user_id, COALESCE(m.nickname, m.global_name, m.username) AS name, m.roles,
              COALESCE(k.is_trial, false) AS is_trial, COALESCE(k.is_inactive, false) AS is_inactive,
              EXISTS (SELECT 1 FROM character_links l JOIN characters c ON c.id = l.character_id
                       WHERE l.discord_member_id = m.id AND l.guild_id = m.guild_id
                         AND c.left_guild_at IS NULL AND c.retired_at IS NULL) AS is_on_roster
         FROM discord_members m LEFT JOIN roster_marks k ON k.discord_member_id = m.id
        WHERE m.guild_id = $1 AND m.left_at IS NULL) member
      WHERE is_on_roster OR roles && $2::text[]
      ORDER BY lower(name), id`,
    [guildId, mappedRoleIds],
  );
  return rows;
}

/** Records a role given or taken on the member's stored roles, so the next run starts from what Discord holds. */
export async function writeMemberRole(db: Queryable, memberId: string, roleId: string, isHeld: boolean): Promise<void> {
  await db.query(
    isHeld
      ? 'UPDATE discord_members SET roles = array_append(array_remove(roles, $2), $2) WHERE id = $1'
      : 'UPDATE discord_members SET roles = array_remove(roles, $2) WHERE id = $1',
    [memberId, roleId],
  );
}

/** The Guildhall permissions each Discord role grants in the guild (Permissions screen's role mappings). */
export async function selectRolePermissions(db: Queryable, guildId: string): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ discord_role_id: string; permissions: string[] }>(
    `SELECT discord_role_id, array_agg(permission) AS permissions FROM guild_role_permissions
      WHERE guild_id = $1 GROUP BY discord_role_id`,
    [guildId],
  );
  return new Map(rows.map((row) => [row.discord_role_id, row.permissions]));
}

/** The guild's newest role sync job (the last run, or the one under way). */
export async function selectLastRun(db: Queryable, guildId: string, kind: string): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>(
    'SELECT * FROM jobs WHERE guild_id = $1 AND kind = $2 ORDER BY created_at DESC, id DESC LIMIT 1',
    [guildId, kind],
  );
  return rows[0] ?? null;
}

/** The Discord server of a guild tenant (null: none, or the tenant is gone). */
export async function selectDiscordGuildId(db: Queryable, guildId: string): Promise<string | null> {
  const { rows } = await db.query<{ discord_guild_id: string | null }>('SELECT discord_guild_id FROM guilds WHERE id = $1', [
    guildId,
  ]);
  return rows[0]?.discord_guild_id ?? null;
}

/** Discord says the member is not in the server (Unknown Member): they left, as the next member sync would record. */
export async function markMemberLeft(db: Queryable, memberId: string): Promise<void> {
  await db.query('UPDATE discord_members SET left_at = now() WHERE id = $1 AND left_at IS NULL', [memberId]);
}
