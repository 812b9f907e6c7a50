import type { CharacterProfile, RosterMember } from '../../services/battlenet/profile-api';
import type { Queryable } from '../../services/db/db';

/** A roster member as staged, with its profile once fetched. */
export interface StagedMember {
  battlenet_id: string;
  name: string;
  realm_slug: string;
  guild_rank: number;
  level: number | null;
  class_id: number | null;
  race_id: number | null;
  profile: (CharacterProfile & { missing?: boolean }) | null;
}

/** Keeps the roster with the sync until the save (a roster fetched again after a restart replaces itself). */
export async function stageRoster(tx: Queryable, jobId: string, members: readonly RosterMember[]): Promise<void> {
  await tx.query('DELETE FROM roster_sync_members WHERE job_id = $1', [jobId]);
  if (members.length === 0) return;
  await tx.query(
    `INSERT INTO roster_sync_members (job_id, battlenet_id, name, realm_slug, guild_rank, level, class_id, race_id)
     SELECT $1, t."battlenetId", t.name, t."realmSlug", t.rank, t.level, t."classId", t."raceId"
       FROM jsonb_to_recordset($2::jsonb) AS t("battlenetId" bigint, name text, "realmSlug" text, rank int, level int,
                                               "classId" int, "raceId" int)
     ON CONFLICT (job_id, battlenet_id) DO NOTHING`,
    [jobId, JSON.stringify(members)],
  );
}

/** Members whose profile the sync has not fetched yet, in roster order. */
export async function selectPendingMembers(tx: Queryable, jobId: string, limit: number): Promise<StagedMember[]> {
  const { rows } = await tx.query<StagedMember>(
    `SELECT battlenet_id::text AS battlenet_id, name, realm_slug, guild_rank, level, class_id, race_id, profile
       FROM roster_sync_members WHERE job_id = $1 AND profile IS NULL ORDER BY battlenet_id LIMIT $2`,
    [jobId, limit],
  );
  return rows;
}

/** Saves fetched profiles (a member Blizzard has no profile for is saved as missing: not fetched again). */
export async function saveProfiles(
  tx: Queryable,
  jobId: string,
  profiles: readonly { battlenetId: string; profile: CharacterProfile | null }[],
): Promise<void> {
  await tx.query(
    `UPDATE roster_sync_members m SET profile = t.profile
       FROM jsonb_to_recordset($2::jsonb) AS t("battlenetId" bigint, profile jsonb)
      WHERE m.job_id = $1 AND m.battlenet_id = t."battlenetId"`,
    [
      jobId,
      JSON.stringify(profiles.map((entry) => ({ battlenetId: entry.battlenetId, profile: entry.profile ?? { missing: true } }))),
    ],
  );
}

/** Every staged member of the sync. */
export async function selectStagedMembers(tx: Queryable, jobId: string): Promise<StagedMember[]> {
  const { rows } = await tx.query<StagedMember>(
    `SELECT battlenet_id::text AS battlenet_id, name, realm_slug, guild_rank, level, class_id, race_id, profile
       FROM roster_sync_members WHERE job_id = $1 ORDER BY battlenet_id`,
    [jobId],
  );
  return rows;
}

/** Drops what a sync staged (saved, or failed). */
export async function discardRoster(tx: Queryable, jobId: string): Promise<void> {
  await tx.query('DELETE FROM roster_sync_members WHERE job_id = $1', [jobId]);
}

/** Why a job failed, as the runner wrote it in the transaction that fails it. */
export async function selectJobEnd(
  tx: Queryable,
  jobId: string,
): Promise<{ error: string | null; started_at: Date | null } | null> {
  const { rows } = await tx.query<{ error: string | null; started_at: Date | null }>(
    'SELECT error, started_at FROM jobs WHERE id = $1',
    [jobId],
  );
  return rows[0] ?? null;
}
