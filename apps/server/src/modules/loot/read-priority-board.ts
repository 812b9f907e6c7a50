import {
  centsOf,
  LOOT_MESSAGES,
  type LootItem,
  type PriorityRow,
  standingOf,
  UPGRADE_RESPONSES,
  weightingScore,
} from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { selectAttendance, selectRecentUpgrades } from './attendance-queries';
import { findItem } from './award-queries';
import type { LootMember } from './loot-member';
import { presentItem, presentPriority } from './presenters';
import { rulesInForce } from './rules-in-force';
import { selectPriorityBoard } from './wishlist-queries';

const WEEK_MS = 7 * 24 * 3600 * 1000;

/**
 * The priority board of an item, what the council sees before it decides: everyone with the item on a wishlist, their
 * rank and note, their standing on the guild's ledger, the guild's weighting of their attendance and recent upgrades,
 * and when they last received an upgrade. Best claim first: the standing (with a ledger), then the weighting, then the
 * wishlist rank, then whoever waited longest.
 */
export async function readPriorityBoard(
  db: Queryable,
  member: LootMember,
  itemId: number,
  now = new Date(),
): Promise<{ item: LootItem; board: PriorityRow[] }> {
  const item = await findItem(db, member.guildId, itemId);
  if (!item) throw AppError.notFound(LOOT_MESSAGES.itemRequired);
  const rules = await rulesInForce(db, member.guildId);
  const baseGp = rules.rules.epgp.baseGp;
  const weighting = rules.rules.priority;
  const rows = await selectPriorityBoard(db, member.guildId, itemId, rules.ledger, baseGp, UPGRADE_RESPONSES);
  const ids = rows.map((row) => row.character_id);
  const since = new Date(now.getTime() - weighting.windowWeeks * WEEK_MS);
  const [attendance, upgrades] = await Promise.all([
    selectAttendance(db, member.guildId, ids, since),
    selectRecentUpgrades(db, member.guildId, ids, since, UPGRADE_RESPONSES),
  ]);
  const standingKey = (row: (typeof rows)[number]) => {
    if (rules.ledger === 'dkp') return centsOf(row.points ?? '0');
    if (rules.ledger !== 'epgp') return 0;
    const sums = { points: 0, ep: centsOf(row.ep ?? '0'), gp: centsOf(row.gp ?? '0') };
    return standingOf([sums], centsOf(baseGp)).priority;
  };
  const lines = rows.map((row, order) => {
    const counted = attendance.get(row.character_id) ?? { attended: 0, raids: 0 };
    const recent = upgrades.get(row.character_id) ?? 0;
    const score = weightingScore(weighting, counted, recent);
    return { row, order, standing: standingKey(row), score, counted, recent };
  });
  // The query's order breaks ties (rank, then the longest wait): a stable sort keeps it.
  lines.sort((a, b) => b.standing - a.standing || b.score - a.score || a.order - b.order);
  return {
    item: presentItem(item),
    board: lines.map((line) => presentPriority(line.row, rules.ledger, baseGp, line)),
  };
}
