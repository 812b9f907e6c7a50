import { characterAlreadyLinked, characterLinked, DISCOVERY_MESSAGES, type LinkPriority } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Requester } from '../../core/audit';
import { findGuildOr404 } from './find-guild';
import { lockCharacter, lockCurrentMember, selectLinkOfCharacter } from './link-queries';
import type { LinkingDeps } from './linking-deps';
import { displayNameOf, presentLink } from './presenters';
import { isUniqueViolation, writeLink } from './write-link';

/** What a drop on a member asks for. */
export interface LinkRequest {
  guildId: string;
  characterId: string;
  discordUserId: string;
  priority: LinkPriority;
}

/**
 * Links a character of the guild to a current member of the same guild, by hand. A character already
 * linked (to anyone) is refused with 409 and who has it; a character or member of another guild is not found.
 */
export async function linkCharacter(deps: LinkingDeps, request: LinkRequest, requester: Requester) {
  const { row, characterName, memberName } = await deps.db
    .transaction(async (tx) => {
      await findGuildOr404(tx, request.guildId);
      const character = await lockCharacter(tx, request.guildId, request.characterId);
      if (!character) throw AppError.notFound(DISCOVERY_MESSAGES.characterNotFound);
      const member = await lockCurrentMember(tx, request.guildId, request.discordUserId);
      if (!member) throw AppError.notFound(DISCOVERY_MESSAGES.memberNotInGuild);
      const existing = await selectLinkOfCharacter(tx, character.id);
      if (existing) throw new AppError('CONFLICT', characterAlreadyLinked(character.name, displayNameOf(existing)));
      const displayName = displayNameOf(member);
      const link = await writeLink(
        tx,
        {
          guildId: request.guildId,
          character,
          member: { id: member.id, discord_user_id: member.discord_user_id, displayName },
          priority: request.priority,
          confidence: null,
          origin: 'manual',
        },
        requester,
      );
      return { row: link, characterName: character.name, memberName: displayName };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', DISCOVERY_MESSAGES.alreadyLinkedSkip);
      throw error;
    });
  deps.bus.publish({
    type: 'character.linked',
    link: {
      guildId: row.guild_id,
      linkId: row.id,
      characterId: row.character_id,
      memberId: row.discord_member_id,
      origin: 'manual',
    },
  });
  return { link: presentLink(row), message: characterLinked(characterName, memberName) };
}
