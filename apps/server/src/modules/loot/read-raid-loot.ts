import { type CouncilItem, hasGuildPermission, LOOT_MANAGE_PERMISSION, LOOT_MESSAGES, type RaidLoot } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { findRaid, selectAwards, selectRaidAwards, selectRoster } from './award-queries';
import { type CouncilItemRow, selectCouncilItems, selectRequestsWithVotes } from './council-queries';
import { countRaidCredits } from './ledger-queries';
import type { LootMember } from './loot-member';
import { presentAward, presentCouncilItems } from './presenters';
import { rulesInForce } from './rules-in-force';

/** Council items as the member may see them: votes and reasons only for loot.manage. */
export async function councilItemsFor(
  db: Queryable,
  member: LootMember,
  items: readonly CouncilItemRow[],
): Promise<CouncilItem[]> {
  const requests = await selectRequestsWithVotes(
    db,
    items.map((item) => item.id),
  );
  const awardIds = items.flatMap((item) => (item.award_id ? [item.award_id] : []));
  const awards = awardIds.length > 0 ? await selectAwards(db, member.guildId, awardIds) : [];
  return presentCouncilItems(items, requests, new Map(awards.map((row) => [row.id, presentAward(row)])), {
    userId: member.userId,
    isCouncil: hasGuildPermission(member.permissions, LOOT_MANAGE_PERMISSION),
  });
}

/** A raid's loot: who was in it and how, its awards with their notes, its items before the council, whether credited. */
export async function readRaidLoot(db: Queryable, member: LootMember, raidId: string): Promise<RaidLoot> {
  const raid = await findRaid(db, member.guildId, raidId);
  if (!raid) throw AppError.notFound(LOOT_MESSAGES.raidNotFound);
  const rules = await rulesInForce(db, member.guildId);
  const roster = await selectRoster(db, member.guildId, raid.id);
  const awards = await selectRaidAwards(db, member.guildId, raid.id);
  const councilItems = await councilItemsFor(db, member, await selectCouncilItems(db, member.guildId, raid.id));
  return {
    raid: { id: raid.id, name: raid.name, instance: raid.instance, startsAt: raid.starts_at.toISOString() },
    roster,
    awards: awards.map(presentAward),
    councilItems,
    isCredited: rules.ledger !== null && (await countRaidCredits(db, raid.id, rules.ledger)) > 0,
  };
}
