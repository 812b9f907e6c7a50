import type { LinkPriority, LinkType } from '@guildhall/contract';
import type { Requester } from '../../core/audit';
import { recordAudit } from '../../core/audit';
import type { Queryable } from '../../services/db/db';
import { countMemberLinks, insertLink, type LinkRow } from './link-queries';

/** One link to write: which character to which member, and how it was made. */
export interface LinkToWrite {
  guildId: string;
  character: { id: string; name: string };
  member: { id: string; discord_user_id: string; displayName: string };
  /** Omitted: main for the member's first character, alt after that. */
  priority?: LinkPriority;
  /** 0-1 for an automatic link. */
  confidence: number | null;
  origin: LinkType;
}

/**
 * Writes one link inside the caller's transaction and audits it with its origin. The member's first
 * linked character becomes primary; the caller has locked the character and the member rows.
 */
export async function writeLink(tx: Queryable, link: LinkToWrite, requester: Requester): Promise<LinkRow> {
  const isFirst = (await countMemberLinks(tx, link.member.id)) === 0;
  const row = await insertLink(tx, {
    guildId: link.guildId,
    characterId: link.character.id,
    memberId: link.member.id,
    priority: link.priority ?? (isFirst ? 'main' : 'alt'),
    isPrimary: isFirst,
    confidence: link.confidence,
    linkType: link.origin,
    linkedBy: requester.actor.type === 'admin' ? requester.actor.name : null,
  });
  await recordAudit(tx, {
    actor: requester.actor,
    action: 'character.linked',
    target: { type: 'character', id: link.character.id },
    details: {
      origin: link.origin,
      guildId: link.guildId,
      linkId: row.id,
      characterName: link.character.name,
      memberId: link.member.id,
      discordUserId: link.member.discord_user_id,
      memberName: link.member.displayName,
      priority: row.priority,
      isPrimary: row.is_primary,
      confidence: link.confidence,
    },
    ip: requester.ip,
  });
  return row;
}

/** A unique index refused the row: someone linked the same character at the same moment. */
export const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';
