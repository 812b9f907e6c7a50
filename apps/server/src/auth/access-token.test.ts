import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './access-token';

const key = randomBytes(32);
const subject = { userId: 'user-1', familyId: 'family-1' };

describe('access tokens', () => {
  it('verifies its own tokens and returns the claims', async () => {
    const result = await verifyAccessToken(key, await signAccessToken(key, subject, 900));
    expect(result).toMatchObject({ ok: true, claims: { sub: 'user-1', fam: 'family-1' } });
  });
  it('refuses expired tokens as expired', async () => {
    const token = await signAccessToken(key, subject, 900, Date.now() - 901_000);
    expect(await verifyAccessToken(key, token)).toEqual({ ok: false, refusal: 'expired' });
  });
  it('refuses tokens of another key, tampered payloads and malformed text as invalid', async () => {
    const token = await signAccessToken(key, subject, 900);
    expect(await verifyAccessToken(randomBytes(32), token)).toEqual({ ok: false, refusal: 'invalid' });
    const [header, , sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ iss: 'guildhall', typ: 'access', sub: 'admin', fam: 'x', iat: 1, exp: 9e9 }));
    expect((await verifyAccessToken(key, `${header}.${forged.toString('base64url')}.${sig}`)).ok).toBe(false);
    for (const junk of ['', 'a.b', 'a.b.c', '...', 'x'.repeat(5000), '%%%.***.###']) {
      expect(await verifyAccessToken(key, junk)).toEqual({ ok: false, refusal: 'invalid' });
    }
  });
  it('refuses the "none" algorithm even with a valid-looking body', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ iss: 'guildhall', typ: 'access', sub: 'u', fam: 'f', iat: 1, exp: 9e9 })).toString(
      'base64url',
    );
    const sig = createHmac('sha256', key).update(`${header}.${body}`).digest('base64url');
    expect((await verifyAccessToken(key, `${header}.${body}.`)).ok).toBe(false);
    expect((await verifyAccessToken(key, `${header}.${body}.${sig}`)).ok).toBe(false);
  });

  it('refuses a validly signed token that is not an access token, or lacks its family', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
    const signed = (claims: Record<string, unknown>) => {
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${header}.${body}.${createHmac('sha256', key).update(`${header}.${body}`).digest('base64url')}`;
    };
    const good = { iss: 'guildhall', typ: 'access', sub: 'u', fam: 'f', iat: 1, exp: 9e9 };
    // The same text any other HS256 library writes is read: the tests and journeys mint tokens this way.
    expect((await verifyAccessToken(key, signed(good))).ok).toBe(true);
    for (const claims of [
      { ...good, typ: 'refresh' },
      { ...good, fam: undefined },
      { ...good, iss: 'other' },
    ]) {
      expect((await verifyAccessToken(key, signed(claims))).ok, JSON.stringify(claims)).toBe(false);
    }
  });
});
