import type { Requester } from '../../core/audit';
import { recordAudit } from '../../core/audit';
import type { CharacterLinkChange } from '../../core/event-bus';
import type { Queryable } from '../../services/db/db';
import {
  deleteLink,
  lockCharacter,
  lockCurrentMember,
  promoteNextPrimary,
  selectLinkOfCharacter,
} from '../character-linking/link-queries';
import { foldCase } from '../character-linking/matcher/fold';
import { displayNameOf } from '../character-linking/presenters';
import { writeLink } from '../character-linking/write-link';
import { insertClaim, markLinkClaimed, selectRosterOfMember } from './claim-queries';
import type { ImportedCharacterRow } from './connection-queries';

/** What a claim changed, for the event bus once the transaction is committed. */
export type ClaimChange = { type: 'character.linked' | 'character.unlinked'; link: CharacterLinkChange };

/** Folded letters and digits of a realm: 'Area 52', 'area-52' and 'Area52' meet, as in the matcher. */
const realmKey = (realm: string) => foldCase(realm).replace(/[^\p{L}\p{N}]/gu, '');
/** Name and realm as the roster and the profile are compared: case and accents do not count. */
const characterKey = (name: string, realm: string) => `${foldCase(name)}|${realmKey(realm)}`;

/** The roster characters that are the imported ones, each with the imported character it is. */
function matchRoster(imported: readonly ImportedCharacterRow[], roster: Awaited<ReturnType<typeof selectRosterOfMember>>) {
  const byKey = new Map<string, ImportedCharacterRow>();
  for (const character of imported) {
    byKey.set(characterKey(character.name, character.realm_slug), character);
    byKey.set(characterKey(character.name, character.realm_name), character);
  }
  return roster.flatMap((character) => {
    const match = byKey.get(characterKey(character.name, character.realm));
    return match ? [{ roster: character, imported: match }] : [];
  });
}

/**
 * Links every roster character the member's verified Battle.net account holds, in the guilds where they are a
 * current Discord member, as a claim with confidence 1. A link a person made (by hand, or an earlier claim) to
 * someone else stays; a matcher's guess for someone else gives way (unlinked, audited); the member's own link
 * becomes a claim. Runs in the caller's transaction; returns what to publish after it commits.
 */
export async function claimCharacters(
  tx: Queryable,
  discordUserId: string,
  imported: readonly ImportedCharacterRow[],
  requester: Requester,
): Promise<ClaimChange[]> {
  const changes: ClaimChange[] = [];
  for (const { roster, imported: source } of matchRoster(imported, await selectRosterOfMember(tx, discordUserId))) {
    const character = await lockCharacter(tx, roster.guild_id, roster.id);
    const member = await lockCurrentMember(tx, roster.guild_id, discordUserId);
    if (!character || !member) continue;
    const existing = await selectLinkOfCharacter(tx, character.id);
    const change = (type: ClaimChange['type'], linkId: string, memberId: string): ClaimChange => ({
      type,
      link: { guildId: roster.guild_id, linkId, characterId: character.id, memberId, origin: 'claim' },
    });
    const details = { origin: 'claim', guildId: roster.guild_id, characterName: character.name, battlenetCharacterId: source.id };

    if (existing && existing.discord_member_id === member.id) {
      if (existing.link_type !== 'claim') {
        await markLinkClaimed(tx, existing.id);
        await recordAudit(tx, {
          actor: requester.actor,
          action: 'character.linked',
          target: { type: 'character', id: character.id },
          details: { ...details, linkId: existing.id, memberId: member.id, previousLinkType: existing.link_type, confidence: 1 },
          ip: requester.ip,
        });
        changes.push(change('character.linked', existing.id, member.id));
      }
      await insertClaim(tx, source.id, character.id);
      continue;
    }
    // A person's decision for someone else is theirs to undo; only the matcher's guess gives way.
    if (existing && existing.link_type !== 'automatic') continue;
    if (existing) {
      await deleteLink(tx, existing.id);
      const promotedLinkId = existing.is_primary ? await promoteNextPrimary(tx, existing.discord_member_id) : null;
      await recordAudit(tx, {
        actor: requester.actor,
        action: 'character.unlinked',
        target: { type: 'character', id: character.id },
        details: {
          ...details,
          linkId: existing.id,
          linkType: existing.link_type,
          memberId: existing.discord_member_id,
          discordUserId: existing.discord_user_id,
          memberName: displayNameOf(existing),
          wasPrimary: existing.is_primary,
          promotedLinkId,
          reason: 'Claimed by the verified Battle.net account of another member',
        },
        ip: requester.ip,
      });
      changes.push(change('character.unlinked', existing.id, existing.discord_member_id));
    }
    const link = await writeLink(
      tx,
      {
        guildId: roster.guild_id,
        character,
        member: { id: member.id, discord_user_id: member.discord_user_id, displayName: displayNameOf(member) },
        confidence: 1,
        origin: 'claim',
      },
      requester,
    );
    await insertClaim(tx, source.id, character.id);
    changes.push(change('character.linked', link.id, member.id));
  }
  return changes;
}
