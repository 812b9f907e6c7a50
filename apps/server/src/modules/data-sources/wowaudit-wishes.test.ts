import { describe, expect, it } from 'vitest';
import type { WowAuditWishedItem } from '../../services/game-data/wowaudit';
import { rankWishes } from './wowaudit-wishes';

const item = (itemId: number, percentage: number, more: Partial<WowAuditWishedItem> = {}): WowAuditWishedItem => ({
  itemId,
  name: `Item ${itemId}`,
  instance: 'Manaforge Omega',
  difficulty: 'mythic',
  encounter: 'Fractillus',
  percentage,
  upgrade: null,
  comment: null,
  ...more,
});

describe("WoWAudit's items as wishlist lines", () => {
  it('lists each item once, at its best sighting, by upgrade then by the wish’s size', () => {
    const lines = rankWishes([
      item(1, 1.2, { difficulty: 'heroic' }),
      item(2, 0, { upgrade: 'big' }),
      item(1, 2.5),
      item(3, 0, { upgrade: 'huge', comment: 'BIS' }),
      item(4, 0.4),
    ]);
    expect(lines.map((line) => line.itemId)).toEqual([1, 4, 3, 2]);
    expect(lines[0]!.note).toBe('WoWAudit: +2.5% · Fractillus (Manaforge Omega, mythic)');
    expect(lines[2]!.note).toBe('WoWAudit: BIS · huge upgrade · Fractillus (Manaforge Omega, mythic)');
  });

  it('leaves out what helps nothing, and keeps notes within the wishlist’s 200 characters', () => {
    expect(rankWishes([item(5, 0)])).toEqual([]);
    const [line] = rankWishes([item(6, 1, { encounter: 'x'.repeat(300) })]);
    expect(line!.note).toHaveLength(200);
  });
});
