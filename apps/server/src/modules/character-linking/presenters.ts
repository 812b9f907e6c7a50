import type { CharacterLink, DiscoveryCharacter, DiscoveryMemberRef, LinkedCharacter, MemberSyncJob } from '@guildhall/contract';
import type { LinkedCharacterRow, LinkRow } from './link-queries';
import type { MemberSyncJob as MemberSyncJobRecord } from './member-sync-job';
import type { CharacterRow, MemberRow } from './queries';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
/** Stored 0-1; the screen shows a percentage. */
const percent = (confidence: number | null) => (confidence === null ? null : Math.round(confidence * 100));

/** The name a member is shown by: the server nickname, else the global name, else the username. */
export const displayNameOf = (member: Pick<MemberRow, 'username' | 'global_name' | 'nickname'>) =>
  member.nickname ?? member.global_name ?? member.username;

/** Discord's CDN address of the member's avatar, or of the default avatar Discord draws for them. */
export function avatarUrlOf(member: Pick<MemberRow, 'discord_user_id' | 'avatar'>): string | null {
  if (member.avatar) return `https://cdn.discordapp.com/avatars/${member.discord_user_id}/${member.avatar}.png`;
  if (!/^\d+$/.test(member.discord_user_id)) return null;
  return `https://cdn.discordapp.com/embed/avatars/${(BigInt(member.discord_user_id) >> 22n) % 6n}.png`;
}

export function presentCharacter(row: CharacterRow): DiscoveryCharacter {
  return {
    id: row.id,
    characterName: row.name,
    name: row.name,
    class: row.class,
    spec: row.spec,
    role: row.role,
    level: row.level,
    server: row.realm,
    realm: row.realm,
    itemLevel: { overall: row.item_level, equipped: row.item_level_equipped },
    avatarUrl: row.avatar_url,
    portraitUrl: row.avatar_url,
    lastActivityDate: iso(row.last_activity_at),
    activityCount: row.activity_count,
    guildNote: row.guild_note,
    officerNote: row.officer_note,
    sources: row.sources,
  };
}

export function presentMemberRef(row: MemberRow): DiscoveryMemberRef {
  return {
    id: row.id,
    discordUserId: row.discord_user_id,
    username: row.username,
    globalName: row.global_name,
    nickname: row.nickname,
    displayName: displayNameOf(row),
    avatarUrl: avatarUrlOf(row),
  };
}

export function presentLinkedCharacter(row: LinkedCharacterRow): LinkedCharacter {
  return {
    linkId: row.id,
    id: row.character_id,
    name: row.name,
    class: row.class,
    role: row.role,
    spec: row.spec,
    server: row.realm,
    level: row.level,
    isPrimary: row.is_primary,
    priority: row.priority,
    confidence: percent(row.confidence),
    linkType: row.link_type,
    linkedAt: iso(row.linked_at)!,
  };
}

export function presentLink(row: LinkRow): CharacterLink {
  return {
    id: row.id,
    guildId: row.guild_id,
    characterId: row.character_id,
    memberId: row.discord_member_id,
    discordUserId: row.discord_user_id,
    priority: row.priority,
    isPrimary: row.is_primary,
    confidence: percent(row.confidence),
    linkType: row.link_type,
    linkedAt: iso(row.linked_at)!,
  };
}

/** A member sync as the API sends it: a job still queued reads as running. */
export function presentSyncJob(job: MemberSyncJobRecord): MemberSyncJob {
  const isSucceeded = job.status === 'succeeded';
  const isFailed = job.status === 'failed';
  return {
    jobId: job.id,
    guildId: job.tenantId!,
    status: isSucceeded ? 'succeeded' : isFailed ? 'failed' : 'running',
    phase: isSucceeded ? 'done' : isFailed ? 'failed' : (job.progress?.phase ?? 'fetching'),
    fetched: job.progress?.fetched ?? 0,
    processed: isSucceeded ? (job.result?.total ?? 0) : 0,
    result: isSucceeded ? job.result : null,
    error: job.error,
    startedAt: iso(job.createdAt)!,
    finishedAt: iso(job.finishedAt),
  };
}
