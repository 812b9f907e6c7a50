import type {
  BotGuild,
  ChatUser,
  DiscordLinkedCharacter,
  DiscordMembership,
  DiscordUserPlayerAccount,
  Region,
} from '@guildhall/contract';
import type { LinkedCharacterRow } from '../character-linking/link-queries';
import { memberSyncJobOf } from '../character-linking/member-sync-job';
import { avatarUrlOf, presentLinkedCharacter, presentSyncJob } from '../character-linking/presenters';
import type { BotGuildRow, DiscordUserRow, MembershipRow, PlayerAccountRefRow } from './queries';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A Discord user row as the list and the detail show it. */
export function presentChatUser(row: DiscordUserRow): ChatUser {
  return {
    id: row.id,
    username: row.username,
    globalName: row.global_name,
    displayName: row.display_name,
    // Neither Discord's member list nor its sign-in profile is stored with a discriminator.
    discriminator: null,
    avatar: row.avatar,
    avatarUrl: avatarUrlOf({ discord_user_id: row.id, avatar: row.avatar }),
    lastLogin: iso(row.last_login),
    isActive: row.guilds > 0,
    verified: row.is_signed_in,
    linkedCharacters: row.linked_characters,
    guilds: row.guilds,
    hasPlayerAccount: row.has_player_account,
  };
}

export function presentMembership(row: MembershipRow): DiscordMembership {
  return {
    guildId: row.guild_id,
    guildName: row.guild_name,
    discordGuildId: row.discord_guild_id,
    nickname: row.nickname,
    joinedAt: iso(row.joined_at),
    leftAt: iso(row.left_at),
    lastSyncedAt: iso(row.last_synced_at),
  };
}

/** A linked character with the guild of the membership it is linked through. */
export function presentDiscordCharacter(
  row: LinkedCharacterRow,
  guildNames: ReadonlyMap<string, string>,
): DiscordLinkedCharacter {
  return { ...presentLinkedCharacter(row), guildId: row.guild_id, guildName: guildNames.get(row.guild_id) ?? '' };
}

export function presentPlayerAccountRef(row: PlayerAccountRefRow): DiscordUserPlayerAccount {
  return {
    id: row.id,
    displayName: row.display_name,
    status: row.account_status as DiscordUserPlayerAccount['status'],
    discordLinkedAt: iso(row.discord_linked_at),
    battlenet: row.battlenet_id
      ? {
          id: row.battlenet_id,
          battletag: row.battletag,
          region: row.battlenet_region as 'us' | 'eu' | 'kr' | 'tw' | null,
        }
      : null,
  };
}

/** A bot guild with its latest member sync. */
export function presentBotGuild(row: BotGuildRow): BotGuild {
  const sync = row.sync;
  return {
    guildId: row.id,
    guildName: row.guild_name,
    server: row.server,
    region: row.region as Region,
    isActive: row.is_active,
    discordGuildId: row.discord_guild_id,
    memberCount: row.member_count,
    lastSync: sync ? presentSyncJob(memberSyncJobOf(sync)) : null,
  };
}
