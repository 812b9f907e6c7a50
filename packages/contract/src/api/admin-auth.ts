import { z } from 'zod';
import { adminAbilities } from '../abilities';
import { ADMIN_PASSWORD_MIN_LENGTH } from '../constants';
import { MESSAGES } from '../messages';
import { ADMIN_PASSWORD_TOO_SHORT, adminPasswordProblem, PASSWORD_MESSAGES, PASSWORD_RULE } from '../password-rule';
import { adminLoginSecondStepBody, adminTwoFactorChallenge, adminTwoFactorStatus } from './admin-two-factor';
import { endpoint } from './common';

/** An admin user as the console sees it. */
export const adminUser = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string().nullable(),
  role: z.string(),
  roleLabel: z.string().optional().describe("The role's label as the roles table names it (custom roles too)"),
  permissions: z.array(z.string()),
  isAdmin: z.literal(true),
  lastLoginAt: z.string().nullable(),
  mustChangePassword: z
    .boolean()
    .optional()
    .describe('True until the admin replaces a generated first password; the console then asks for a new one first'),
  abilities: adminAbilities.describe('What the admin may do, for the console to show; every route checks again'),
});
/** An admin user. */
export type AdminUser = z.infer<typeof adminUser>;

/** The admin session's limits. */
export const adminSession = z.object({
  expiresAt: z.string().describe('When the session ends if idle from now on (the earlier of idle and absolute limits)'),
  idleTimeoutMs: z.number(),
  absoluteExpiresAt: z.string(),
});
/** An admin session. */
export type AdminSession = z.infer<typeof adminSession>;

/** Login form and body: the spec's messages for blank fields. */
export const adminLoginBody = z.object({
  username: z.string().trim().min(1, MESSAGES.usernameRequired),
  password: z.string().min(1, MESSAGES.passwordRequired),
});

const signedIn = z.object({
  success: z.literal(true),
  admin: adminUser,
  user: adminUser.describe('The same admin; the second document names it user'),
  session: adminSession,
  expiresAt: z.string(),
});

/** A refused sign-in also says how many failures count against the account. */
export const adminLoginFailure = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  failedAttempts: z.number().optional(),
  maxAttempts: z.number().optional(),
  lockedUntil: z.string().nullable().optional(),
  retryAfterSeconds: z.number().optional(),
});

/**
 * A new admin password: the admin password rule (at least 12 characters, the community's common-password list).
 * Whose username it must not repeat is known where the password is set: the create form, the server on a reset
 * or a change.
 */
export const adminPasswordSchema = z
  .string()
  .min(ADMIN_PASSWORD_MIN_LENGTH, ADMIN_PASSWORD_TOO_SHORT)
  .max(PASSWORD_RULE.maxLength, PASSWORD_MESSAGES.tooLong)
  .superRefine((password, ctx) => {
    if (password.length < ADMIN_PASSWORD_MIN_LENGTH || password.length > PASSWORD_RULE.maxLength) return;
    const problem = adminPasswordProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The admin sign-in API (spec 1 §7, spec 2 §7). */
export const adminAuthApi = {
  me: endpoint({
    method: 'GET',
    path: '/api/admin/auth/me',
    summary: 'The signed-in admin and session',
    response: signedIn.extend({
      twoFactor: adminTwoFactorStatus.optional().describe('Whether two-factor sign-in is on (and how), required, and the grace'),
    }),
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/admin/auth/login',
    summary:
      'Sign in as an admin; with two-factor sign-in on, a right password answers a challenge for /login/two-factor instead of a session',
    body: adminLoginBody,
    response: z.union([signedIn.extend({ message: z.string() }), adminTwoFactorChallenge]),
  }),
  loginSecondStep: endpoint({
    method: 'POST',
    path: '/api/admin/auth/login/two-factor',
    summary: 'The second step of an admin sign-in: the challenge and a TOTP or recovery code; opens the session',
    body: adminLoginSecondStepBody,
    response: signedIn.extend({ message: z.string() }),
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/admin/auth/logout',
    summary: 'End the admin session',
    response: z.object({ success: z.literal(true), message: z.string() }),
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/admin/auth/change-password',
    summary: "Change the signed-in admin's password",
    body: z.object({ currentPassword: z.string().min(1, MESSAGES.passwordRequired), newPassword: adminPasswordSchema }),
    response: z.object({ success: z.literal(true), message: z.string() }),
  }),
  extendSession: endpoint({
    method: 'POST',
    path: '/api/admin/auth/extend',
    summary: "Stay signed in: restart the session's idle window now (never past its absolute limit)",
    response: z.object({ success: z.literal(true), session: adminSession, expiresAt: z.string() }),
  }),
} as const;
