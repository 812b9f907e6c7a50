import { describe, expect, it } from 'vitest';
import { cellText } from './raw-cells';

describe('raw data cells', () => {
  it('writes cells as text', () => {
    expect(cellText(null)).toBe('—');
    expect(cellText({ a: 1 })).toBe('{"a":1}');
    expect(cellText(['x', 'y'])).toBe('["x","y"]');
    expect(cellText(false)).toBe('false');
    expect(cellText(12.5)).toBe('12.5');
  });
});
