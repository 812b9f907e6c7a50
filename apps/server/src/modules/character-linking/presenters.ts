import type { CharacterLink, DiscoveryCharacter, DiscoveryMemberRef, LinkedCharacter, MemberSyncJob } from '@guildhall/contract';
import type { LinkedCharacterRow, LinkRow } from './link-queries';
import type { CharacterRow, MemberRow } from './queries';
import type { SyncJobRow } from './sync-queries';

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

export function presentSyncJob(row: SyncJobRow): MemberSyncJob {
  return {
    jobId: row.id,
    guildId: row.guild_id,
    status: row.status,
    phase: row.phase,
    fetched: row.fetched,
    processed: row.processed,
    result:
      row.status === 'succeeded'
        ? { added: row.added ?? 0, updated: row.updated ?? 0, left: row.left_count ?? 0, total: row.total ?? 0 }
        : null,
    error: row.error,
    startedAt: iso(row.started_at)!,
    finishedAt: iso(row.finished_at),
  };
}
