import { describe, expect, it } from 'vitest';
import { bellCount } from './bell-count';

describe('bellCount', () => {
  it('shows the number up to 9, then 9+', () => {
    expect(bellCount(1)).toBe('1');
    expect(bellCount(9)).toBe('9');
    expect(bellCount(10)).toBe('9+');
  });
});
