import { type DiscordUserDetail, discordUserNotFound } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { selectLinkedCharacters } from '../character-linking/link-queries';
import { presentChatUser, presentDiscordCharacter, presentMembership, presentPlayerAccountRef } from './presenters';
import { selectDiscordUser, selectMemberships, selectPlayerAccountRef } from './queries';

/** One Discord user with their guild memberships, linked characters and player account; 404 when nothing knows them. */
export async function readDiscordUser(db: Queryable, discordUserId: string): Promise<DiscordUserDetail> {
  const [user, memberships, playerAccount] = await Promise.all([
    selectDiscordUser(db, discordUserId),
    selectMemberships(db, discordUserId),
    selectPlayerAccountRef(db, discordUserId),
  ]);
  if (!user) throw AppError.notFound(discordUserNotFound(discordUserId));
  const characters = await selectLinkedCharacters(
    db,
    memberships.map((membership) => membership.member_id),
  );
  const guildNames = new Map(memberships.map((membership) => [membership.guild_id, membership.guild_name]));
  return {
    user: presentChatUser(user),
    memberships: memberships.map(presentMembership),
    characters: characters.map((character) => presentDiscordCharacter(character, guildNames)),
    playerAccount: playerAccount ? presentPlayerAccountRef(playerAccount) : null,
  };
}
