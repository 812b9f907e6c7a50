import { DISCORD_SIGN_IN_ERRORS } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { discordErrorText } from './discord-error-text';

describe('discordErrorText', () => {
  it('names the known codes and falls back for others', () => {
    expect(discordErrorText(null)).toBeNull();
    expect(discordErrorText('access_denied')).toBe(DISCORD_SIGN_IN_ERRORS.access_denied);
    expect(discordErrorText('toString')).toBe(DISCORD_SIGN_IN_ERRORS.exchange_failed);
    expect(discordErrorText('something_new')).toBe(DISCORD_SIGN_IN_ERRORS.exchange_failed);
  });
});
