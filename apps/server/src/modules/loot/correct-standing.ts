import { type CorrectionInput, centsOf, type LedgerEntry, LOOT_MESSAGES } from '@guildhall/contract';
import { permissionsOf } from '../../auth/guild-access';
import { findGuildAccess } from '../../auth/guild-access-queries';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { findCharacter, findCharacterOwner } from './award-queries';
import { findLedgerEntry, insertLedgerEntries } from './ledger-queries';
import { auditLoot } from './loot-audit';
import type { LootDeps } from './loot-deps';
import type { LootMember } from './loot-member';
import { presentEntry } from './presenters';
import { ledgerRules, ledgerScopeOf } from './rules-in-force';

/**
 * Nobody corrects their own standing, nor the standing of a member who holds a guild permission they lack (an officer
 * does not take points from the guild master).
 */
async function checkTarget(db: Queryable, member: LootMember, characterId: string): Promise<void> {
  const ownerId = await findCharacterOwner(db, member.guildId, characterId);
  if (!ownerId) return;
  if (ownerId === member.userId) throw new AppError('FORBIDDEN', LOOT_MESSAGES.ownStanding);
  const access = await findGuildAccess(db, ownerId, member.discordGuildId);
  const held = access ? permissionsOf(access) : [];
  if (held.some((permission) => !member.permissions.includes(permission))) {
    throw new AppError('FORBIDDEN', LOOT_MESSAGES.outranks);
  }
}

/**
 * Corrects a character's standing with a new ledger entry and its reason: history is never edited, the entry it
 * corrects (when named) stays as it was. DKP corrects points, EPGP EP and GP; an amount of the other ledger, or none
 * at all, is refused. Audited (loot.standing_corrected).
 */
export async function correctStanding(
  deps: LootDeps,
  member: LootMember,
  input: CorrectionInput & { reason: string },
): Promise<LedgerEntry> {
  return deps.db.transaction(async (tx) => {
    const rules = await ledgerRules(tx, member.guildId);
    const character = await findCharacter(tx, member.guildId, input.characterId);
    if (!character) throw AppError.notFound(LOOT_MESSAGES.characterNotFound);
    await checkTarget(tx, member, character.id);
    if (input.correctsEntryId) {
      const corrected = await findLedgerEntry(tx, member.guildId, input.correctsEntryId);
      if (!corrected || corrected.character_id !== character.id) throw AppError.notFound(LOOT_MESSAGES.entryNotFound);
    }
    const isDkp = rules.ledger === 'dkp';
    const amounts = {
      points: isDkp ? (input.points ?? '0') : '0',
      ep: isDkp ? '0' : (input.ep ?? '0'),
      gp: isDkp ? '0' : (input.gp ?? '0'),
    };
    if (centsOf(amounts.points) === 0 && centsOf(amounts.ep) === 0 && centsOf(amounts.gp) === 0) {
      const field = isDkp ? 'points' : 'ep';
      throw new AppError('VALIDATION_FAILED', LOOT_MESSAGES.amountRequired, {
        fields: { [field]: LOOT_MESSAGES.amountRequired },
      });
    }
    const [entryId] = await insertLedgerEntries(tx, ledgerScopeOf(member, rules), [
      {
        characterId: character.id,
        kind: 'correction',
        ...amounts,
        reason: input.reason,
        correctsEntryId: input.correctsEntryId,
      },
    ]);
    await auditLoot(
      tx,
      member,
      'loot.standing_corrected',
      { type: 'character', id: character.id },
      {
        ledger: rules.ledger,
        entryId,
        correctsEntryId: input.correctsEntryId ?? null,
        ...amounts,
        reason: input.reason,
      },
    );
    const entry = await findLedgerEntry(tx, member.guildId, entryId!);
    return presentEntry(entry!);
  });
}
