import { describe, expect, it } from 'vitest';
import { actionsFor, adminUserStatusText, viewerOf } from './admin-user-rules';

describe('an admin row', () => {
  it('offers unlock only while locked, disable or enable by state, and only deletion once deleted', () => {
    expect(actionsFor({ status: 'active' })).toEqual(['edit', 'sessions', 'reset-password', 'disable', 'delete']);
    expect(actionsFor({ status: 'locked' })).toEqual(['edit', 'sessions', 'reset-password', 'unlock', 'disable', 'delete']);
    expect(actionsFor({ status: 'disabled' })).toEqual(['edit', 'sessions', 'reset-password', 'enable', 'delete']);
    expect(actionsFor({ status: 'deleted' })).toEqual(['delete']);
    expect(actionsFor({ status: 'deleted', twoFactorEnabled: true })).toEqual(['delete']);
  });

  it('offers a two-factor reset only where it is on, and never on the own row', () => {
    expect(actionsFor({ status: 'active', twoFactorEnabled: true })).toContain('reset-two-factor');
    expect(actionsFor({ status: 'active', twoFactorEnabled: false })).not.toContain('reset-two-factor');
    expect(actionsFor({ status: 'active', twoFactorEnabled: true }, { isSelf: true, isWithinReach: true })).not.toContain(
      'reset-two-factor',
    );
    expect(actionsFor({ status: 'active', twoFactorEnabled: true }, { isSelf: false, isWithinReach: false })).toEqual([]);
  });

  it("offers nothing on an admin out of reach, and no reset of one's own password", () => {
    const manager = { id: 'me', role: 'custom', permissions: ['admin.manage_users'] };
    const full = { id: 'x', role: 'admin', effectivePermissions: ['admin.full_access'] };
    const weaker = { id: 'y', role: 'viewer', effectivePermissions: [] };
    expect(viewerOf(full, manager)).toEqual({ isSelf: false, isWithinReach: false });
    expect(actionsFor({ status: 'active' }, viewerOf(full, manager))).toEqual([]);
    expect(actionsFor({ status: 'active' }, viewerOf(weaker, manager))).toContain('reset-password');
    const self = viewerOf({ id: 'me', role: 'custom', effectivePermissions: ['admin.manage_users'] }, manager);
    expect(actionsFor({ status: 'active' }, self)).toEqual(['edit', 'sessions', 'disable', 'delete']);
    expect(viewerOf(weaker, null).isWithinReach).toBe(false);
  });

  it('reads its status, a lock with its end', () => {
    expect(adminUserStatusText({ status: 'active', lockedUntil: null })).toBe('Active');
    expect(adminUserStatusText({ status: 'locked', lockedUntil: '2026-03-03T16:05:00Z' }, 'en-US')).toMatch(
      /^Locked until Mar 3, 2026, \d{1,2}:05 (AM|PM)$/,
    );
    expect(adminUserStatusText({ status: 'locked', lockedUntil: null })).toBe('Locked');
  });
});
