import { ADMIN_LOGIN_SERVER_ERRORS, MESSAGES, TWO_FACTOR_MESSAGES, tryAgainIn } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { describeLoginFailure, describeSecondStepFailure } from './login-failure';

function failure(status: number, body: Record<string, unknown>) {
  return new ApiError(status, String(body.error), { code: body.code as string, body });
}

describe('describeLoginFailure', () => {
  it('maps a wrong password to the spec text, marks both fields and reads the counter', () => {
    const result = describeLoginFailure(
      failure(401, { success: false, error: 'nope', code: 'ADMIN_LOGIN_FAILED', failedAttempts: 2, maxAttempts: 5 }),
    );
    expect(result.message).toBe(MESSAGES.invalidCredentials);
    expect(result.fieldErrors).toEqual({
      username: MESSAGES.invalidCredentialsField,
      password: MESSAGES.invalidCredentialsField,
    });
    expect(result.failedAttempts).toBe(2);
    expect(result.maxAttempts).toBe(5);
  });

  it('recognises a lock and the rate limit by their words', () => {
    expect(describeLoginFailure(failure(423, { error: ADMIN_LOGIN_SERVER_ERRORS.locked(15) })).message).toBe(
      MESSAGES.accountLocked,
    );
    expect(describeLoginFailure(failure(429, { error: ADMIN_LOGIN_SERVER_ERRORS.rateLimited(30) })).message).toBe(
      MESSAGES.tooManyAttempts,
    );
  });

  it("says how long a lock lasts under the spec's lock message", () => {
    const lockedUntil = new Date(Date.now() + 14 * 60_000 + 30_000).toISOString();
    const result = describeLoginFailure(
      failure(423, { success: false, error: ADMIN_LOGIN_SERVER_ERRORS.locked(15), code: 'ADMIN_ACCOUNT_LOCKED', lockedUntil }),
    );
    expect(result.message).toBe(MESSAGES.accountLocked);
    expect(result.detail).toBe('You can try again in 15 minutes.');
  });

  it('says how long to wait under the rate limit message', () => {
    const result = describeLoginFailure(
      failure(429, {
        success: false,
        error: ADMIN_LOGIN_SERVER_ERRORS.rateLimited(840),
        code: 'RATE_LIMITED',
        retryAfterSeconds: 840,
      }),
    );
    expect(result.message).toBe(MESSAGES.tooManyAttempts);
    expect(result.detail).toBe(tryAgainIn(840));
    expect(result.detail).toBe('You can try again in 14 minutes.');
  });

  it('falls back to the server error, then to Login failed', () => {
    expect(describeLoginFailure(failure(500, { error: 'Database unavailable' })).message).toBe('Database unavailable');
    expect(describeLoginFailure(new ApiError(0, 'offline')).message).toBe(MESSAGES.loginFailed);
    expect(describeLoginFailure(new Error('boom')).message).toBe(MESSAGES.loginFailed);
  });
});

describe('describeSecondStepFailure', () => {
  it('maps a wrong code to the contract text on the field, counted like a wrong password', () => {
    const result = describeSecondStepFailure(
      failure(401, { success: false, error: 'x', code: 'ADMIN_LOGIN_FAILED', failedAttempts: 3, maxAttempts: 5 }),
    );
    expect(result).toMatchObject({
      message: TWO_FACTOR_MESSAGES.wrongCode,
      codeError: TWO_FACTOR_MESSAGES.wrongCode,
      isCredentialFailure: true,
      isChallengeOver: false,
      failedAttempts: 3,
    });
  });

  it('sends an expired or used challenge back to the password step', () => {
    const result = describeSecondStepFailure(
      failure(401, { error: TWO_FACTOR_MESSAGES.challengeExpired, code: 'INVALID_TOKEN' }),
    );
    expect(result).toMatchObject({ message: TWO_FACTOR_MESSAGES.challengeExpired, isChallengeOver: true });
  });

  it('keeps the lock, the rate limit and a field message from the server', () => {
    expect(
      describeSecondStepFailure(failure(423, { error: ADMIN_LOGIN_SERVER_ERRORS.locked(15), code: 'ADMIN_ACCOUNT_LOCKED' })),
    ).toMatchObject({ message: MESSAGES.accountLocked, isChallengeOver: false });
    const tooLong = new ApiError(400, TWO_FACTOR_MESSAGES.codeTooLong, {
      code: 'VALIDATION_FAILED',
      fields: { code: TWO_FACTOR_MESSAGES.codeTooLong },
    });
    expect(describeSecondStepFailure(tooLong)).toMatchObject({ codeError: TWO_FACTOR_MESSAGES.codeTooLong });
  });
});
