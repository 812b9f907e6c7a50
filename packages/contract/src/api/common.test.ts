import { describe, expect, it } from 'vitest';
import { ERROR_CATALOG, ERROR_CODES, type ErrorCode, errorResponse, errorStatus } from './common';

describe('the error catalog', () => {
  it('lists every code once, in the envelope schema too', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(ERROR_CODES).toEqual(Object.keys(ERROR_CATALOG));
    for (const code of ERROR_CODES) expect(errorResponse.safeParse({ success: false, error: 'x', code }).success).toBe(true);
  });

  it('gives every code a client or server error status', () => {
    for (const code of ERROR_CODES) {
      const status = errorStatus(code);
      expect(Number.isInteger(status) && status >= 400 && status < 600, code).toBe(true);
    }
  });

  it('keeps 500 for INTERNAL alone: every other refusal is meant', () => {
    expect(ERROR_CODES.filter((code) => errorStatus(code) === 500)).toEqual(['INTERNAL']);
  });

  it('keeps the statuses clients have seen for these codes', () => {
    const seen: Partial<Record<ErrorCode, number>> = {
      VALIDATION_FAILED: 400,
      INVALID_LINK: 400,
      INVITE_ENDED: 410,
      UNAUTHENTICATED: 401,
      INVALID_SESSION: 401,
      FORBIDDEN: 403,
      CSRF_REJECTED: 403,
      NOT_FOUND: 404,
      CONFLICT: 409,
      ADMIN_ACCOUNT_LOCKED: 423,
      RATE_LIMITED: 429,
      SERVICE_REFUSED: 502,
      SERVICE_UNAVAILABLE: 503,
      DISCORD_NOT_CONFIGURED: 503,
    };
    for (const [code, status] of Object.entries(seen)) expect(errorStatus(code as ErrorCode), code).toBe(status);
  });

  it('carries default messages that are sentences, not blanks', () => {
    for (const [code, entry] of Object.entries(ERROR_CATALOG)) {
      if ('message' in entry) expect(entry.message.trim().length, code).toBeGreaterThan(0);
    }
  });
});
