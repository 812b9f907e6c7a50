import { describe, expect, it } from 'vitest';
import { type CharacterMatch, SKIP_REASONS, selectHighConfidence } from '.';

const match = (characterId: string, memberId: string, score: number): CharacterMatch => ({
  characterId,
  memberId,
  score,
  matchedAgainst: 'nickname',
});

describe('selectHighConfidence', () => {
  it('applies a lone match at or above 0.95 and ignores lower ones', () => {
    const { apply, skipped } = selectHighConfidence([match('c1', 'm1', 0.95), match('c2', 'm2', 0.949)], []);
    expect(apply.map((m) => m.characterId)).toEqual(['c1']);
    expect(skipped).toEqual([]);
  });

  it('skips a character two members match at or above the threshold', () => {
    const matches = [match('c1', 'm1', 1), match('c1', 'm2', 0.96), match('c2', 'm3', 0.99)];
    const { apply, skipped } = selectHighConfidence(matches, []);
    expect(apply.map((m) => m.characterId)).toEqual(['c2']);
    expect(skipped.map((s) => [s.match.memberId, s.reason])).toEqual([
      ['m1', SKIP_REASONS.ambiguous],
      ['m2', SKIP_REASONS.ambiguous],
    ]);
  });

  it('does not call a character ambiguous for a second member below the threshold', () => {
    const { apply } = selectHighConfidence([match('c1', 'm1', 1), match('c1', 'm2', 0.94)], []);
    expect(apply.map((m) => m.memberId)).toEqual(['m1']);
  });

  it('skips a pair that is linked already', () => {
    const { apply, skipped } = selectHighConfidence([match('c1', 'm1', 1)], [{ characterId: 'c1', memberId: 'm1' }]);
    expect(apply).toEqual([]);
    expect(skipped[0]?.reason).toBe(SKIP_REASONS.alreadyLinked);
  });

  it('skips a character linked to another member', () => {
    const { apply, skipped } = selectHighConfidence([match('c1', 'm1', 1)], [{ characterId: 'c1', memberId: 'm9' }]);
    expect(apply).toEqual([]);
    expect(skipped[0]?.reason).toBe(SKIP_REASONS.linkedElsewhere);
  });

  it('lets a member take several characters', () => {
    const { apply } = selectHighConfidence([match('c1', 'm1', 1), match('c2', 'm1', 0.97)], []);
    expect(apply.map((m) => m.characterId)).toEqual(['c1', 'c2']);
  });

  it('counts a pair listed twice once, and takes a custom threshold', () => {
    const { apply } = selectHighConfidence([match('c1', 'm1', 0.9), match('c1', 'm1', 0.91)], [], 0.9);
    expect(apply).toEqual([match('c1', 'm1', 0.91)]);
  });
});
