import { adminLoginFailure, MESSAGES, TWO_FACTOR_MESSAGES, tryAgainIn } from '@guildhall/contract';
import { ApiError } from '../../api/api-error';

/** What the login page shows after a refused sign-in. */
export interface LoginFailure {
  message: string;
  /** A second line under the message: how long to wait before the next attempt, when the server says. */
  detail?: string;
  fieldErrors: { username?: string; password?: string };
  /** Failures counted against the account, when the server says. */
  failedAttempts?: number;
  maxAttempts?: number;
  /** A wrong username or password, or a lock: counts as a failed attempt. */
  isCredentialFailure: boolean;
}

/**
 * Maps a sign-in error to the spec's texts (spec 2 §8): a lock and the rate limit by their words
 * (or codes), the rate limit with the wait under it, ADMIN_LOGIN_FAILED to 'Invalid username or password' with both fields marked,
 * otherwise the server's error or 'Login failed'.
 */
export function describeLoginFailure(error: unknown): LoginFailure {
  if (!(error instanceof ApiError) || error.status === 0) {
    return { message: MESSAGES.loginFailed, fieldErrors: {}, isCredentialFailure: false };
  }
  const parsed = adminLoginFailure.safeParse(error.body);
  const counts = parsed.success ? { failedAttempts: parsed.data.failedAttempts, maxAttempts: parsed.data.maxAttempts } : {};
  const text = error.message.toLowerCase();

  if (error.code === 'ADMIN_ACCOUNT_LOCKED' || text.includes('locked')) {
    // The spec's message, and under it how long the lock lasts (issue 29: "temporarily" said nothing).
    const until = parsed.success && parsed.data.lockedUntil ? Date.parse(parsed.data.lockedUntil) : Number.NaN;
    const detail = Number.isFinite(until) ? tryAgainIn(Math.max(1, (until - Date.now()) / 1000)) : undefined;
    return { message: MESSAGES.accountLocked, detail, fieldErrors: {}, isCredentialFailure: true, ...counts };
  }
  if (error.code === 'RATE_LIMITED' || text.includes('rate limit')) {
    const seconds = parsed.success ? parsed.data.retryAfterSeconds : undefined;
    const detail = seconds ? tryAgainIn(seconds) : undefined;
    return { message: MESSAGES.tooManyAttempts, detail, fieldErrors: {}, isCredentialFailure: false, ...counts };
  }
  if (error.code === 'ADMIN_LOGIN_FAILED') {
    return {
      message: MESSAGES.invalidCredentials,
      fieldErrors: { username: MESSAGES.invalidCredentialsField, password: MESSAGES.invalidCredentialsField },
      isCredentialFailure: true,
      ...counts,
    };
  }
  return {
    message: error.message || MESSAGES.loginFailed,
    fieldErrors: { username: error.fields.username, password: error.fields.password },
    isCredentialFailure: false,
    ...counts,
  };
}

/** What the second step of sign-in shows after a refused code. */
export interface SecondStepFailure extends Omit<LoginFailure, 'fieldErrors'> {
  /** The message under the code field. */
  codeError?: string;
  /** The challenge expired or was used: the password is asked again. */
  isChallengeOver: boolean;
}

/**
 * Maps a refused second step: a wrong, used or replayed code (or a passkey the server did not accept) to the
 * contract's text (counted like a wrong password), an expired or unknown challenge to "sign in again"; a lock and the
 * rate limit as on the first step; a passkey dialog that ended without one with its own words (not counted).
 */
export function describeSecondStepFailure(error: unknown, method: 'code' | 'passkey' = 'code'): SecondStepFailure {
  if (error instanceof ApiError && error.code === 'INVALID_TOKEN') {
    return { message: TWO_FACTOR_MESSAGES.challengeExpired, isChallengeOver: true, isCredentialFailure: false };
  }
  const { fieldErrors: _fields, ...failure } = describeLoginFailure(error);
  if (error instanceof ApiError && error.code === 'ADMIN_LOGIN_FAILED') {
    // The server's own text (the contract's, kept out of this first-paint module with the rest of the passkeys').
    if (method === 'passkey') return { ...failure, message: error.message, isChallengeOver: false };
    const message = TWO_FACTOR_MESSAGES.wrongCode;
    return { ...failure, message, codeError: message, isChallengeOver: false };
  }
  const codeError = error instanceof ApiError ? error.fields.code : undefined;
  return { ...failure, codeError, isChallengeOver: false };
}
