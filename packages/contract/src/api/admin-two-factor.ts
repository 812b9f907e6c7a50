import { z } from 'zod';

/** What a second factor (TOTP, RFC 6238) looks like to the server: 30 s steps, 6 digits, SHA-1, one step either side. */
export const TOTP_RULE = { period: 30, digits: 6, algorithm: 'SHA1', window: 1, issuer: 'Guildhall' } as const;
/** How many one-time recovery codes confirming (or regenerating) gives; each is shown once. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the challenge of a sign-in whose password was right waits for its second factor. */
export const TWO_FACTOR_CHALLENGE_MS = 5 * 60_000;
/** The default grace (a system setting): days an admin who must use two-factor sign-in may still work without it. */
export const TWO_FACTOR_GRACE_DAYS = 7;

/** The kinds of second factor: an authenticator app (TOTP, with its recovery codes) and passkeys (WebAuthn). */
export const TWO_FACTOR_METHODS = ['totp', 'passkey'] as const;
/** A kind of second factor. */
export const twoFactorMethod = z.enum(TWO_FACTOR_METHODS);
/** A kind of second factor. */
export type TwoFactorMethod = z.infer<typeof twoFactorMethod>;

/** The texts of two-factor sign-in (issue 25). */
export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the code from your authenticator app or a recovery code',
  codeTooLong: 'That code is too long',
  challengeRequired: 'The sign-in challenge is missing; sign in again',
  /** The second step of sign-in: a wrong, used or replayed code. */
  wrongCode: 'That code is not right. Check the time on your device, or use a recovery code',
  /** Self-service: a wrong code where the own account is changed. */
  wrongCodeField: 'That code is not right. Check the time on your device and try again',
  challengeExpired: 'This sign-in has expired or was already used. Sign in again',
  secondStepNeeded: 'Enter the code from your authenticator app',
  alreadyEnabled: 'Two-factor sign-in is already on. Turn it off first to enrol another device',
  notStarted: 'Start the two-factor setup first',
  notEnabled: 'Two-factor sign-in is not on for this account',
  targetNotEnabled: 'This admin has not turned on two-factor sign-in',
  notYourself: 'Turn off your own two-factor sign-in from your account (it asks for your password and a code)',
  setupStarted: 'Scan the code with your authenticator app, then enter the 6-digit code it shows',
  enabled: 'Two-factor sign-in is on. Keep these recovery codes somewhere safe: they are shown only once',
  disabled: 'Two-factor sign-in is off',
  regenerated: 'New recovery codes made; the old ones no longer work. They are shown only once',
  reset: 'Two-factor sign-in was turned off for this admin',
  /** The 403 of every call but enrolment, once the grace is over (TWO_FACTOR_ENROLMENT_REQUIRED). */
  enrolmentRequired: 'Two-factor sign-in is required for your account. Turn it on to go on using the console',
} as const;

/** A TOTP code or a recovery code as typed (spaces and dashes are ignored by the server). */
export const twoFactorCode = z.string().trim().min(1, TWO_FACTOR_MESSAGES.codeRequired).max(64, TWO_FACTOR_MESSAGES.codeTooLong);

/** The second step's body: the challenge the first step answered and a code. */
export const adminLoginSecondStepBody = z.object({
  challenge: z.string().trim().min(1, TWO_FACTOR_MESSAGES.challengeRequired).max(200, TWO_FACTOR_MESSAGES.challengeExpired),
  code: twoFactorCode,
});

/** What the first step of sign-in answers for an admin with two-factor sign-in on: no session yet. */
export const adminTwoFactorChallenge = z.object({
  success: z.literal(true),
  twoFactorRequired: z.literal(true),
  challenge: z
    .string()
    .describe('Opaque, single-use, valid for 5 minutes: send it with a code to /login/two-factor, or use it for /login/passkey'),
  expiresAt: z.string(),
  methods: z.array(twoFactorMethod).describe('The second factors the admin has, so the second step offers those'),
  message: z.string(),
});
/** The challenge answer. */
export type AdminTwoFactorChallenge = z.infer<typeof adminTwoFactorChallenge>;

/** Where the signed-in admin stands with two-factor sign-in: on, required, and until when they may work without it. */
export const adminTwoFactorStatus = z.object({
  isEnabled: z.boolean().describe('An authenticator app or a passkey is on'),
  methods: z.array(twoFactorMethod).describe('The second factors that are on'),
  isRequired: z.boolean().describe('Superadmins and admin.full_access always; every admin when the system setting says so'),
  graceEndsAt: z.string().nullable().describe('Required and not on: when the grace ends; null otherwise'),
  isEnrolmentRequired: z
    .boolean()
    .describe('Required, not on and the grace over: every call but enrolment answers 403 TWO_FACTOR_ENROLMENT_REQUIRED'),
});
/** The two-factor status of the signed-in admin. */
export type AdminTwoFactorStatus = z.infer<typeof adminTwoFactorStatus>;
