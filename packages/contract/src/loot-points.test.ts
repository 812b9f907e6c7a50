import { describe, expect, it } from 'vitest';
import {
  amountText,
  attendanceRateText,
  centsOf,
  type DkpRules,
  divideRounded,
  dkpDecay,
  dkpEarned,
  dkpPrice,
  type EpgpRules,
  epEarned,
  epgpDecay,
  itemGp,
  type LedgerAmounts,
  LOOT_SLOTS,
  type LootSlot,
  priorityText,
  standingOf,
  weightingScore,
} from './loot-points';

const everySlot = (value: number) => Object.fromEntries(LOOT_SLOTS.map((slot) => [slot, value])) as Record<LootSlot, number>;

const dkp: DkpRules = {
  onTime: 1000,
  late: 500,
  bench: 300,
  pricing: 'slot',
  slotPrices: { ...everySlot(2000), chest: 3000 },
  decayBasisPoints: 1000,
};
const epgp: EpgpRules = {
  raidEp: 10_000,
  bossEp: 2000,
  benchPercent: 50,
  baseGp: 10_000,
  slotWeights: { ...everySlot(100), trinket: 125 },
  decayBasisPoints: 1000,
};

const points = (value: number): LedgerAmounts => ({ points: value, ep: 0, gp: 0 });
const balance = (ledger: readonly LedgerAmounts[]) => standingOf(ledger, 0).points;

describe('exact amounts', () => {
  it('rounds half away from zero, on integers only', () => {
    expect(divideRounded(95, 10)).toBe(10);
    expect(divideRounded(94, 10)).toBe(9);
    expect(divideRounded(-95, 10)).toBe(-10);
    expect(divideRounded(0, 7)).toBe(0);
    expect(() => divideRounded(1.5, 2)).toThrow(RangeError);
  });

  it('reads numeric text as cents and writes it back with two decimals', () => {
    expect(centsOf('12.5')).toBe(1250);
    expect(centsOf('-0.07')).toBe(-7);
    expect(centsOf('30')).toBe(3000);
    expect(centsOf('0.1') + centsOf('0.2')).toBe(centsOf('0.3'));
    expect(amountText(-7)).toBe('-0.07');
    expect(amountText(147_110)).toBe('1471.10');
    expect(() => centsOf('ten')).toThrow(RangeError);
  });
});

describe('DKP against a ledger computed by hand', () => {
  it('earns per raid by presence, pays the slot price or the bid', () => {
    expect(dkpEarned(dkp, 'on_time')).toBe(1000);
    expect(dkpEarned(dkp, 'late')).toBe(500);
    expect(dkpEarned(dkp, 'bench')).toBe(300);
    expect(dkpPrice(dkp, 'chest', null)).toBe(3000);
    expect(dkpPrice(dkp, 'neck', 9900)).toBe(2000);
    expect(dkpPrice({ ...dkp, pricing: 'bid' }, 'neck', 4550)).toBe(4550);
  });

  it('decays weekly across months, with a correction in between', () => {
    const ledger: LedgerAmounts[] = [];
    const add = (value: number) => {
      ledger.push(points(value));
      return balance(ledger);
    };
    // January: three raids (on time, on time, late), then the first week's decay of 10 %.
    add(dkpEarned(dkp, 'on_time'));
    add(dkpEarned(dkp, 'on_time'));
    expect(add(dkpEarned(dkp, 'late'))).toBe(2500);
    expect(dkpDecay(balance(ledger), dkp.decayBasisPoints)).toBe(-250);
    expect(add(dkpDecay(balance(ledger), dkp.decayBasisPoints))).toBe(2250);
    // A chest for 30 takes the balance below zero; a bench night; decay shrinks the debt toward zero.
    expect(add(-dkpPrice(dkp, 'chest', null))).toBe(-750);
    expect(add(dkpEarned(dkp, 'bench'))).toBe(-450);
    expect(add(dkpDecay(balance(ledger), dkp.decayBasisPoints))).toBe(-405);
    // An officer's correction: the second raid should have counted 5 more.
    expect(add(500)).toBe(95);
    // 9.5 cents of decay rounds to 10.
    expect(add(dkpDecay(balance(ledger), dkp.decayBasisPoints))).toBe(85);
    // February and March without raids: six more weeks, each rounded by hand.
    const weekly = [76, 68, 61, 55, 49, 44];
    for (const expected of weekly) expect(add(dkpDecay(balance(ledger), dkp.decayBasisPoints))).toBe(expected);
    expect(ledger).toHaveLength(15);
    expect(amountText(balance(ledger))).toBe('0.44');
  });
});

describe('EPGP against a ledger computed by hand', () => {
  it('earns EP per raid and boss, charges GP by item level and slot', () => {
    expect(epEarned(epgp, 'on_time', 4)).toBe(18_000);
    expect(epEarned(epgp, 'late', 0)).toBe(10_000);
    expect(epEarned(epgp, 'bench', 5)).toBe(10_000);
    expect(itemGp(epgp, 'chest', 639)).toBe(63_900);
    // 645 × 1.25 = 806.25: whole points, rounded.
    expect(itemGp(epgp, 'trinket', 645)).toBe(80_600);
  });

  it('decays EP and GP by percent, keeps GP at the base at least, and orders by EP / GP', () => {
    const ledger: LedgerAmounts[] = [];
    const add = (ep: number, gp: number) => {
      ledger.push({ points: 0, ep, gp });
      return standingOf(ledger, epgp.baseGp);
    };
    add(epEarned(epgp, 'on_time', 4), 0);
    const afterChest = add(0, itemGp(epgp, 'chest', 639));
    expect(afterChest).toMatchObject({ ep: 18_000, gp: 73_900 });
    expect(priorityText(afterChest.priority)).toBe('0.2436');
    add(epEarned(epgp, 'bench', 5), 0);
    const current = standingOf(ledger, epgp.baseGp);
    const decay = epgpDecay(current.ep, current.gp - epgp.baseGp, epgp);
    expect(decay).toEqual({ ep: -2800, gp: -7390 });
    expect(add(decay.ep, decay.gp)).toMatchObject({ ep: 25_200, gp: 66_510 });
    const afterTrinket = add(0, itemGp(epgp, 'trinket', 645));
    expect(amountText(afterTrinket.gp)).toBe('1471.10');
    expect(priorityText(afterTrinket.priority)).toBe('0.1713');
    // A correction of 50 EP for a kill the log missed.
    expect(priorityText(add(5000, 0).priority)).toBe('0.2053');
  });

  it('never decays GP below the base, and gives no priority without GP', () => {
    expect(epgpDecay(0, 500, epgp)).toEqual({ ep: 0, gp: -500 });
    expect(epgpDecay(1000, 0, epgp)).toEqual({ ep: -100, gp: 0 });
    expect(standingOf([], 0).priority).toBe(0);
  });
});

describe("the priority board's weighting", () => {
  const weighting = { attendancePoints: 100, upgradePenalty: 20 };

  it('scales the attendance points by the share attended, exactly, and takes the penalty per upgrade', () => {
    expect(attendanceRateText({ attended: 2, raids: 3 })).toBe('66.67');
    expect(weightingScore(weighting, { attended: 2, raids: 3 }, 0)).toBe(6667);
    expect(weightingScore(weighting, { attended: 2, raids: 3 }, 1)).toBe(4667);
    expect(weightingScore(weighting, { attended: 1, raids: 3 }, 3)).toBe(3333 - 6000);
    // Seven of eight, 45 points: 39.375 rounds half away from zero.
    expect(weightingScore({ attendancePoints: 45, upgradePenalty: 0 }, { attended: 7, raids: 8 }, 0)).toBe(3938);
  });

  it('gives no attendance points and a rate of zero without a raid in the window', () => {
    expect(attendanceRateText({ attended: 0, raids: 0 })).toBe('0.00');
    expect(weightingScore(weighting, { attended: 0, raids: 0 }, 1)).toBe(-2000);
  });
});
