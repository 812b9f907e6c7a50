import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminAuthApi } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpAnswer, HttpClient } from './helpers/http-client';
import { createTestEnvironment, OWNER, startTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let environment: TestEnvironment;
let server: TestApp;
let httpsServer: TestApp;
let webDist: string;
const HTTPS_PUBLIC_URL = 'https://guildhall.example';

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'guildhall-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Guildhall</title><div id="root"></div><script type="module" src="/assets/app.js"></script>',
  );
  writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log("app")');
  environment = await createTestEnvironment({ WEB_DIST_DIR: webDist });
  server = await startTestApp(environment.env);
  // The same database behind an https public address, as a deployment behind a TLS proxy runs.
  httpsServer = await startTestApp({ ...environment.env, PUBLIC_URL: HTTPS_PUBLIC_URL });
});

afterAll(async () => {
  await httpsServer?.close();
  await server?.close();
  await environment?.dispose();
  rmSync(webDist, { recursive: true, force: true });
});

/** The Content-Security-Policy header as directive → sources. */
function cspOf(answer: HttpAnswer<unknown>): Map<string, string[]> {
  const header = answer.headers['content-security-policy'];
  expect(header, 'Content-Security-Policy').toBeTypeOf('string');
  const directives = (header as string)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .filter(([name]) => name);
  return new Map(directives.map(([name, ...sources]) => [name!, sources]));
}

/** The headers every answer carries, page, API or error alike. */
function expectSecurityHeaders(answer: HttpAnswer<unknown>, what: string) {
  const csp = cspOf(answer);
  expect(csp.get('default-src'), what).toEqual(["'self'"]);
  expect(csp.get('script-src'), what).toEqual(["'self'"]);
  expect(csp.get('script-src-attr'), what).toEqual(["'none'"]);
  expect(csp.get('style-src'), what).toEqual(["'self'"]);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(csp.get('img-src'), what).toContain('https://cdn.discordapp.com');
  expect(csp.get('img-src'), what).toContain('https://render.worldofwarcraft.com');
  expect(csp.get('connect-src'), what).toContain("'self'");
  expect(answer.headers['x-frame-options'], what).toBe('DENY');
  expect(answer.headers['x-content-type-options'], what).toBe('nosniff');
  expect(answer.headers['referrer-policy'], what).toBe('no-referrer');
}

describe('security headers', () => {
  const client = () => new HttpClient(server.url);

  it('are on the HTML shell, at the root and through the history fallback', async () => {
    for (const page of ['/', '/admin/guilds']) {
      const answer = await client().get(page);
      expect(answer.status, page).toBe(200);
      expect(answer.headers['content-type'], page).toContain('text/html');
      expectSecurityHeaders(answer, page);
    }
    expectSecurityHeaders(await client().get('/assets/app.js'), 'an asset');
  });

  it('are on API answers', async () => {
    const owner = client();
    const signIn = await owner.signIn(OWNER.username, OWNER.password);
    expect(signIn.status).toBe(200);
    expectSecurityHeaders(signIn, 'sign-in');
    const me = await owner.get(adminAuthApi.me.path);
    expect(me.status).toBe(200);
    expectSecurityHeaders(me, adminAuthApi.me.path);
  });

  it('are on error answers, including those refused before any route runs', async () => {
    const unauthenticated = await client().get(adminAuthApi.me.path);
    expect(unauthenticated.status).toBe(401);
    expectSecurityHeaders(unauthenticated, '401');
    const missing = await client().get('/api/nothing-here');
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing, '404');
    const crossSite = await client().post(adminAuthApi.login.path, OWNER, { isXhr: false });
    expect(crossSite.status).toBe(403);
    expectSecurityHeaders(crossSite, '403 (CSRF guard)');
  });

  it('leave out HSTS and upgrade-insecure-requests while PUBLIC_URL is http', async () => {
    const answer = await client().get('/');
    expect(answer.headers['strict-transport-security']).toBeUndefined();
    expect(cspOf(answer).has('upgrade-insecure-requests')).toBe(false);
  });

  it('include HSTS, upgrade-insecure-requests and the wss origin when PUBLIC_URL is https', async () => {
    for (const page of ['/', '/api/nothing-here']) {
      const answer = await new HttpClient(httpsServer.url).get(page);
      expectSecurityHeaders(answer, page);
      expect(answer.headers['strict-transport-security'], page).toBe('max-age=31536000; includeSubDomains');
      const csp = cspOf(answer);
      expect(csp.has('upgrade-insecure-requests'), page).toBe(true);
      expect(csp.get('connect-src'), page).toContain('wss://guildhall.example');
    }
  });

  it("keep the CSP on the API docs, allowing only Swagger UI's one inline style by hash", async () => {
    const admin = client();
    await admin.signIn(OWNER.username, OWNER.password);
    const docs = await admin.get('/api/docs/');
    expect(docs.status).toBe(200);
    const csp = cspOf(docs);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('style-src')).toEqual(["'self'", expect.stringMatching(/^'sha256-[\w+/]+=*'$/)]);
    expect(docs.headers['x-frame-options']).toBe('DENY');
  });
});
