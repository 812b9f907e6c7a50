import type { MemberSyncResult, SYNC_PHASES, SYNC_STATUSES } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';

/** A member sync job as stored. */
export interface SyncJobRow {
  id: string;
  guild_id: string;
  status: (typeof SYNC_STATUSES)[number];
  phase: (typeof SYNC_PHASES)[number];
  fetched: number;
  processed: number;
  added: number | null;
  updated: number | null;
  left_count: number | null;
  total: number | null;
  error: string | null;
  started_at: Date;
  finished_at: Date | null;
}

/** A running job that has not moved for this long belongs to a process that died. */
const STALE_AFTER = '10 minutes';
const STALE_ERROR = 'The server stopped before this sync finished; nothing was changed';

/** Fails the guild's running sync when it has stopped moving, so a crashed process does not block syncs forever. */
export async function failStaleSync(db: Queryable, guildId: string): Promise<void> {
  await db.query(
    `UPDATE member_sync_jobs SET status = 'failed', phase = 'failed', error = $2, finished_at = now()
      WHERE guild_id = $1 AND status = 'running' AND updated_at < now() - $3::interval`,
    [guildId, STALE_ERROR, STALE_AFTER],
  );
}

/** Starts a job; null when the guild already has one running (the partial unique index refuses it). */
export async function insertSyncJob(db: Queryable, guildId: string, startedBy: string | null): Promise<SyncJobRow | null> {
  const { rows } = await db.query<SyncJobRow>(
    `INSERT INTO member_sync_jobs (guild_id, started_by) VALUES ($1, $2)
     ON CONFLICT (guild_id) WHERE status = 'running' DO NOTHING RETURNING *`,
    [guildId, startedBy],
  );
  return rows[0] ?? null;
}

export async function selectSyncJob(db: Queryable, jobId: string): Promise<SyncJobRow | null> {
  const { rows } = await db.query<SyncJobRow>('SELECT * FROM member_sync_jobs WHERE id = $1', [jobId]);
  return rows[0] ?? null;
}

export async function selectLatestSyncJob(db: Queryable, guildId: string): Promise<SyncJobRow | null> {
  const { rows } = await db.query<SyncJobRow>(
    'SELECT * FROM member_sync_jobs WHERE guild_id = $1 ORDER BY started_at DESC, id DESC LIMIT 1',
    [guildId],
  );
  return rows[0] ?? null;
}

/** Records how far the fetch got; also keeps the job from looking stale. */
export async function updateSyncProgress(db: Queryable, jobId: string, progress: { phase: string; fetched: number }) {
  await db.query('UPDATE member_sync_jobs SET phase = $2, fetched = $3, updated_at = now() WHERE id = $1', [
    jobId,
    progress.phase,
    progress.fetched,
  ]);
}

export async function finishSyncJob(db: Queryable, jobId: string, result: MemberSyncResult & { processed: number }) {
  await db.query(
    `UPDATE member_sync_jobs SET status = 'succeeded', phase = 'done', processed = $2, added = $3, updated = $4,
            left_count = $5, total = $6, updated_at = now(), finished_at = now() WHERE id = $1`,
    [jobId, result.processed, result.added, result.updated, result.left, result.total],
  );
}

export async function failSyncJob(db: Queryable, jobId: string, error: string) {
  await db.query(
    `UPDATE member_sync_jobs SET status = 'failed', phase = 'failed', error = $2, updated_at = now(), finished_at = now()
      WHERE id = $1`,
    [jobId, error],
  );
}

/** A member as the guild's stored list has it, to tell added, changed and returning members apart. */
export interface StoredMember {
  discord_user_id: string;
  username: string;
  global_name: string | null;
  nickname: string | null;
  avatar: string | null;
  roles: string[];
  left_at: Date | null;
}

/** The guild's stored members, locked for the save so two saves cannot interleave. */
export async function lockStoredMembers(tx: Queryable, guildId: string): Promise<StoredMember[]> {
  await tx.query('SELECT id FROM guilds WHERE id = $1 FOR UPDATE', [guildId]);
  const { rows } = await tx.query<StoredMember>(
    'SELECT discord_user_id, username, global_name, nickname, avatar, roles, left_at FROM discord_members WHERE guild_id = $1',
    [guildId],
  );
  return rows;
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

/** Inserts new members and refreshes known ones (a returning member is current again), in one statement. */
export async function upsertMembers(tx: Queryable, guildId: string, members: readonly FetchedMember[], syncedAt: Date) {
  if (members.length === 0) return;
  await tx.query(
    `INSERT INTO discord_members (guild_id, discord_user_id, username, global_name, nickname, avatar, roles, joined_at,
                                  left_at, last_synced_at)
     SELECT $1, t.discord_user_id, t.username, t.global_name, t.nickname, t.avatar, coalesce(t.roles, '{}'), t.joined_at,
            NULL, $3
       FROM jsonb_to_recordset($2::jsonb) AS t(discord_user_id text, username text, global_name text, nickname text,
                                               avatar text, roles text[], joined_at timestamptz)
     ON CONFLICT (guild_id, discord_user_id) DO UPDATE
       SET username = EXCLUDED.username, global_name = EXCLUDED.global_name, nickname = EXCLUDED.nickname,
           avatar = EXCLUDED.avatar, roles = EXCLUDED.roles, joined_at = coalesce(EXCLUDED.joined_at, discord_members.joined_at),
           left_at = NULL, last_synced_at = EXCLUDED.last_synced_at`,
    [guildId, JSON.stringify(members), syncedAt],
  );
}

/** Marks current members Discord no longer lists as left. */
export async function markMembersLeft(tx: Queryable, guildId: string, discordUserIds: readonly string[], at: Date) {
  if (discordUserIds.length === 0) return;
  await tx.query(
    `UPDATE discord_members SET left_at = $3
      WHERE guild_id = $1 AND left_at IS NULL AND discord_user_id = ANY($2::text[])`,
    [guildId, discordUserIds, at],
  );
}
