import { type DataSourceRun, runOutcome, type SourcedCharacter, type WowClass } from '@guildhall/contract';
import type { RunRow, SourcedCharacterRow } from './queries';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A character with its sources, as the contract names it (spec 2 §3). */
export function presentCharacter(row: SourcedCharacterRow): SourcedCharacter {
  return {
    id: row.id,
    name: row.name,
    realm: row.realm,
    class: row.class as WowClass,
    spec: row.spec,
    role: row.role as SourcedCharacter['role'],
    level: row.level,
    itemLevel: row.item_level,
    itemLevelEquipped: row.item_level_equipped,
    mythicPlusScore: row.mythic_plus_score,
    race: row.race,
    guildRank: row.guild_rank,
    teamRank: row.team_rank,
    battlenetId: row.battlenet_id,
    armoryAvatarUrl: row.avatar_url,
    armoryRenderUrl: row.render_url,
    lastActivityDate: iso(row.last_activity_at),
    leftGuildAt: iso(row.left_guild_at),
    retiredAt: iso(row.retired_at),
    sources: row.sources.map((source) => ({
      sourceType: source.source_type,
      occurrenceCount: source.occurrence_count,
      lastSeenAt: iso(source.last_seen_at)!,
    })),
  };
}

/** A run with its outcome in words. */
export function presentRun(row: RunRow): DataSourceRun {
  return {
    id: row.id,
    sourceType: row.source_type,
    status: row.status,
    counts: row.counts,
    outcome: runOutcome(row.counts),
    subject: row.subject,
    error: row.error,
    jobId: row.job_id,
    actorName: row.actor.name ?? null,
    startedAt: iso(row.started_at)!,
    finishedAt: iso(row.finished_at)!,
  };
}
