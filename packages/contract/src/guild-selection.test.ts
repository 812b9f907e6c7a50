import { describe, expect, it } from 'vitest';
import { resolveGuildSelection } from './guild-selection';

describe('resolveGuildSelection (spec 1 §4)', () => {
  it('none available: bot status none, the first guild overall, selection still required', () => {
    expect(resolveGuildSelection([], ['a', 'b'], null)).toEqual({
      botStatus: 'none',
      selectedGuildId: 'a',
      requiresGuildSelection: true,
    });
    expect(resolveGuildSelection([], [], 'x')).toEqual({
      botStatus: 'none',
      selectedGuildId: null,
      requiresGuildSelection: true,
    });
  });

  it('one available: selected automatically, replacing a stored guild that is not available', () => {
    expect(resolveGuildSelection(['b'], ['a', 'b'], null)).toEqual({
      botStatus: 'single',
      selectedGuildId: 'b',
      requiresGuildSelection: false,
    });
    expect(resolveGuildSelection(['b'], ['a', 'b'], 'a').selectedGuildId).toBe('b');
    expect(resolveGuildSelection(['b'], ['a', 'b'], 'b').selectedGuildId).toBe('b');
  });

  it('several: keeps an available stored guild', () => {
    expect(resolveGuildSelection(['a', 'b'], ['a', 'b', 'c'], 'b')).toEqual({
      botStatus: 'multiple',
      selectedGuildId: 'b',
      requiresGuildSelection: false,
    });
  });

  it('several: replaces a stored guild that is not available by the first available', () => {
    expect(resolveGuildSelection(['a', 'b'], ['a', 'b', 'c'], 'c')).toEqual({
      botStatus: 'multiple',
      selectedGuildId: 'a',
      requiresGuildSelection: false,
    });
  });

  it('several with nothing stored: the user must choose', () => {
    expect(resolveGuildSelection(['a', 'b'], ['a', 'b', 'c'], null)).toEqual({
      botStatus: 'multiple',
      selectedGuildId: null,
      requiresGuildSelection: true,
    });
  });
});
