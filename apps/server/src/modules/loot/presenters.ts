import {
  type AttendanceCount,
  amountText,
  attendanceRateText,
  type CouncilItem,
  centsOf,
  DEFAULT_LOOT_RULES,
  type LedgerEntry,
  type LootAward,
  type LootLogEntry,
  type LootRequest,
  type LootResponse,
  type LootSettings,
  type LootSettingsVersion,
  type LootSlot,
  type LootStanding,
  type LootSystem,
  lootRulesSchema,
  type PriorityRow as PriorityLine,
  priorityText,
  type StandingRow as StandingLine,
  standingOf,
  type WishlistItem,
} from '@guildhall/contract';
import type { AwardRow, ItemRow, LootCharacterRow } from './award-queries';
import type { CharacterRequestRow, CouncilItemRow, RequestVoteRow } from './council-queries';
import type { LedgerEntryRow, StandingRow, SumsRow } from './ledger-queries';
import type { LogRow } from './log-queries';
import type { RulesInForce } from './rules-in-force';
import type { RulesVersionRow } from './rules-queries';
import type { PriorityRow, WishlistRow } from './wishlist-queries';

const iso = (value: Date | null) => value?.toISOString() ?? null;
const amount = (text: string | null) => amountText(centsOf(text ?? '0'));

/** A stored settings version; values saved before a field existed read as its default (the schema's). */
export const presentSettingsVersion = (row: RulesVersionRow): LootSettingsVersion => {
  const parsed = lootRulesSchema.safeParse(row.rules);
  return {
    version: row.version,
    system: row.system as LootSystem,
    rules: parsed.success ? parsed.data : DEFAULT_LOOT_RULES,
    note: row.note,
    changedBy: row.changed_by_name,
    changedAt: row.changed_at.toISOString(),
  };
};

/** The settings in force as the API carries them. */
export const presentSettings = (rules: RulesInForce, isLocked: boolean, canManage: boolean): LootSettings => ({
  system: rules.system,
  ledger: rules.ledger,
  version: rules.version,
  rules: rules.rules,
  changedAt: iso(rules.changedAt),
  changedBy: rules.changedBy,
  isWishlistLocked: isLocked,
  canManage,
});

export const presentCharacter = (row: LootCharacterRow) => ({ id: row.id, name: row.name, class: row.class });

export const presentItem = (row: ItemRow) => ({
  itemId: row.item_id,
  name: row.name,
  slot: (row.slot as LootSlot | null) ?? null,
  itemLevel: row.item_level,
  boss: row.boss,
});

/** A standing from a character's sums: GP with the guild's base, priority EP / GP. */
export function presentStanding(sums: SumsRow, baseGp: string): LootStanding {
  const standing = standingOf([{ points: centsOf(sums.points), ep: centsOf(sums.ep), gp: centsOf(sums.gp) }], centsOf(baseGp));
  return {
    points: amountText(standing.points),
    ep: amountText(standing.ep),
    gp: amountText(standing.gp),
    priority: priorityText(standing.priority),
  };
}

export const presentStandingRow = (row: StandingRow, baseGp: string): StandingLine => ({
  character: { id: row.character_id, name: row.name, class: row.class },
  ...presentStanding(row, baseGp),
  entries: row.entries,
  lastAwardAt: iso(row.last_award_at),
});

export const presentAward = (row: AwardRow): LootAward => ({
  id: row.id,
  character: row.character_id ? { id: row.character_id, name: row.character_name, class: row.character_class ?? '' } : null,
  characterName: row.character_name,
  itemId: row.item_id,
  itemName: row.item_name,
  boss: row.boss,
  raid: row.raid_id ? { id: row.raid_id, name: row.raid_name ?? '', startsAt: row.raid_starts_at!.toISOString() } : null,
  response: row.response,
  note: row.note,
  slot: row.slot,
  itemLevel: row.item_level,
  cost: row.cost_points !== null || row.cost_gp !== null ? { points: amount(row.cost_points), gp: amount(row.cost_gp) } : null,
  recordedBy: row.recorded_by_name,
  awardedAt: row.awarded_at.toISOString(),
});

export const presentEntry = (row: LedgerEntryRow): LedgerEntry => ({
  id: row.id,
  kind: row.kind,
  points: amount(row.points),
  ep: amount(row.ep),
  gp: amount(row.gp),
  reason: row.reason,
  correctsEntryId: row.corrects_entry_id,
  recordedBy: row.recorded_by_name,
  at: row.created_at.toISOString(),
});

export const presentWishlist = (rows: readonly WishlistRow[]): WishlistItem[] =>
  rows.map((row) => ({ itemId: row.item_id, itemName: row.item_name, rank: row.rank, note: row.note }));

export const presentRequest = (row: CharacterRequestRow, characterId: string): LootRequest => ({
  id: row.id,
  councilItemId: row.council_item_id,
  itemId: row.item_id,
  itemName: row.item_name,
  raidName: row.raid_name,
  response: row.response as LootResponse,
  note: row.note,
  outcome: row.award_id === null ? 'open' : row.winner_id === characterId ? 'won' : 'lost',
  awardedTo: row.winner_name,
  awardNote: row.award_note,
  at: row.created_at.toISOString(),
});

export const presentLog = (row: LogRow): LootLogEntry => ({
  id: row.id,
  type: row.type,
  characterName: row.character_name,
  itemName: row.item_name,
  points: amount(row.points),
  ep: amount(row.ep),
  gp: amount(row.gp),
  text: row.text,
  recordedBy: row.recorded_by_name,
  at: row.at.toISOString(),
});

export const presentPriority = (
  row: PriorityRow,
  ledger: string | null,
  baseGp: string,
  weighting: { counted: AttendanceCount; recent: number; score: number },
): PriorityLine => ({
  character: { id: row.character_id, name: row.name, class: row.class },
  rank: row.rank,
  note: row.note,
  standing: ledger ? presentStanding({ points: row.points ?? '0', ep: row.ep ?? '0', gp: row.gp ?? '0' }, baseGp) : null,
  lastUpgradeAt: iso(row.last_upgrade_at),
  lastUpgradeItem: row.last_upgrade_item,
  weighting: {
    attended: weighting.counted.attended,
    raids: weighting.counted.raids,
    attendanceRate: attendanceRateText(weighting.counted),
    recentUpgrades: weighting.recent,
    score: amountText(weighting.score),
  },
});

/**
 * Items before the council with their requests; the votes and their reasons only for the council (loot.manage):
 * members see the outcome and the award's note.
 */
export function presentCouncilItems(
  items: readonly CouncilItemRow[],
  requests: readonly RequestVoteRow[],
  awards: ReadonlyMap<string, LootAward>,
  viewer: { userId: string; isCouncil: boolean },
): CouncilItem[] {
  return items.map((item) => {
    const mine = requests.filter((r) => r.council_item_id === item.id);
    const byRequest = new Map<string, CouncilItem['requests'][number]>();
    for (const row of mine) {
      const request = byRequest.get(row.id) ?? {
        id: row.id,
        character: { id: row.character_id, name: row.name, class: row.class },
        response: row.response as LootResponse,
        note: row.note,
        votes: [],
      };
      if (viewer.isCouncil && row.voter_name !== null) request.votes.push({ voter: row.voter_name, reason: row.reason ?? '' });
      byRequest.set(row.id, request);
    }
    return {
      id: item.id,
      raidId: item.raid_event_id,
      boss: item.boss,
      itemId: item.item_id,
      itemName: item.item_name,
      slot: item.slot as LootSlot,
      itemLevel: item.item_level,
      dropNumber: item.drop_number,
      requests: [...byRequest.values()],
      myVoteRequestId: mine.find((r) => r.voter_user_id === viewer.userId)?.id ?? null,
      award: item.award_id ? (awards.get(item.award_id) ?? null) : null,
    };
  });
}
