import { describe, expect, it } from 'vitest';
import { judgeSession } from './session-watch';

const now = new Date('2026-05-01T12:00:00Z');
const inMinutes = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('judgeSession', () => {
  it('warns once when the session ends within 15 minutes', () => {
    const state = { state: 'active', expiresAt: inMinutes(10) } as const;
    expect(judgeSession(state, null, now)).toEqual({ action: 'warn', expiresAt: inMinutes(10) });
    expect(judgeSession(state, inMinutes(10).getTime(), now)).toEqual({ action: 'none' });
    // Activity pushed the end out and back in: a new warning for the new end.
    expect(judgeSession({ state: 'active', expiresAt: inMinutes(12) }, inMinutes(10).getTime(), now).action).toBe('warn');
  });

  it('stays quiet while the end is far', () => {
    expect(judgeSession({ state: 'active', expiresAt: inMinutes(60) }, null, now)).toEqual({ action: 'none' });
  });

  it("forces a logout for any ending but the session's own logout", () => {
    expect(judgeSession({ state: 'revoked', reason: 'password_changed' }, null, now).action).toBe('force-logout');
    expect(judgeSession({ state: 'revoked', reason: 'revoked_by_admin' }, null, now).action).toBe('force-logout');
    expect(judgeSession(null, null, now).action).toBe('force-logout');
    expect(judgeSession({ state: 'revoked', reason: 'logout' }, null, now).action).toBe('disconnect');
    expect(judgeSession({ state: 'expired', expiresAt: inMinutes(-1) }, null, now).action).toBe('disconnect');
  });
});
