import { describe, expect, it } from 'vitest';
import { amountField, DEFAULT_LOOT_RULES, LOOT_MESSAGES, lootRulesSchema } from './loot';

describe('loot amounts and values', () => {
  it('takes numeric text with two decimals at most and refuses anything else with its message', () => {
    expect(amountField.parse(' -7.5 ')).toBe('-7.5');
    for (const bad of ['1.234', 'ten', '\u0000', '9'.repeat(100_000), '2000000']) {
      const parsed = amountField.safeParse(bad);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(LOOT_MESSAGES.amount);
    }
  });

  it('keeps the defaults valid', () => {
    expect(lootRulesSchema.parse(DEFAULT_LOOT_RULES)).toEqual(DEFAULT_LOOT_RULES);
  });
});
