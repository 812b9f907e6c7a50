import { z } from 'zod';
import type { LOOT_SYSTEMS } from './api/guilds';
import type { GuildPermission } from './guild-permissions';
import { type Cents, centsOf, LOOT_SLOTS, type LootSlot } from './loot-points';

/** The guild permission that lets a member record awards, run the council, credit raids and correct the ledger. */
export const LOOT_MANAGE_PERMISSION: GuildPermission = 'loot.manage';

/** The guild's loot system (spec 1 `loot_system`). */
export type LootSystem = (typeof LOOT_SYSTEMS)[number];

/** The systems with a ledger, and its name in the ledger table. */
export const LEDGER_OF_SYSTEM: Readonly<Partial<Record<LootSystem, 'dkp' | 'epgp'>>> = { DKP: 'dkp', EPGP: 'epgp' };
/** A ledger: DKP points, or EP and GP. */
export type LootLedger = 'dkp' | 'epgp';

/** How each system is named on screen. */
export const LOOT_SYSTEM_LABELS: Readonly<Record<LootSystem, string>> = {
  DKP: 'DKP',
  EPGP: 'EPGP',
  Loot_Council: 'Loot council',
  Free_Roll: 'Free roll',
  Need_Before_Greed: 'Need before greed',
  Other: 'Other',
};

/** What a member answered for an item (RCLootCouncil's buttons). */
export const LOOT_RESPONSES = ['bis', 'upgrade', 'minor_upgrade', 'off_spec', 'transmog', 'other'] as const;
/** A response. */
export type LootResponse = (typeof LOOT_RESPONSES)[number];
/** How each response is named on screen. */
export const LOOT_RESPONSE_LABELS: Readonly<Record<LootResponse, string>> = {
  bis: 'BiS',
  upgrade: 'Upgrade',
  minor_upgrade: 'Minor upgrade',
  off_spec: 'Off-spec',
  transmog: 'Transmog',
  other: 'Other',
};
/** The responses that count as an upgrade on the priority board ("last upgrade received"). */
export const UPGRADE_RESPONSES: readonly LootResponse[] = ['bis', 'upgrade', 'minor_upgrade'];

/** The kinds of ledger entries and their names on screen. */
export const LEDGER_ENTRY_KINDS = ['attendance', 'award', 'decay', 'correction'] as const;
/** A ledger entry kind. */
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];
/** How each kind is named on screen. */
export const LEDGER_ENTRY_LABELS: Readonly<Record<LedgerEntryKind, string>> = {
  attendance: 'Raid',
  award: 'Award',
  decay: 'Decay',
  correction: 'Correction',
};

/** Limits of loot. */
export const LOOT_LIMITS = {
  wishlistItems: 50,
  noteLength: 200,
  reasonLength: 500,
  maxBosses: 20,
  maxDropNumber: 20,
  maxAmount: 1_000_000,
  pageSize: 50,
} as const;

/** What the loot calls and screens say. */
export const LOOT_MESSAGES = {
  awardRecorded: 'Award recorded',
  raidCredited: (count: number) => `Raid credited to ${count} ${count === 1 ? 'character' : 'characters'}`,
  correctionRecorded: 'Correction recorded',
  wishlistSaved: 'Wishlist saved',
  rulesSaved: 'Loot settings saved',
  councilOpened: 'Item put before the council',
  requestSaved: 'Your request is saved',
  voteSaved: 'Your vote is saved',
  notInRaid: 'This character was not in the raid: only a character who attended (on time or late) can receive its loot.',
  dropAwarded: 'This drop has already been awarded. Record the next drop of the same item with its own drop number.',
  noPermission: 'Recording loot needs the loot.manage permission in this guild.',
  notYourCharacter: 'You can only keep the wishlist of one of your own characters. Link or claim the character first.',
  wishlistLocked: (at: string) => `Wishlists are locked since ${at}: ask an officer to change yours.`,
  wishlistDuplicate: 'Each item can be on a wishlist once',
  raidNotFound: 'Raid not found',
  characterNotFound: 'Character not found',
  entryNotFound: 'Ledger entry not found',
  councilItemNotFound: 'Council item not found',
  requestNotFound: 'Request not found',
  councilClosed: 'The council has already decided on this item.',
  councilDuplicate: 'This drop is already before the council.',
  noLedger: (system: string) =>
    `The guild uses ${system}, which keeps no points ledger: choose DKP or EPGP in the loot settings first.`,
  alreadyCredited: 'This raid is already credited: correct a standing with a correction instead.',
  nobodyToCredit: 'Nobody attended this raid: sign-ups or attendance name no character.',
  reasonRequired: 'Give a reason: members read it in the ledger',
  amountRequired: 'Give an amount other than zero',
  amount: `An amount is a number with at most two decimals, up to ${LOOT_LIMITS.maxAmount}`,
  itemRequired: 'Choose an item',
  itemLevel: 'The item level is a whole number from 1 to 2000',
  bidRequired: 'The guild prices items by bid: give the winning bid',
  outranks: 'You cannot correct the standing of a member who holds permissions you do not hold.',
  ownStanding: 'You cannot correct your own standing: ask another officer.',
  loadFailed: 'Failed to load loot',
  importDuplicate: 'The import names this drop twice: only its first line becomes an award.',
  importNeedsBid: 'The guild prices items by bid: record this award by hand with its winning bid.',
  importNeedsItemLevel: 'The item level of this item is unknown: record this award by hand with its item level.',
  importNoCharacter: 'The character of this line is no longer in the guild.',
  importAwarded: (count: number) =>
    count === 0
      ? 'Nothing to award: every line is already awarded or refused'
      : `${count} ${count === 1 ? 'award' : 'awards'} recorded from the import`,
} as const;

/** How far around a raid's time an RCLootCouncil line counts as its loot: an hour before it starts and after it ends. */
export const LOOT_IMPORT_MARGIN_HOURS = 1;
/** A raid without an end time is taken to last this long when its imported loot is looked up. */
export const LOOT_IMPORT_RAID_HOURS = 6;

const AMOUNT_PATTERN = /^-?\d{1,7}(\.\d{1,2})?$/;
/** The amount's cents when the text is an amount, else null: refinements run even after the pattern failed. */
const centsIfAmount = (text: string) => (AMOUNT_PATTERN.test(text) ? centsOf(text) : null);

/** An amount in the API and the forms: numeric text with at most two decimals ('12.50', '-3'). */
export const amountField = z
  .string({ error: LOOT_MESSAGES.amount })
  .trim()
  .regex(AMOUNT_PATTERN, LOOT_MESSAGES.amount)
  .refine((text) => Math.abs(centsIfAmount(text) ?? 0) <= LOOT_LIMITS.maxAmount * 100, LOOT_MESSAGES.amount);

const nonNegative = amountField.refine((text) => (centsIfAmount(text) ?? 0) >= 0, LOOT_MESSAGES.amount);
const percent = z.number().min(0).max(100);
const bySlot = <T extends z.ZodType>(value: T) =>
  z.object(Object.fromEntries(LOOT_SLOTS.map((slot) => [slot, value])) as Record<LootSlot, T>);

/** The guild's DKP values, amounts as text. */
export const dkpRulesSchema = z.object({
  onTime: nonNegative,
  late: nonNegative,
  bench: nonNegative,
  pricing: z.enum(['slot', 'bid']),
  slotPrices: bySlot(nonNegative),
  decayPercent: percent.describe('Percent of a balance taken away each week (two decimals at most)'),
});

/** The guild's EPGP values, amounts as text. */
export const epgpRulesSchema = z.object({
  raidEp: nonNegative,
  bossEp: nonNegative,
  benchPercent: z.number().int().min(0).max(100),
  baseGp: nonNegative.refine((text) => (centsIfAmount(text) ?? 1) > 0, 'The base GP must be above zero'),
  slotWeights: bySlot(z.number().int().min(0).max(1000)).describe('GP of an item = item level × weight / 100'),
  decayPercent: percent,
});

/**
 * The guild's weighting on the priority board, beside wishlist rank and standing: points for attending every raid of
 * the window (a rate below scales them down) less points for each upgrade received in it.
 */
export const priorityWeightingSchema = z.object({
  attendancePoints: z.number().int().min(0).max(1000).describe('Points for attending every raid of the window'),
  upgradePenalty: z.number().int().min(0).max(1000).describe('Points taken for each upgrade received in the window'),
  windowWeeks: z.number().int().min(1).max(52).describe('How many weeks back attendance and upgrades count'),
});
/** The priority board's weighting. */
export type PriorityWeighting = z.infer<typeof priorityWeightingSchema>;

/** The weighting a guild starts with, and that versions saved before it existed read as. */
export const DEFAULT_PRIORITY_WEIGHTING: PriorityWeighting = { attendancePoints: 100, upgradePenalty: 20, windowWeeks: 8 };

/** The guild's loot values: DKP's, EPGP's, the priority board's weighting, when members' wishlists lock (null: never). */
export const lootRulesSchema = z.object({
  dkp: dkpRulesSchema,
  epgp: epgpRulesSchema,
  priority: priorityWeightingSchema.default(DEFAULT_PRIORITY_WEIGHTING),
  wishlistLockAt: z.iso.datetime({ offset: true }).nullable(),
});
/** The loot values as the API carries them. */
export type LootRules = z.infer<typeof lootRulesSchema>;

const slotValues = <T>(value: T, overrides: Partial<Record<LootSlot, T>>) =>
  ({ ...Object.fromEntries(LOOT_SLOTS.map((slot) => [slot, value])), ...overrides }) as Record<LootSlot, T>;

/** The values a guild starts with: common DKP and EPGP settings (10 % weekly decay, EPGP's usual slot weights). */
export const DEFAULT_LOOT_RULES: LootRules = {
  dkp: {
    onTime: '10',
    late: '5',
    bench: '5',
    pricing: 'slot',
    slotPrices: slotValues('20', { two_hand: '40', trinket: '30', token: '30', neck: '15', finger: '15', back: '15' }),
    decayPercent: 10,
  },
  epgp: {
    raidEp: '100',
    bossEp: '20',
    benchPercent: 50,
    baseGp: '100',
    slotWeights: slotValues(100, {
      neck: 56,
      finger: 56,
      back: 56,
      wrist: 56,
      shoulder: 75,
      hands: 75,
      waist: 75,
      feet: 75,
      trinket: 125,
      one_hand: 150,
      off_hand: 50,
      two_hand: 200,
      ranged: 200,
    }),
    decayPercent: 10,
  },
  priority: DEFAULT_PRIORITY_WEIGHTING,
  wishlistLockAt: null,
};

/** Percent with two decimals as basis points, exactly ('12.5' → 1250). */
export const basisPointsOf = (percentValue: number): number => centsOf(percentValue.toFixed(2));

/** The DKP values in cents, for the arithmetic of loot-points. */
export function dkpRulesInCents(rules: LootRules['dkp']) {
  return {
    onTime: centsOf(rules.onTime),
    late: centsOf(rules.late),
    bench: centsOf(rules.bench),
    pricing: rules.pricing,
    slotPrices: Object.fromEntries(LOOT_SLOTS.map((slot) => [slot, centsOf(rules.slotPrices[slot])])) as Record<LootSlot, Cents>,
    decayBasisPoints: basisPointsOf(rules.decayPercent),
  };
}

/** The EPGP values in cents, for the arithmetic of loot-points. */
export function epgpRulesInCents(rules: LootRules['epgp']) {
  return {
    raidEp: centsOf(rules.raidEp),
    bossEp: centsOf(rules.bossEp),
    benchPercent: rules.benchPercent,
    baseGp: centsOf(rules.baseGp),
    slotWeights: rules.slotWeights,
    decayBasisPoints: basisPointsOf(rules.decayPercent),
  };
}
