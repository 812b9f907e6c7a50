import type { MemberSyncResult } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import type { JobRow } from '../../services/job-queue';

/** The guild's latest member sync job, as stored. */
export async function selectLatestSyncJob(db: Queryable, guildId: string, kind: string): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>(
    'SELECT * FROM jobs WHERE guild_id = $1 AND kind = $2 ORDER BY created_at DESC, id DESC LIMIT 1',
    [guildId, kind],
  );
  return rows[0] ?? null;
}

/** A member as Discord listed it, ready to store. */
export interface FetchedMember {
  discord_user_id: string;
  username: string;
  global_name: string | null;
  nickname: string | null;
  avatar: string | null;
  roles: string[];
  joined_at: string | null;
}

/** Keeps one fetched page with the sync until the save (a page fetched again after a restart replaces itself). */
export async function stageMembers(tx: Queryable, jobId: string, members: readonly FetchedMember[]) {
  if (members.length === 0) return;
  await tx.query(
    `INSERT INTO member_sync_members (job_id, discord_user_id, username, global_name, nickname, avatar, roles, joined_at)
     SELECT $1, t.discord_user_id, t.username, t.global_name, t.nickname, t.avatar, coalesce(t.roles, '{}'), t.joined_at
       FROM jsonb_to_recordset($2::jsonb) AS t(discord_user_id text, username text, global_name text, nickname text,
                                               avatar text, roles text[], joined_at timestamptz)
     ON CONFLICT (job_id, discord_user_id) DO UPDATE
       SET username = EXCLUDED.username, global_name = EXCLUDED.global_name, nickname = EXCLUDED.nickname,
           avatar = EXCLUDED.avatar, roles = EXCLUDED.roles, joined_at = EXCLUDED.joined_at`,
    [jobId, JSON.stringify(members)],
  );
}

export async function countStagedMembers(tx: Queryable, jobId: string): Promise<number> {
  const { rows } = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM member_sync_members WHERE job_id = $1', [
    jobId,
  ]);
  return rows[0]!.count;
}

/** Drops the pages a sync fetched (saved, or failed). */
export async function discardStagedMembers(tx: Queryable, jobId: string) {
  await tx.query('DELETE FROM member_sync_members WHERE job_id = $1', [jobId]);
}

/**
 * Stores what Discord listed, with the guild locked so two saves cannot interleave: new members added, known ones
 * refreshed (a member who came back is current again), current members Discord no longer lists marked as left.
 * Counts what changed first; the staged pages are dropped after.
 */
export async function saveStagedMembers(
  tx: Queryable,
  guildId: string,
  jobId: string,
  syncedAt: Date,
): Promise<MemberSyncResult> {
  await tx.query('SELECT id FROM guilds WHERE id = $1 FOR UPDATE', [guildId]);
  const { rows } = await tx.query<{ added: number; updated: number; total: number }>(
    `SELECT (count(*) FILTER (WHERE d.id IS NULL))::int AS added,
            (count(*) FILTER (WHERE d.id IS NOT NULL AND (d.left_at IS NOT NULL OR d.username IS DISTINCT FROM s.username
               OR d.global_name IS DISTINCT FROM s.global_name OR d.nickname IS DISTINCT FROM s.nickname
               OR d.avatar IS DISTINCT FROM s.avatar OR d.roles IS DISTINCT FROM s.roles)))::int AS updated,
            count(*)::int AS total
       FROM member_sync_members s
       LEFT JOIN discord_members d ON d.guild_id = $1 AND d.discord_user_id = s.discord_user_id
      WHERE s.job_id = $2`,
    [guildId, jobId],
  );
  const left = await tx.query(
    `UPDATE discord_members d SET left_at = $3
      WHERE d.guild_id = $1 AND d.left_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM member_sync_members s WHERE s.job_id = $2 AND s.discord_user_id = d.discord_user_id)`,
    [guildId, jobId, syncedAt],
  );
  await tx.query(
    `INSERT INTO discord_members (guild_id, discord_user_id, username, global_name, nickname, avatar, roles, joined_at,
                                  left_at, last_synced_at)
     SELECT $1, s.discord_user_id, s.username, s.global_name, s.nickname, s.avatar, s.roles, s.joined_at, NULL, $3
       FROM member_sync_members s WHERE s.job_id = $2
     ON CONFLICT (guild_id, discord_user_id) DO UPDATE
       SET username = EXCLUDED.username, global_name = EXCLUDED.global_name, nickname = EXCLUDED.nickname,
           avatar = EXCLUDED.avatar, roles = EXCLUDED.roles, joined_at = coalesce(EXCLUDED.joined_at, discord_members.joined_at),
           left_at = NULL, last_synced_at = EXCLUDED.last_synced_at`,
    [guildId, jobId, syncedAt],
  );
  await discardStagedMembers(tx, jobId);
  const counts = rows[0]!;
  return { added: counts.added, updated: counts.updated, left: left.rowCount, total: counts.total };
}
