import { z } from 'zod';
import { MESSAGES } from '../messages';
import type { PermissionHolder } from '../permissions';
import { type AdminTwoFactorStatus, type TwoFactorMethod, twoFactorCode } from './admin-two-factor';
import { endpoint } from './common';

// The own account's two-factor sign-in and who must use it: apart from the sign-in's schemas and texts
// (admin-two-factor.ts), which every page's first paint carries, since only the console's own pages need these.

const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => (days === 1 ? 'in 1 day' : `in ${days} days`);

/** The console's texts of the own two-factor sign-in and another admin's reset. */
export const TWO_FACTOR_ACCOUNT_MESSAGES = {
  /** The console's banner during the grace. */
  graceLeft: (days: number) => `Two-factor sign-in is required for your account: turn it on ${inDays(days)}`,
  resetConfirm: (username: string) =>
    `Turn off two-factor sign-in for ${username}? They sign in with their password alone until they enrol again; their recovery codes and passkeys stop working.`,
  recoveryCodesSaved: 'I have saved these recovery codes',
  /** Turning the authenticator app off while passkeys remain: two-factor sign-in stays on, and so do the codes. */
  authenticatorRemoved: 'The authenticator app is removed; your passkeys and recovery codes still sign you in',
} as const;

const done = z.object({ success: z.literal(true), message: z.string() });
const withRecoveryCodes = done.extend({
  recoveryCodes: z.array(z.string()).describe('One-time recovery codes, shown this once; only their hashes are stored'),
});

/** The signed-in admin's own two-factor sign-in (TOTP). */
export const adminTwoFactorApi = {
  setup: endpoint({
    method: 'POST',
    path: '/api/admin/auth/two-factor/totp/setup',
    summary: 'Start enrolling an authenticator app (asks for the current password); nothing is on until confirmed',
    body: z.object({ password: z.string().min(1, MESSAGES.passwordRequired) }),
    response: done.extend({
      otpauthUri: z.string().describe('The otpauth:// URI to show as a QR code'),
      secret: z.string().describe('The same secret in base32, to type in by hand'),
    }),
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/api/admin/auth/two-factor/totp/confirm',
    summary: 'Turn two-factor sign-in on with a code from the app just enrolled; answers the recovery codes once',
    body: z.object({ code: twoFactorCode }),
    response: withRecoveryCodes,
  }),
  disable: endpoint({
    method: 'DELETE',
    path: '/api/admin/auth/two-factor/totp',
    summary: 'Turn two-factor sign-in off (asks for the current password and a code)',
    body: z.object({ password: z.string().min(1, MESSAGES.passwordRequired), code: twoFactorCode }),
    response: done,
  }),
  regenerateRecoveryCodes: endpoint({
    method: 'POST',
    path: '/api/admin/auth/two-factor/recovery-codes',
    summary: 'Replace the recovery codes of any second factor (asks for the current password); answers the new ones once',
    body: z.object({ password: z.string().min(1, MESSAGES.passwordRequired) }),
    response: withRecoveryCodes,
  }),
} as const;

/** The system settings that decide who must use two-factor sign-in. */
export interface TwoFactorPolicy {
  isRequiredForAll: boolean;
  graceDays: number;
}

/** Whether an admin must use two-factor sign-in: superadmins and admin.full_access always, others when the policy says all. */
export function isTwoFactorRequired(admin: PermissionHolder, policy: Pick<TwoFactorPolicy, 'isRequiredForAll'>): boolean {
  return policy.isRequiredForAll || admin.role === 'superadmin' || admin.permissions.includes('admin.full_access');
}

/**
 * The two-factor status of an admin. Any second factor that is on (an authenticator app or a passkey) counts. The
 * grace runs from the first sign-in at which it was required (graceStartedAt; null: it starts now) for the policy's
 * days; a grace of 0 days asks for enrolment at once.
 */
export function twoFactorStatusOf(
  admin: PermissionHolder & { twoFactorMethods: readonly TwoFactorMethod[]; twoFactorGraceStartedAt: Date | null },
  policy: TwoFactorPolicy,
  now = new Date(),
): AdminTwoFactorStatus {
  const isRequired = isTwoFactorRequired(admin, policy);
  const methods = [...admin.twoFactorMethods];
  const isEnabled = methods.length > 0;
  if (!isRequired || isEnabled) {
    return { isEnabled, methods, isRequired, graceEndsAt: null, isEnrolmentRequired: false };
  }
  const startedAt = admin.twoFactorGraceStartedAt ?? now;
  const graceEndsAt = new Date(startedAt.getTime() + policy.graceDays * DAY_MS);
  return {
    isEnabled: false,
    methods,
    isRequired,
    graceEndsAt: graceEndsAt.toISOString(),
    isEnrolmentRequired: graceEndsAt.getTime() <= now.getTime(),
  };
}

/** Whole days left of a grace ending at graceEndsAt (a part of a day counts as one); 0 once it is over. */
export function graceDaysLeft(graceEndsAt: string, now = new Date()): number {
  return Math.max(0, Math.ceil((new Date(graceEndsAt).getTime() - now.getTime()) / DAY_MS));
}
