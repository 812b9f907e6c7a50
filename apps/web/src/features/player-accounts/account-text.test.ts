import { describe, expect, it } from 'vitest';
import { discordHandle, formatAccountDate, formatRate, levelText, linkCompleteness } from './account-text';

describe('account text', () => {
  it("writes a creation time as 'MMM d, yyyy h:mm a'", () => {
    expect(formatAccountDate(new Date(2026, 2, 3, 21, 5).toISOString())).toBe('Mar 3, 2026 9:05 PM');
    expect(formatAccountDate(new Date(2026, 10, 23, 0, 40).toISOString())).toBe('Nov 23, 2026 12:40 AM');
    expect(formatAccountDate(new Date(2026, 0, 9, 12, 0).toISOString())).toBe('Jan 9, 2026 12:00 PM');
  });

  it('tells fully, partially and not linked apart', () => {
    expect(linkCompleteness({ linkState: { discord: true, battlenet: true, fully: true } })).toBe('fully');
    expect(linkCompleteness({ linkState: { discord: false, battlenet: true, fully: false } })).toBe('partial');
    expect(linkCompleteness({ linkState: { discord: false, battlenet: false, fully: false } })).toBe('none');
  });

  it("hides the discriminator '0', shows rates with one decimal and an unknown level as '?'", () => {
    const metadata = { username: 'ana', globalName: null, avatar: null, linkedAt: null };
    expect(discordHandle({ ...metadata, discriminator: '0' })).toBe('@ana');
    expect(discordHandle({ ...metadata, discriminator: '1234' })).toBe('@ana#1234');
    expect(formatRate(42.46)).toBe('42.5%');
    expect(formatRate(100)).toBe('100%');
    expect(levelText(null)).toBe('?');
    expect(levelText(80)).toBe('80');
  });
});
