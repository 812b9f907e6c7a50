import { autoLinksApplied, autoLinksDryRun, DISCOVERY_MESSAGES } from '@guildhall/contract';
import type { Requester } from '../../core/audit';
import type { Queryable } from '../../services/db/db';
import { lockCharacter, lockCurrentMember, selectLinkOfCharacter } from './link-queries';
import type { LinkingDeps } from './linking-deps';
import { type CharacterMatch, selectHighConfidence } from './matcher';
import { displayNameOf, presentMemberRef } from './presenters';
import { type ScoredGuild, scoreGuild } from './score-guild';
import { writeLink } from './write-link';

type Candidate = { match: CharacterMatch; reason?: string };

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Links the safe matches in the caller's transaction; a character or member that changed meanwhile becomes an error. */
async function linkAll(tx: Queryable, guildId: string, scored: ScoredGuild, apply: CharacterMatch[], requester: Requester) {
  const made: { match: CharacterMatch; linkId: string }[] = [];
  const refused: Candidate[] = [];
  for (const match of apply) {
    const character = await lockCharacter(tx, guildId, match.characterId);
    const memberRow = scored.members.get(match.memberId)!;
    const member = await lockCurrentMember(tx, guildId, memberRow.discord_user_id);
    if (!character || (await selectLinkOfCharacter(tx, character.id))) {
      refused.push({ match, reason: DISCOVERY_MESSAGES.alreadyLinkedSkip });
      continue;
    }
    if (!member) {
      refused.push({ match, reason: DISCOVERY_MESSAGES.memberNotInGuild });
      continue;
    }
    const link = await writeLink(
      tx,
      {
        guildId,
        character,
        member: { id: member.id, discord_user_id: member.discord_user_id, displayName: displayNameOf(member) },
        confidence: match.score,
        origin: 'automatic',
      },
      requester,
    );
    made.push({ match, linkId: link.id });
  }
  return { made, refused };
}

/**
 * Links every high-confidence match the matcher calls safe: scored at or above minScore, one member only,
 * the character unlinked. All in one transaction, each link automatic with confidence = score, audited.
 * A dry run reports the same and changes nothing.
 */
export async function applyAutoLinks(
  deps: LinkingDeps,
  request: { guildId: string; minScore: number; dryRun: boolean },
  requester: Requester,
) {
  const scored = await scoreGuild(deps.db, request.guildId, { minScore: request.minScore, includeLinked: false });
  const { apply, skipped } = selectHighConfidence(scored.matches, [], request.minScore);
  const outcome = request.dryRun
    ? { made: apply.map((match) => ({ match, linkId: null as string | null })), refused: [] as Candidate[] }
    : await deps.db.transaction((tx) => linkAll(tx, request.guildId, scored, apply, requester));

  const refs = (match: CharacterMatch) => {
    const character = scored.characters.get(match.characterId)!;
    return {
      discordUser: presentMemberRef(scored.members.get(match.memberId)!),
      character: { id: character.id, name: character.name, realm: character.realm, class: character.class },
    };
  };
  const present = ({ match, reason }: Candidate) => ({
    ...refs(match),
    error: sentence(reason ?? DISCOVERY_MESSAGES.ambiguousMatch),
  });
  const errors = outcome.refused.map(present);
  // The modal marked these before Apply and left them out of its count: not failures, a person's choice.
  const ambiguous = skipped.map(({ match }) => present({ match }));
  const links = outcome.made.map(({ match, linkId }) => ({
    linkId,
    ...refs(match),
    score: match.score,
    matchedAgainst: match.matchedAgainst,
  }));
  for (const link of links) {
    if (!link.linkId) continue;
    deps.bus.publish({
      type: 'character.linked',
      link: {
        guildId: request.guildId,
        linkId: link.linkId,
        characterId: link.character.id,
        memberId: link.discordUser.id,
        origin: 'automatic',
      },
    });
  }
  const attempted = apply.length;
  return {
    dryRun: request.dryRun,
    succeeded: links.length,
    attempted,
    errors,
    skipped: ambiguous,
    links,
    message: request.dryRun ? autoLinksDryRun(links.length, attempted) : autoLinksApplied(links.length, attempted),
  };
}
