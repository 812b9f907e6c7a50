import { describe, expect, it } from 'vitest';
import { type RoleSyncMember, roleSyncMarkOf } from './role-sync';

const member = (overrides: Partial<RoleSyncMember> = {}): RoleSyncMember => ({
  isOnRoster: true,
  isTrial: false,
  isInactive: false,
  standing: { meetsRule: true },
  ...overrides,
});

describe('the mark whose Discord role a member holds', () => {
  it('is raider for an active member keeping the rule, bench below it', () => {
    expect(roleSyncMarkOf(member())).toBe('raider');
    expect(roleSyncMarkOf(member({ standing: { meetsRule: false } }))).toBe('bench');
  });

  it('puts the officers’ marks first: inactive before trial, whatever the attendance', () => {
    expect(roleSyncMarkOf(member({ isTrial: true, standing: { meetsRule: false } }))).toBe('trial');
    expect(roleSyncMarkOf(member({ isTrial: true, isInactive: true }))).toBe('inactive');
  });

  it('is none off the roster, marks or not', () => {
    expect(roleSyncMarkOf(member({ isOnRoster: false }))).toBeNull();
    expect(roleSyncMarkOf(member({ isOnRoster: false, isTrial: true }))).toBeNull();
  });
});
