import { ADMIN_SESSION_IDLE_MS } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { sessionExpiresAt, sessionState, shouldTouch } from './session-rules';

const HOUR = 60 * 60 * 1000;
const now = new Date('2026-05-01T12:00:00Z');
const times = (overrides: Partial<Parameters<typeof sessionState>[0]> = {}) => ({
  lastSeenAt: new Date(now.getTime() - HOUR),
  absoluteExpiresAt: new Date(now.getTime() + 20 * HOUR),
  revokedAt: null,
  revokedReason: null,
  isAdminActive: true,
  ...overrides,
});

describe('admin session rules', () => {
  it('ends at the earlier of the sliding idle limit and the absolute limit', () => {
    expect(sessionExpiresAt(times()).getTime()).toBe(now.getTime() - HOUR + ADMIN_SESSION_IDLE_MS);
    const nearAbsolute = times({ absoluteExpiresAt: new Date(now.getTime() + HOUR) });
    expect(sessionExpiresAt(nearAbsolute).getTime()).toBe(now.getTime() + HOUR);
  });

  it('is active, expired after 8 idle hours, or revoked', () => {
    expect(sessionState(times(), now).state).toBe('active');
    expect(sessionState(times({ lastSeenAt: new Date(now.getTime() - 9 * HOUR) }), now).state).toBe('expired');
    expect(sessionState(times({ absoluteExpiresAt: new Date(now.getTime() - 1) }), now).state).toBe('expired');
    expect(sessionState(times({ revokedAt: now, revokedReason: 'logout' }), now)).toEqual({ state: 'revoked', reason: 'logout' });
    expect(sessionState(times({ isAdminActive: false }), now)).toEqual({ state: 'revoked', reason: 'account_disabled' });
  });

  it('writes last_seen_at at most once a minute', () => {
    expect(shouldTouch(new Date(now.getTime() - 30_000), now)).toBe(false);
    expect(shouldTouch(new Date(now.getTime() - 60_000), now)).toBe(true);
  });
});
