import {
  amountText,
  centsOf,
  dkpPrice,
  dkpRulesInCents,
  epgpRulesInCents,
  itemGp,
  LOOT_MESSAGES,
  type LootAward,
  type LootSlot,
  type RecordAwardInput,
} from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { isUniqueViolation } from '../character-linking/write-link';
import { findItem, findRaid, insertAward, isDropAwarded, selectAwards, selectRoster } from './award-queries';
import { insertLedgerEntries, type NewLedgerEntry } from './ledger-queries';
import { auditLoot } from './loot-audit';
import type { LootMember } from './loot-member';
import { presentAward } from './presenters';
import { ledgerScopeOf, type RulesInForce, rulesInForce } from './rules-in-force';

const refuse = (field: string, message: string): never => {
  throw new AppError('VALIDATION_FAILED', message, { fields: { [field]: message } });
};

/** What the guild's ledger charges for an award (DKP's price by slot or bid, EPGP's GP; null without a ledger), or
 * which value the price lacks. */
export function priceAward(
  rules: RulesInForce,
  slot: LootSlot,
  itemLevel: number | null,
  bid: string | null,
): { charge: AwardCharge | null } | { missing: 'bid' | 'itemLevel' } {
  if (rules.ledger === 'dkp') {
    const dkp = dkpRulesInCents(rules.rules.dkp);
    if (dkp.pricing === 'bid' && bid === null) return { missing: 'bid' };
    return { charge: { points: amountText(-dkpPrice(dkp, slot, bid === null ? null : centsOf(bid))), gp: '0' } };
  }
  if (rules.ledger === 'epgp') {
    if (itemLevel === null) return { missing: 'itemLevel' };
    return { charge: { points: '0', gp: amountText(itemGp(epgpRulesInCents(rules.rules.epgp), slot, itemLevel)) } };
  }
  return { charge: null };
}

/** An award's charge on the ledger: DKP points (negative) or GP. */
export type AwardCharge = Pick<NewLedgerEntry, 'points' | 'gp'>;

/** Writes the ledger charges of awards, one entry each, under the rules in force (nothing without a ledger). */
export async function chargeAwards(
  tx: Queryable,
  member: LootMember,
  rules: RulesInForce,
  awards: readonly {
    characterId: string;
    charge: AwardCharge | null;
    itemName: string;
    boss: string;
    raidId: string;
    awardId: string;
  }[],
): Promise<void> {
  if (!rules.ledger) return;
  const charged = awards.filter((award) => award.charge !== null);
  await insertLedgerEntries(
    tx,
    ledgerScopeOf(member, { ...rules, ledger: rules.ledger }),
    charged.map((award) => ({
      characterId: award.characterId,
      kind: 'award' as const,
      ep: '0',
      ...award.charge!,
      reason: `${award.itemName} (${award.boss})`,
      raidId: award.raidId,
      awardId: award.awardId,
    })),
  );
}

/**
 * Records an award in the caller's transaction: to a character who was in the raid (on time or late), once per drop
 * (raid, boss, item, drop number), charged on the guild's ledger by the rules in force, and audited (loot.awarded).
 * The item's name, slot and level come from the catalog or the guild's loot where the form leaves them out.
 */
export async function writeAward(
  tx: Queryable,
  member: LootMember,
  input: RecordAwardInput & { dropNumber: number; response: string; note: string },
): Promise<LootAward> {
  const raid = await findRaid(tx, member.guildId, input.raidId);
  if (!raid) throw AppError.notFound(LOOT_MESSAGES.raidNotFound);
  const attendee = (await selectRoster(tx, member.guildId, raid.id)).find(
    (row) => row.id === input.characterId && row.presence !== 'bench',
  );
  if (!attendee) refuse('characterId', LOOT_MESSAGES.notInRaid);
  const item = await findItem(tx, member.guildId, input.itemId);
  const itemName = input.itemName ?? item?.name;
  if (!itemName) refuse('itemId', LOOT_MESSAGES.itemRequired);
  const drop = { raidId: raid.id, boss: input.boss, itemId: input.itemId, dropNumber: input.dropNumber };
  if (await isDropAwarded(tx, drop)) throw new AppError('CONFLICT', LOOT_MESSAGES.dropAwarded);

  const rules = await rulesInForce(tx, member.guildId);
  const slot = (input.slot ?? item?.slot ?? 'other') as LootSlot;
  const itemLevel = input.itemLevel ?? item?.item_level ?? null;
  const bid = input.bid ?? null;
  const priced = priceAward(rules, slot, itemLevel, bid);
  if ('missing' in priced) {
    refuse(priced.missing, priced.missing === 'bid' ? LOOT_MESSAGES.bidRequired : LOOT_MESSAGES.itemLevel);
  }
  const { charge } = priced as { charge: AwardCharge | null };
  let awardId: string;
  try {
    awardId = await insertAward(tx, member.guildId, {
      ...drop,
      characterId: attendee!.id,
      characterName: attendee!.name,
      itemName: itemName!,
      instance: raid.instance,
      difficulty: raid.difficulty,
      response: input.response,
      note: input.note,
      slot,
      itemLevel,
      bid,
      recordedBy: member.requester.actor,
    });
  } catch (error) {
    // Another officer recorded the same drop between the check and the insert.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', LOOT_MESSAGES.dropAwarded);
    throw error;
  }
  await chargeAwards(tx, member, rules, [
    { characterId: attendee!.id, charge, itemName: itemName!, boss: input.boss, raidId: raid.id, awardId },
  ]);
  await auditLoot(
    tx,
    member,
    'loot.awarded',
    { type: 'loot_award', id: awardId },
    {
      raidId: raid.id,
      characterId: attendee!.id,
      itemId: input.itemId,
      boss: input.boss,
      dropNumber: input.dropNumber,
      charge,
    },
  );
  const [award] = await selectAwards(tx, member.guildId, [awardId]);
  return presentAward(award!);
}
