import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggedRequestPath, REDACTED, redactLogLine } from './redaction';

/** A pino logger with the server's redaction, writing into an array. */
function capture() {
  const lines: string[] = [];
  const log = pino({ hooks: { streamWrite: redactLogLine } }, { write: (line: string) => lines.push(line) });
  return { log, text: () => lines.join('') };
}

describe('redactLogLine', () => {
  it('replaces secret query and fragment values and keeps the rest of the URL', () => {
    const redact = (url: string) => JSON.parse(redactLogLine(JSON.stringify({ url }))).url;
    expect(redact('/reset-password?token=abc123&from=%2Fjoin')).toBe(`/reset-password?token=${REDACTED}&from=%2Fjoin`);
    expect(redact('/auth/discord/callback?code=xyz&state=s1')).toBe(`/auth/discord/callback?code=${REDACTED}&state=s1`);
    expect(redact('https://x.test/cb#access_token=t1&token_type=bearer')).toBe(
      `https://x.test/cb#access_token=${REDACTED}&token_type=bearer`,
    );
    expect(redact('/api?API_KEY=k&Client_Secret=c')).toBe(`/api?API_KEY=${REDACTED}&Client_Secret=${REDACTED}`);
    expect(redact('/join?from=%2Freset%3Ftoken%3Dabc')).toBe(`/join?from=%2Freset%3Ftoken%3D${REDACTED}`);
    expect(redact('/api/admin/logs?level=info&q=token')).toBe('/api/admin/logs?level=info&q=token');
  });

  it('finds links inside texts, stopping at the escaped line break', () => {
    const text = 'Hi,\n\nReset: http://localhost:3000/reset-password?token=s3cr3t\n\n— Guildhall';
    expect(JSON.parse(redactLogLine(JSON.stringify({ text }))).text).toBe(
      `Hi,\n\nReset: http://localhost:3000/reset-password?token=${REDACTED}\n\n— Guildhall`,
    );
  });

  it('replaces whole values of secret fields, objects and arrays included, and leaves look-alikes alone', () => {
    const line = JSON.stringify({
      a: { Password: { nested: 'x' }, 'set-cookie': ['a=1', 'b=2'], tokenCount: 3, token: null },
      note: 'the "password":"stays" inside a string',
      n: 1,
    });
    expect(JSON.parse(redactLogLine(line))).toEqual({
      a: { Password: REDACTED, 'set-cookie': REDACTED, tokenCount: 3, token: null },
      note: 'the "password":"stays" inside a string',
      n: 1,
    });
  });
});

describe('the logger redaction', () => {
  it('hides secret fields at any depth', () => {
    const { log, text } = capture();
    log.info({
      password: 'p0',
      body: { newPassword: 'p1', currentPassword: 'p2', user: { accessToken: 'p3', deep: { x: { y: { refreshToken: 'p4' } } } } },
      headers: { cookie: 'p5', authorization: 'p6', 'set-cookie': ['p7'] },
      oauth: { clientSecret: 'p8', code: 'p9Zx81kq', apiKey: 'p10', secret: 'p11', token: 'p12' },
    });
    for (let i = 0; i <= 12; i++) expect(text()).not.toContain(`"p${i}`);
    expect(JSON.parse(text()).body.user.deep.x.y.refreshToken).toBe(REDACTED);
  });

  it("keeps an error's code but not a code that looks like an OAuth code", () => {
    const { log, text } = capture();
    const failure = Object.assign(new Error('connect failed'), { code: 'ECONNREFUSED' });
    log.error({
      err: failure,
      pg: { code: '23505' },
      app: { code: 'VALIDATION_FAILED' },
      http: { code: 404 },
      callback: { code: 'aB3dE9fG' },
    });
    expect(text()).toContain('"code":"ECONNREFUSED"');
    expect(text()).toContain('"code":"23505"');
    expect(text()).toContain('"code":"VALIDATION_FAILED"');
    expect(text()).toContain('"code":404');
    expect(text()).not.toContain('aB3dE9fG');
  });

  it('redacts links in messages and fields alike', () => {
    const { log, text } = capture();
    log.info({ url: '/reset-password?token=t0k3n' }, 'opened http://x/verify-email?token=v3r1fy today');
    expect(text()).toContain(`"url":"/reset-password?token=${REDACTED}"`);
    expect(text()).toContain(`verify-email?token=${REDACTED} today`);
    expect(text()).not.toContain('t0k3n');
    expect(text()).not.toContain('v3r1fy');
  });
});

describe('loggedRequestPath', () => {
  it('shows the route template of a matched route, with its query string', () => {
    expect(loggedRequestPath('/api/invites/Ab3dEf6hIj9lMn0pQr2tUv4x/accept?x=1', '/api/invites/:code/accept')).toBe(
      '/api/invites/:code/accept?x=1',
    );
  });

  it('redacts credential-shaped segments of an unmatched path, and the segment after a credential-carrying one', () => {
    expect(loggedRequestPath('/join/abcdefghijklmnopqrstuvwx', undefined)).toBe(`/join/${REDACTED}`);
    expect(loggedRequestPath('/api/nope/Ab3dEf6hIj9lMn0pQr2tUv4x?a=b', undefined)).toBe(`/api/nope/${REDACTED}?a=b`);
    expect(loggedRequestPath('/assets/index-Bx3kQ2aZzz9.js', '/*')).toBe('/assets/index-Bx3kQ2aZzz9.js');
    expect(loggedRequestPath('/admin/character-discovery', undefined)).toBe('/admin/character-discovery');
  });
});
