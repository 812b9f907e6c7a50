import {
  amountText,
  centsOf,
  LOOT_IMPORT_MARGIN_HOURS,
  LOOT_IMPORT_RAID_HOURS,
  LOOT_MESSAGES,
  type LootImportLine,
  type LootImportPlan,
  type LootSlot,
} from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { findItem, findRaid, type ItemRow, type LootRaidRow, selectRoster } from './award-queries';
import { attachImportLines, type ImportLineRow, selectImportLines, selectRaidDrops } from './import-queries';
import { auditLoot } from './loot-audit';
import type { LootDeps } from './loot-deps';
import type { LootMember } from './loot-member';
import { rulesInForce } from './rules-in-force';
import { type AwardCharge, chargeAwards, priceAward } from './write-award';

const HOUR_MS = 3600 * 1000;

/** A line the plan would record: where it goes. */
interface NewAward {
  line: ImportLineRow;
  characterId: string;
  boss: string;
  dropNumber: number;
  slot: LootSlot;
  itemLevel: number | null;
  charge: AwardCharge | null;
}

/** The raid's RCLootCouncil lines sorted into new, already awarded and refused, and what the new ones record. */
async function planImport(tx: Queryable, member: LootMember, raid: LootRaidRow) {
  const end = raid.ends_at ?? new Date(raid.starts_at.getTime() + LOOT_IMPORT_RAID_HOURS * HOUR_MS);
  const window = {
    from: new Date(raid.starts_at.getTime() - LOOT_IMPORT_MARGIN_HOURS * HOUR_MS),
    to: new Date(end.getTime() + LOOT_IMPORT_MARGIN_HOURS * HOUR_MS),
  };
  // One query at a time: in a transaction they share one connection.
  const lines = await selectImportLines(tx, member.guildId, raid.id, window);
  const drops = await selectRaidDrops(tx, raid.id);
  const roster = await selectRoster(tx, member.guildId, raid.id);
  const rules = await rulesInForce(tx, member.guildId);
  const items = new Map<number, ItemRow | null>();
  for (const itemId of new Set(lines.map((line) => line.item_id))) items.set(itemId, await findItem(tx, member.guildId, itemId));
  const attended = new Set(roster.filter((row) => row.presence !== 'bench').map((row) => row.id));
  const dropKey = (boss: string, itemId: number) => `${boss.toLowerCase()}\u0000${itemId}`;
  const held = new Set(drops.map((d) => `${d.character_id}\u0000${dropKey(d.boss ?? '', d.item_id)}`));
  const lastDrop = new Map<string, number>();
  for (const d of drops) {
    const key = dropKey(d.boss ?? '', d.item_id);
    lastDrop.set(key, Math.max(lastDrop.get(key) ?? 0, d.drop_number ?? 0));
  }

  const awards: NewAward[] = [];
  const planned: LootImportLine[] = [];
  const inImport = new Set<string>();
  for (const line of lines) {
    const base = {
      entryId: line.id,
      characterName: line.character_name,
      characterId: line.character_id,
      itemId: line.item_id,
      itemName: line.item_name,
      boss: line.boss,
      response: line.response,
      awardedAt: line.awarded_at.toISOString(),
      dropNumber: line.drop_number,
      charge: null,
    };
    const refused = (reason: string) => planned.push({ ...base, status: 'refused', reason });
    const boss = line.boss ?? '';
    const mine = `${line.character_id}\u0000${dropKey(boss, line.item_id)}`;
    if (line.raid_event_id === raid.id) {
      inImport.add(mine);
      planned.push({ ...base, status: 'awarded', reason: null });
      continue;
    }
    if (!line.character_id) {
      refused(LOOT_MESSAGES.importNoCharacter);
      continue;
    }
    // The same character, item and boss twice: the first line is the award, a second one the same drop again.
    if (inImport.has(mine)) {
      refused(LOOT_MESSAGES.importDuplicate);
      continue;
    }
    inImport.add(mine);
    if (held.has(mine)) {
      planned.push({ ...base, status: 'awarded', reason: null });
      continue;
    }
    if (!attended.has(line.character_id)) {
      refused(LOOT_MESSAGES.notInRaid);
      continue;
    }
    const item = items.get(line.item_id) ?? null;
    const slot = (item?.slot ?? 'other') as LootSlot;
    const itemLevel = item?.item_level ?? null;
    const priced = priceAward(rules, slot, itemLevel, null);
    if ('missing' in priced) {
      refused(priced.missing === 'bid' ? LOOT_MESSAGES.importNeedsBid : LOOT_MESSAGES.importNeedsItemLevel);
      continue;
    }
    const key = dropKey(boss, line.item_id);
    const dropNumber = (lastDrop.get(key) ?? 0) + 1;
    lastDrop.set(key, dropNumber);
    awards.push({ line, characterId: line.character_id, boss, dropNumber, slot, itemLevel, charge: priced.charge });
    // Shown as an award's cost is: what the member pays, DKP as a positive price.
    const cost = priced.charge && { points: amountText(-centsOf(priced.charge.points)), gp: priced.charge.gp };
    planned.push({ ...base, dropNumber, charge: cost, status: 'new', reason: null });
  }
  const count = (status: LootImportLine['status']) => planned.filter((line) => line.status === status).length;
  const plan: LootImportPlan = {
    raid: { id: raid.id, name: raid.name },
    lines: planned,
    counts: { new: count('new'), awarded: count('awarded'), refused: count('refused') },
  };
  return { plan, awards, rules };
}

const raidOr404 = async (db: Queryable, member: LootMember, raidId: string, lock = false) => {
  const raid = await findRaid(db, member.guildId, raidId, lock);
  if (!raid) throw AppError.notFound(LOOT_MESSAGES.raidNotFound);
  return raid;
};

/**
 * What turning the guild's RCLootCouncil lines of a raid's time into its awards would do (loot.manage): each line new
 * (with its drop and charge), already awarded, or refused with the reason (not in the raid, the same drop twice, a
 * price it cannot know). Writes nothing.
 */
export async function previewImportAwards(deps: LootDeps, member: LootMember, raidId: string): Promise<LootImportPlan> {
  return (await planImport(deps.db, member, await raidOr404(deps.db, member, raidId))).plan;
}

/**
 * Records the new lines as the raid's awards in one transaction, with the raid locked so two officers applying at
 * once record each line once: each line becomes the award (no second row), charged on the ledger by the rules in
 * force, audited once (loot.bulk_awarded). Applying again records nothing.
 */
export async function applyImportAwards(
  deps: LootDeps,
  member: LootMember,
  raidId: string,
): Promise<{ awarded: number; plan: LootImportPlan }> {
  return deps.db.transaction(async (tx) => {
    const raid = await raidOr404(tx, member, raidId, true);
    const { awards, rules } = await planImport(tx, member, raid);
    const attached = new Set(
      await attachImportLines(
        tx,
        member.guildId,
        raid.id,
        awards.map((a) => ({ id: a.line.id, dropNumber: a.dropNumber, slot: a.slot, itemLevel: a.itemLevel })),
        member.requester.actor,
      ),
    );
    const recorded = awards.filter((a) => attached.has(a.line.id));
    await chargeAwards(
      tx,
      member,
      rules,
      recorded.map((a) => ({
        characterId: a.characterId,
        charge: a.charge,
        itemName: a.line.item_name,
        boss: a.boss,
        raidId: raid.id,
        awardId: a.line.id,
      })),
    );
    if (recorded.length > 0) {
      await auditLoot(
        tx,
        member,
        'loot.bulk_awarded',
        { type: 'raid', id: raid.id },
        {
          awards: recorded.map((a) => ({
            awardId: a.line.id,
            characterId: a.characterId,
            itemId: a.line.item_id,
            charge: a.charge,
          })),
        },
      );
    }
    return { awarded: recorded.length, plan: (await planImport(tx, member, raid)).plan };
  });
}
