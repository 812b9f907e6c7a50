// The arithmetic of the guild's loot systems, shared by the server (what it writes to the ledger) and the web (what an
// award will cost). Every amount is a whole number of hundredths ("cents"): sums, decay and prices never go through a
// binary fraction, so a standing is exactly the sum of its ledger entries. The database keeps them as numeric(14, 2).

/** Hundredths of a point: 1250 is 12.50. */
export type Cents = number;

/** The item slots an award names; prices and GP weights are set per slot. */
export const LOOT_SLOTS = [
  'head',
  'neck',
  'shoulder',
  'back',
  'chest',
  'wrist',
  'hands',
  'waist',
  'legs',
  'feet',
  'finger',
  'trinket',
  'one_hand',
  'two_hand',
  'off_hand',
  'ranged',
  'token',
  'other',
] as const;
/** An item slot. */
export type LootSlot = (typeof LOOT_SLOTS)[number];

/** How a slot is named on screen. */
export const LOOT_SLOT_LABELS: Readonly<Record<LootSlot, string>> = {
  head: 'Head',
  neck: 'Neck',
  shoulder: 'Shoulder',
  back: 'Back',
  chest: 'Chest',
  wrist: 'Wrist',
  hands: 'Hands',
  waist: 'Waist',
  legs: 'Legs',
  feet: 'Feet',
  finger: 'Finger',
  trinket: 'Trinket',
  one_hand: 'One-hand weapon',
  two_hand: 'Two-hand weapon',
  off_hand: 'Off hand',
  ranged: 'Ranged weapon',
  token: 'Tier token',
  other: 'Other',
};

/** DKP: points per raid by how a character came, the price of an item (by slot, or the winning bid), weekly decay. */
export interface DkpRules {
  onTime: Cents;
  late: Cents;
  bench: Cents;
  pricing: 'slot' | 'bid';
  /** The price of an item by slot when pricing is 'slot'. */
  slotPrices: Record<LootSlot, Cents>;
  /** Percent of a balance taken away each week, in hundredths of a percent (1000 = 10 %). */
  decayBasisPoints: number;
}

/** EPGP: effort per raid and per boss killed, gear points per item from its level and slot, weekly decay. */
export interface EpgpRules {
  raidEp: Cents;
  bossEp: Cents;
  /** The share of the raid's EP a benched character earns, in percent. */
  benchPercent: number;
  /** Every member's GP starts here and decay never takes it below: priority is defined from the first raid. */
  baseGp: Cents;
  /** GP of an item = its item level × the slot's weight / 100 (a chest at weight 100 and level 639 costs 639 GP). */
  slotWeights: Record<LootSlot, number>;
  decayBasisPoints: number;
}

/** Exact division of integers, rounded half away from zero (the rounding a person does by hand). */
export function divideRounded(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator === 0) {
    throw new RangeError('divideRounded takes safe integers and a non-zero denominator');
  }
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  const quotient = Math.floor(n / d);
  const remainder = n - quotient * d;
  return sign * (remainder * 2 >= d ? quotient + 1 : quotient) || 0;
}

/** '12.5', '-3', '0.07' (numeric text, as PostgreSQL returns numeric) as cents, without a binary fraction. */
export function centsOf(text: string | number): Cents {
  const value = String(text).trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,2})\d*)?$/.exec(value);
  if (!match) throw new RangeError(`Not an amount: ${value}`);
  const [, minus, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return minus ? -cents || 0 : cents;
}

/** Cents as numeric text with two decimals ('12.50', '-0.07'): what the API sends and the database stores. */
export function amountText(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** An amount as people read it: '12.5' → '12.50', whole numbers without decimals ('30'). */
export function amountLabel(text: string): string {
  const cents = centsOf(text);
  return cents % 100 === 0 ? String(cents / 100) : amountText(cents);
}

/** How a character came to a raid, for the points it earns. */
export type RaidPresence = 'on_time' | 'late' | 'bench';

/** DKP earned for one raid. */
export function dkpEarned(rules: DkpRules, presence: RaidPresence): Cents {
  return presence === 'on_time' ? rules.onTime : presence === 'late' ? rules.late : rules.bench;
}

/** DKP an award costs: the slot's price, or the winning bid. */
export function dkpPrice(rules: DkpRules, slot: LootSlot, bid: Cents | null): Cents {
  if (rules.pricing === 'bid') return bid ?? 0;
  return rules.slotPrices[slot];
}

/** EP earned for one raid: the raid's EP and each boss killed; a benched character its share. */
export function epEarned(rules: EpgpRules, presence: RaidPresence, bossesKilled: number): Cents {
  const full = rules.raidEp + rules.bossEp * bossesKilled;
  return presence === 'bench' ? divideRounded(full * rules.benchPercent, 100) : full;
}

/** GP an item charges: its item level times the slot's weight, in whole points. */
export function itemGp(rules: EpgpRules, slot: LootSlot, itemLevel: number): Cents {
  return divideRounded(itemLevel * rules.slotWeights[slot], 100) * 100;
}

/** A weekly decay of a DKP balance: the change, toward zero (a debt shrinks as a credit does). */
export function dkpDecay(balance: Cents, basisPoints: number): Cents {
  return -divideRounded(balance * basisPoints, 10_000) || 0;
}

/**
 * A weekly decay of EP and GP, as changes to the ledger's sums. GP decays as a whole (base included) but never below
 * the base: the ledger's GP is what a member holds above it.
 */
export function epgpDecay(ep: Cents, gpAboveBase: Cents, rules: EpgpRules): { ep: Cents; gp: Cents } {
  const total = rules.baseGp + gpAboveBase;
  const decayed = Math.max(rules.baseGp, total - divideRounded(total * rules.decayBasisPoints, 10_000));
  return { ep: -divideRounded(ep * rules.decayBasisPoints, 10_000) || 0, gp: decayed - total };
}

/** One ledger entry's amounts: DKP points, or EP and GP. */
export interface LedgerAmounts {
  points: Cents;
  ep: Cents;
  gp: Cents;
}

/** A standing: the sums of the ledger, GP with its base, and the EPGP priority EP / GP to four decimals. */
export interface Standing {
  points: Cents;
  ep: Cents;
  gp: Cents;
  /** EP / GP × 10 000, rounded: 12345 is a priority of 1.2345. */
  priority: number;
}

/** A character's standing from its ledger: nothing but the sum of its entries (and the base GP). */
export function standingOf(entries: readonly LedgerAmounts[], baseGp: Cents): Standing {
  const points = entries.reduce((sum, e) => sum + e.points, 0);
  const ep = entries.reduce((sum, e) => sum + e.ep, 0);
  const gp = baseGp + entries.reduce((sum, e) => sum + e.gp, 0);
  return { points, ep, gp, priority: gp > 0 ? divideRounded(ep * 10_000, gp) : 0 };
}

/** A priority (EP / GP × 10 000) as text with four decimals: 12345 → '1.2345'. */
export const priorityText = (priority: number): string =>
  `${priority < 0 ? '-' : ''}${Math.floor(Math.abs(priority) / 10_000)}.${String(Math.abs(priority) % 10_000).padStart(4, '0')}`;

/** A character's attendance over the priority window: raids attended (present or late) of the guild's raids in it. */
export interface AttendanceCount {
  attended: number;
  raids: number;
}

/** An attendance rate in percent with two decimals ('87.50'), exactly; '0.00' with no raid in the window. */
export const attendanceRateText = ({ attended, raids }: AttendanceCount): string =>
  amountText(raids > 0 ? divideRounded(attended * 10_000, raids) : 0);

/**
 * The guild's weighting of a character on the priority board, in cents: the attendance points scaled by the share of
 * the window's raids attended, less the penalty for each upgrade received in the window.
 */
export function weightingScore(
  weighting: { attendancePoints: number; upgradePenalty: number },
  attendance: AttendanceCount,
  upgrades: number,
): Cents {
  const attendancePart =
    attendance.raids > 0 ? divideRounded(weighting.attendancePoints * 100 * attendance.attended, attendance.raids) : 0;
  return attendancePart - weighting.upgradePenalty * 100 * upgrades;
}
