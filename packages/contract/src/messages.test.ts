import { describe, expect, it } from 'vitest';
import { ADMIN_LOGIN_SERVER_ERRORS, tryAgainIn, waitInWords } from './messages';

describe('waitInWords', () => {
  it('says seconds under a minute, and rounds a longer wait up to whole minutes', () => {
    expect(waitInWords(1)).toBe('1 second');
    expect(waitInWords(0.2)).toBe('1 second');
    expect(waitInWords(45)).toBe('45 seconds');
    expect(waitInWords(60)).toBe('1 minute');
    expect(waitInWords(61)).toBe('2 minutes');
    expect(waitInWords(14 * 60 + 1)).toBe('15 minutes');
  });

  it('says hours and minutes past an hour', () => {
    expect(waitInWords(3600)).toBe('1 hour');
    expect(waitInWords(3600 + 5 * 60)).toBe('1 hour 5 minutes');
    expect(waitInWords(2 * 3600 + 60)).toBe('2 hours 1 minute');
  });
});

describe('the admin sign-in limit texts', () => {
  it('names the rate limit (the words the login page maps) and the wait', () => {
    expect(ADMIN_LOGIN_SERVER_ERRORS.rateLimited(840)).toBe(
      'Too many failed sign-ins from this address (rate limit). Try again in 14 minutes.',
    );
    expect(tryAgainIn(30)).toBe('You can try again in 30 seconds.');
  });
});
