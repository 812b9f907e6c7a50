import { characterUnlinked, DISCOVERY_MESSAGES } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Requester } from '../../core/audit';
import { recordAudit } from '../../core/audit';
import { findGuildOr404 } from './find-guild';
import { deleteLink, lockLink, promoteNextPrimary } from './link-queries';
import type { LinkingDeps } from './linking-deps';
import { presentLink } from './presenters';

/**
 * Removes a link of the guild, by hand, audited with the link's own origin beside it. When the member's
 * primary character goes, their oldest remaining link (a main before an alt) becomes primary.
 */
export async function unlinkCharacter(deps: LinkingDeps, request: { guildId: string; linkId: string }, requester: Requester) {
  const link = await deps.db.transaction(async (tx) => {
    await findGuildOr404(tx, request.guildId);
    const row = await lockLink(tx, request.guildId, request.linkId);
    if (!row) throw AppError.notFound(DISCOVERY_MESSAGES.linkNotFound);
    await deleteLink(tx, row.id);
    const promotedLinkId = row.is_primary ? await promoteNextPrimary(tx, row.discord_member_id) : null;
    await recordAudit(tx, {
      actor: requester.actor,
      action: 'character.unlinked',
      target: { type: 'character', id: row.character_id },
      details: {
        origin: 'manual',
        guildId: request.guildId,
        linkId: row.id,
        linkType: row.link_type,
        characterName: row.character_name,
        memberId: row.discord_member_id,
        discordUserId: row.discord_user_id,
        memberName: row.display_name,
        wasPrimary: row.is_primary,
        promotedLinkId,
      },
      ip: requester.ip,
    });
    return row;
  });
  deps.bus.publish({
    type: 'character.unlinked',
    link: {
      guildId: link.guild_id,
      linkId: link.id,
      characterId: link.character_id,
      memberId: link.discord_member_id,
      origin: 'manual',
    },
  });
  return { link: presentLink(link), message: characterUnlinked(link.character_name, link.display_name) };
}
