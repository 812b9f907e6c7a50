import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './access-token';

const key = randomBytes(32);
const subject = { userId: 'user-1', familyId: 'family-1' };

describe('access tokens', () => {
  it('verifies its own tokens and returns the claims', () => {
    const result = verifyAccessToken(key, signAccessToken(key, subject, 900));
    expect(result).toMatchObject({ ok: true, claims: { sub: 'user-1', fam: 'family-1' } });
  });
  it('refuses expired tokens as expired', () => {
    const token = signAccessToken(key, subject, 900, Date.now() - 901_000);
    expect(verifyAccessToken(key, token)).toEqual({ ok: false, refusal: 'expired' });
  });
  it('refuses tokens of another key, tampered payloads and malformed text as invalid', () => {
    const token = signAccessToken(key, subject, 900);
    expect(verifyAccessToken(randomBytes(32), token)).toEqual({ ok: false, refusal: 'invalid' });
    const [header, , sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ iss: 'guildhall', typ: 'access', sub: 'admin', fam: 'x', iat: 1, exp: 9e9 }));
    expect(verifyAccessToken(key, `${header}.${forged.toString('base64url')}.${sig}`).ok).toBe(false);
    for (const junk of ['', 'a.b', 'a.b.c', '...', 'x'.repeat(5000), '%%%.***.###']) {
      expect(verifyAccessToken(key, junk)).toEqual({ ok: false, refusal: 'invalid' });
    }
  });
  it('refuses the "none" algorithm even with a valid-looking body', () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ iss: 'guildhall', typ: 'access', sub: 'u', fam: 'f', iat: 1, exp: 9e9 })).toString(
      'base64url',
    );
    const sig = createHmac('sha256', key).update(`${header}.${body}`).digest('base64url');
    expect(verifyAccessToken(key, `${header}.${body}.`).ok).toBe(false);
    expect(verifyAccessToken(key, `${header}.${body}.${sig}`).ok).toBe(false);
  });
});
