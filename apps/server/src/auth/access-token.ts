import { createHmac, timingSafeEqual } from 'node:crypto';

/** What an access token says: whose it is, which sign-in (refresh family) issued it, and until when. */
export interface AccessClaims {
  sub: string;
  fam: string;
  iat: number;
  exp: number;
}

/** Why a token was refused; both answer 401, with different codes. */
export type AccessTokenRefusal = 'invalid' | 'expired';

const ISSUER = 'guildhall';
const TOKEN_TYPE = 'access';
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

const signature = (key: Buffer, signingInput: string) => createHmac('sha256', key).update(signingInput).digest();

/** A compact HS256 JWT for the user; lifetimeSeconds from now. */
export function signAccessToken(
  key: Buffer,
  subject: { userId: string; familyId: string },
  lifetimeSeconds: number,
  now = Date.now(),
): string {
  const iat = Math.floor(now / 1000);
  const payload = { iss: ISSUER, typ: TOKEN_TYPE, sub: subject.userId, fam: subject.familyId, iat, exp: iat + lifetimeSeconds };
  const signingInput = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${signingInput}.${signature(key, signingInput).toString('base64url')}`;
}

function parseJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Checks a token's signature (HS256 only: "none" and other algorithms are refused), issuer, type and expiry.
 * Never throws: whatever the client sends, the answer is claims or a refusal.
 */
export function verifyAccessToken(
  key: Buffer,
  token: string,
  now = Date.now(),
): { ok: true; claims: AccessClaims } | { ok: false; refusal: AccessTokenRefusal } {
  const invalid = { ok: false, refusal: 'invalid' } as const;
  const parts = token.split('.');
  if (parts.length !== 3 || token.length > 4096) return invalid;
  const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
  const header = parseJson(headerPart);
  if (header?.alg !== 'HS256') return invalid;
  const expected = signature(key, `${headerPart}.${payloadPart}`);
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid;
  const payload = parseJson(payloadPart);
  if (!payload || payload.iss !== ISSUER || payload.typ !== TOKEN_TYPE) return invalid;
  const { sub, fam, iat, exp } = payload;
  if (typeof sub !== 'string' || typeof fam !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') return invalid;
  if (exp * 1000 <= now) return { ok: false, refusal: 'expired' };
  return { ok: true, claims: { sub, fam, iat, exp } };
}
