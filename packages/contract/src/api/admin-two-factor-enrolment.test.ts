import { describe, expect, it } from 'vitest';
import { graceDaysLeft, isTwoFactorRequired, TWO_FACTOR_ACCOUNT_MESSAGES, twoFactorStatusOf } from './admin-two-factor-enrolment';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-03-10T12:00:00Z');
const policy = { isRequiredForAll: false, graceDays: 7 };
const admin = (
  role: string,
  permissions: string[] = [],
  extra: Partial<{ methods: ('totp' | 'passkey')[]; started: Date | null }> = {},
) => ({
  role,
  permissions,
  twoFactorMethods: extra.methods ?? [],
  twoFactorGraceStartedAt: extra.started ?? null,
});

describe('isTwoFactorRequired', () => {
  it('requires it of superadmins and admin.full_access, of others only when the policy says all', () => {
    expect(isTwoFactorRequired(admin('superadmin'), policy)).toBe(true);
    expect(isTwoFactorRequired(admin('admin', ['admin.full_access']), policy)).toBe(true);
    expect(isTwoFactorRequired(admin('custom', ['admin.full_access']), policy)).toBe(true);
    expect(isTwoFactorRequired(admin('viewer', ['admin.system_monitoring']), policy)).toBe(false);
    expect(isTwoFactorRequired(admin('viewer', []), { isRequiredForAll: true })).toBe(true);
  });
});

describe('twoFactorStatusOf', () => {
  it('starts the grace now when it has not begun, and ends it after the policy days', () => {
    expect(twoFactorStatusOf(admin('superadmin'), policy, NOW)).toEqual({
      isEnabled: false,
      methods: [],
      isRequired: true,
      graceEndsAt: new Date(NOW.getTime() + 7 * DAY_MS).toISOString(),
      isEnrolmentRequired: false,
    });
  });

  it('asks for enrolment once the grace is over, and at once with 0 days', () => {
    const started = new Date(NOW.getTime() - 7 * DAY_MS);
    expect(twoFactorStatusOf(admin('superadmin', [], { started }), policy, NOW).isEnrolmentRequired).toBe(true);
    expect(twoFactorStatusOf(admin('superadmin'), { ...policy, graceDays: 0 }, NOW).isEnrolmentRequired).toBe(true);
  });

  it('has no grace for an admin with it on, or one it is not required of', () => {
    const started = new Date(NOW.getTime() - 30 * DAY_MS);
    expect(twoFactorStatusOf(admin('superadmin', [], { methods: ['totp'], started }), policy, NOW)).toEqual({
      isEnabled: true,
      methods: ['totp'],
      isRequired: true,
      graceEndsAt: null,
      isEnrolmentRequired: false,
    });
    // A passkey alone counts as two-factor sign-in.
    expect(twoFactorStatusOf(admin('superadmin', [], { methods: ['passkey'], started }), policy, NOW)).toMatchObject({
      isEnabled: true,
      methods: ['passkey'],
      isEnrolmentRequired: false,
    });
    expect(twoFactorStatusOf(admin('viewer', [], { started }), policy, NOW)).toMatchObject({
      isRequired: false,
      isEnrolmentRequired: false,
    });
  });
});

describe('graceDaysLeft', () => {
  it('counts a part of a day as a day, and nothing once over', () => {
    expect(graceDaysLeft(new Date(NOW.getTime() + 7 * DAY_MS).toISOString(), NOW)).toBe(7);
    expect(graceDaysLeft(new Date(NOW.getTime() + 60_000).toISOString(), NOW)).toBe(1);
    expect(graceDaysLeft(new Date(NOW.getTime() - 60_000).toISOString(), NOW)).toBe(0);
    expect(TWO_FACTOR_ACCOUNT_MESSAGES.graceLeft(1)).toContain('in 1 day');
    expect(TWO_FACTOR_ACCOUNT_MESSAGES.graceLeft(3)).toContain('in 3 days');
  });
});
