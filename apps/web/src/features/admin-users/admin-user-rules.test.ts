import { describe, expect, it } from 'vitest';
import { actionsFor, adminUserStatusText } from './admin-user-rules';

describe('an admin row', () => {
  const other = { isSelf: false, canAct: true };
  const own = { isSelf: true, canAct: true };
  const outOfReach = { isSelf: false, canAct: false };

  it('offers unlock only while locked, disable or enable by state, and only deletion once deleted', () => {
    expect(actionsFor({ status: 'active', abilities: other })).toEqual([
      'edit',
      'sessions',
      'reset-password',
      'disable',
      'delete',
    ]);
    expect(actionsFor({ status: 'locked', abilities: other })).toEqual([
      'edit',
      'sessions',
      'reset-password',
      'unlock',
      'disable',
      'delete',
    ]);
    expect(actionsFor({ status: 'disabled', abilities: other })).toEqual([
      'edit',
      'sessions',
      'reset-password',
      'enable',
      'delete',
    ]);
    expect(actionsFor({ status: 'deleted', abilities: other })).toEqual(['delete']);
    expect(actionsFor({ status: 'deleted', abilities: other, twoFactorEnabled: true })).toEqual(['delete']);
  });

  it('offers a two-factor reset only where it is on, and never on the own row', () => {
    expect(actionsFor({ status: 'active', abilities: other, twoFactorEnabled: true })).toContain('reset-two-factor');
    expect(actionsFor({ status: 'active', abilities: other, twoFactorEnabled: false })).not.toContain('reset-two-factor');
    expect(actionsFor({ status: 'active', abilities: own, twoFactorEnabled: true })).not.toContain('reset-two-factor');
  });

  it("offers nothing on an admin out of reach (the server's answer), and no reset of one's own password", () => {
    expect(actionsFor({ status: 'active', abilities: outOfReach, twoFactorEnabled: true })).toEqual([]);
    expect(actionsFor({ status: 'active', abilities: own })).toEqual(['edit', 'sessions', 'disable', 'delete']);
  });

  it('reads its status, a lock with its end', () => {
    expect(adminUserStatusText({ status: 'active', lockedUntil: null })).toBe('Active');
    expect(adminUserStatusText({ status: 'locked', lockedUntil: '2026-03-03T16:05:00Z' }, 'en-US')).toMatch(
      /^Locked until Mar 3, 2026, \d{1,2}:05 (AM|PM)$/,
    );
    expect(adminUserStatusText({ status: 'locked', lockedUntil: null })).toBe('Locked');
  });
});
