import { type CharacterLoot, LOOT_LIMITS, LOOT_MESSAGES } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { findOwnCharacter } from '../raids/signup-queries';
import { findCharacter, selectCharacterAwards } from './award-queries';
import { selectCharacterRequests } from './council-queries';
import { selectCharacterSums, selectHistory } from './ledger-queries';
import type { LootMember } from './loot-member';
import { presentAward, presentCharacter, presentEntry, presentRequest, presentStanding, presentWishlist } from './presenters';
import { rulesInForce } from './rules-in-force';
import { selectWishlist } from './wishlist-queries';

/** How many requests and awards a loot page lists (a raider's few seasons). */
const LISTED = 100;

/**
 * A character's loot page: its wishlist, every request before the council and its outcome, every award it received,
 * its standing on the guild's ledger and a page of that ledger, newest first. Every member of the guild may read any
 * character's page (loot is open in the guild); a character of another guild is not found.
 */
export async function readCharacterLoot(
  db: Queryable,
  member: LootMember,
  characterId: string,
  page = 1,
): Promise<CharacterLoot> {
  const character = await findCharacter(db, member.guildId, characterId);
  if (!character) throw AppError.notFound(LOOT_MESSAGES.characterNotFound);
  const rules = await rulesInForce(db, member.guildId);
  const ledger = rules.ledger;
  const history = { limit: LOOT_LIMITS.pageSize, offset: (page - 1) * LOOT_LIMITS.pageSize };
  // Independent reads: on a pool they run side by side (in a transaction pg queues them on its one connection).
  const [wishlist, requests, received, own, sums, entries] = await Promise.all([
    selectWishlist(db, character.id),
    selectCharacterRequests(db, character.id, LISTED),
    selectCharacterAwards(db, member.guildId, character.id, LISTED),
    findOwnCharacter(db, member.guildId, member.userId, character.id),
    ledger ? selectCharacterSums(db, character.id, ledger) : null,
    ledger ? selectHistory(db, character.id, ledger, history) : null,
  ]);
  const isOwn = own !== null;
  const base = {
    character: presentCharacter(character),
    isOwn,
    wishlist: presentWishlist(wishlist),
    requests: requests.map((row) => presentRequest(row, character.id)),
    received: received.map(presentAward),
  };
  if (!sums || !entries) return { ...base, standing: null, history: [], historyTotal: 0 };
  const baseGp = ledger === 'epgp' ? rules.rules.epgp.baseGp : '0';
  return {
    ...base,
    standing: presentStanding(sums, baseGp),
    history: entries.rows.map(presentEntry),
    historyTotal: entries.total,
  };
}
