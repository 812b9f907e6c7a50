import { describe, expect, it } from 'vitest';
import { AUTO_LINK, confidenceBand } from './auto-link';

describe('confidenceBand', () => {
  it.each([
    [1, 'high'],
    [0.95, 'high'],
    [0.949, 'medium'],
    [0.85, 'medium'],
    [0.849, 'low'],
    [0.8, 'low'],
    [0.799, null],
    [0, null],
  ] as const)('%s → %s', (score, band) => {
    expect(confidenceBand(score)).toBe(band);
  });

  it('bands from the search minimum, and applies at the high band (spec 1 §9)', () => {
    expect(AUTO_LINK.bands.low).toBe(AUTO_LINK.minScore);
    expect(AUTO_LINK.bands.high).toBe(AUTO_LINK.applyThreshold);
  });
});
