import { COMMON_PASSWORDS } from './common-passwords';
import { ADMIN_PASSWORD_MIN_LENGTH } from './constants';

/** Community password length limits. */
export const PASSWORD_RULE = { minLength: 10, maxLength: 200 } as const;

/** What the password rule says, in the words the forms show. */
export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  tooShort: `Password must be at least ${PASSWORD_RULE.minLength} characters`,
  tooLong: `Password must be at most ${PASSWORD_RULE.maxLength} characters`,
  tooCommon: 'This password is too common. Choose one that is harder to guess.',
  sameAsIdentity: 'Password must not be the same as your username or email',
  mismatch: 'Passwords do not match',
} as const;

/** Whom a password belongs to: it must not simply repeat these. */
export interface PasswordOwner {
  username?: string | null;
  email?: string | null;
}

/**
 * The community password rule: 10 to 200 characters, not one of the common passwords, not the username or
 * e-mail (ignoring case). Returns the first broken rule's message, or null when the password is acceptable.
 */
export function passwordProblem(password: string, owner: PasswordOwner = {}): string | null {
  if (password.length === 0) return PASSWORD_MESSAGES.required;
  if (password.length < PASSWORD_RULE.minLength) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_RULE.maxLength) return PASSWORD_MESSAGES.tooLong;
  const lowered = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lowered)) return PASSWORD_MESSAGES.tooCommon;
  const identities = [owner.username, owner.email, owner.email?.split('@')[0]];
  if (identities.some((identity) => identity && identity.trim().toLowerCase() === lowered)) {
    return PASSWORD_MESSAGES.sameAsIdentity;
  }
  return null;
}

/** What the admin password rule says of a password shorter than the admins' minimum. */
export const ADMIN_PASSWORD_TOO_SHORT = `Password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`;

/**
 * The admin password rule: the community rule (common passwords, not the username, at most 200 characters) with
 * the admins' longer minimum; admins hold the SQL runner, so nothing weaker than a member's password will do.
 * Returns the first broken rule's message, or null when the password is acceptable.
 */
export function adminPasswordProblem(password: string, owner: PasswordOwner = {}): string | null {
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH) return ADMIN_PASSWORD_TOO_SHORT;
  return passwordProblem(password, owner);
}
