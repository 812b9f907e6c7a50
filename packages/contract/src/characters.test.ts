import { describe, expect, it } from 'vitest';
import { characterRanksText } from './characters';

describe('characterRanksText', () => {
  it('reads the guild rank and the team rank side by side, either alone, or nothing', () => {
    expect(characterRanksText(2, 'Trial')).toBe('2 · Trial');
    expect(characterRanksText(0, null)).toBe('0');
    expect(characterRanksText(null, 'Main')).toBe('Main');
    expect(characterRanksText(null, '')).toBeNull();
    expect(characterRanksText(null, null)).toBeNull();
  });
});
