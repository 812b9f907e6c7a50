import { errors, jwtVerify, SignJWT } from 'jose';

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
/** Far past any token we issue: a longer text is refused before it is parsed. */
const MAX_TOKEN_LENGTH = 4096;

/** A compact HS256 JWT for the user (jose); lifetimeSeconds from now. */
export async function signAccessToken(
  key: Buffer,
  subject: { userId: string; familyId: string },
  lifetimeSeconds: number,
  now = Date.now(),
): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ typ: TOKEN_TYPE, fam: subject.familyId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setSubject(subject.userId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + lifetimeSeconds)
    .sign(key);
}

/**
 * Checks a token's signature (HS256 only: "none" and every other algorithm are refused), issuer, type and expiry.
 * Never throws: whatever the client sends, the answer is claims or a refusal.
 */
export async function verifyAccessToken(
  key: Buffer,
  token: string,
  now = Date.now(),
): Promise<{ ok: true; claims: AccessClaims } | { ok: false; refusal: AccessTokenRefusal }> {
  const invalid = { ok: false, refusal: 'invalid' } as const;
  if (token.length > MAX_TOKEN_LENGTH) return invalid;
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      requiredClaims: ['sub', 'iat', 'exp'],
      currentDate: new Date(now),
    });
    const { sub, fam, iat, exp, typ } = payload;
    if (typ !== TOKEN_TYPE || typeof sub !== 'string' || typeof fam !== 'string') return invalid;
    if (typeof iat !== 'number' || typeof exp !== 'number') return invalid;
    return { ok: true, claims: { sub, fam, iat, exp } };
  } catch (error) {
    return error instanceof errors.JWTExpired ? { ok: false, refusal: 'expired' } : invalid;
  }
}
