import { describe, expect, it } from 'vitest';
import { healthTone } from './health-tone';

describe('healthTone (spec 2 §4)', () => {
  it.each([
    ['healthy', 'good'],
    ['connected', 'good'],
    ['degraded', 'warn'],
    ['warning', 'warn'],
    ['down', 'bad'],
    ['not_configured', 'unknown'],
    [undefined, 'bad'],
  ] as const)('%s is %s', (status, tone) => {
    expect(healthTone(status)).toBe(tone);
  });
});
