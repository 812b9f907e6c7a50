import { describe, expect, it } from 'vitest';
import { actionsFor, adminUserStatusText } from './admin-user-rules';

describe('an admin row', () => {
  it('offers unlock only while locked, disable or enable by state, and only deletion once deleted', () => {
    expect(actionsFor({ status: 'active' })).toEqual(['edit', 'sessions', 'reset-password', 'disable', 'delete']);
    expect(actionsFor({ status: 'locked' })).toEqual(['edit', 'sessions', 'reset-password', 'unlock', 'disable', 'delete']);
    expect(actionsFor({ status: 'disabled' })).toEqual(['edit', 'sessions', 'reset-password', 'enable', 'delete']);
    expect(actionsFor({ status: 'deleted' })).toEqual(['delete']);
  });

  it('reads its status, a lock with its end', () => {
    expect(adminUserStatusText({ status: 'active', lockedUntil: null })).toBe('Active');
    expect(adminUserStatusText({ status: 'locked', lockedUntil: '2026-03-03T16:05:00Z' }, 'en-US')).toMatch(
      /^Locked until Mar 3, 2026, \d{1,2}:05 (AM|PM)$/,
    );
    expect(adminUserStatusText({ status: 'locked', lockedUntil: null })).toBe('Locked');
  });
});
