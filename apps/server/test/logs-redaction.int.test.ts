import { readFile } from 'node:fs/promises';
import { ADMIN_SESSION_COOKIE, COMMUNITY_SESSION_COOKIE } from '@guildhall/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, mailedToken, newAccount, raiseCommunityIpLimits, registerVerifiedUser } from './helpers/community';
import { insertGuild } from './helpers/guild-factories';
import { HttpClient } from './helpers/http-client';
import { muteStdout } from './helpers/quiet-logs';
import { createTestEnvironment, OWNER, startTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';
import { uniqueSuffix } from './helpers/test-database';

/** Keeps this app's lines off the test run's stdout: the test reads them from the ring and the files. */

let environment: TestEnvironment;
let server: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  // Debug: every request line is logged, reads included.
  environment = await createTestEnvironment({ LOG_LEVEL: 'debug' });
  server = await startTestApp(environment.env, raiseCommunityIpLimits);
  app = server.app;
  muteStdout(app);
});

afterAll(async () => {
  await server?.close();
  await environment?.dispose();
});

/** Everything logged so far: the files on disk and the ring the live tails read. */
async function everythingLogged(): Promise<string> {
  const files = await app.logHub.files();
  const texts = await Promise.all(files.map((file) => readFile(file.path, 'utf8')));
  return `${texts.join('\n')}\n${JSON.stringify(app.logHub.recent({}, 1000))}`;
}

describe('secrets in logs', () => {
  it('never reach a log line: passwords, tokens, cookies, authorization headers, secret query values', async () => {
    const secrets: string[] = [];
    const keep = (secret: string) => {
      secrets.push(secret);
      return secret;
    };

    // An admin signs in (a password in the body), and fails once with another one.
    const admin = new HttpClient(server.url);
    await admin.signIn(OWNER.username, keep(OWNER.password));
    keep(admin.sessionToken!);
    const failed = await new HttpClient(server.url).signIn(OWNER.username, keep(`Wrong-${uniqueSuffix()}-Password`));
    expect(failed.status).toBe(401);

    // A member registers (verification link mailed and logged), signs in and asks for a reset link.
    const member = new HttpClient(server.url);
    const account = newAccount();
    keep(account.password);
    const signedIn = await registerVerifiedUser(app, member, account);
    keep(await mailedToken(app, account.email, '/verify-email'));
    keep(signedIn.accessToken);
    keep(signedIn.refreshToken);
    await member.post('/auth/forgot-password', { email: account.email });
    const resetToken = keep(await mailedToken(app, account.email, '/reset-password'));

    // The reset link opened (a token in the query), the bearer and a cookie sent, the refresh token in a body.
    await member.get(`/reset-password?token=${encodeURIComponent(resetToken)}`);
    await member.get('/auth/user', bearer(signedIn.accessToken));
    const cookieSecret = keep(`cookie-${uniqueSuffix()}`);
    await member.get('/auth/user', { headers: { cookie: `${COMMUNITY_SESSION_COOKIE}=${cookieSecret}` } });
    await member.post('/auth/refresh', { refreshToken: signedIn.refreshToken });
    const newPassword = keep(`another long phrase ${uniqueSuffix()}`);
    await member.post('/auth/change-password', { currentPassword: account.password, newPassword }, bearer(signedIn.accessToken));

    // An OAuth callback with its code, and an API call with a key in the query.
    const oauthCode = keep(`oauthCode${uniqueSuffix()}x9`);
    await member.get(`/auth/discord/callback?code=${oauthCode}&state=s1`);
    const apiKey = keep(`key${uniqueSuffix()}`);
    await admin.get(`/api/admin/logs/files?apiKey=${apiKey}`);

    // A failure logged the way a handler would: the request body and headers, and an HTTP client's error.
    const failure = Object.assign(new Error('upstream refused'), {
      code: 'ECONNREFUSED',
      config: { headers: { authorization: `Bearer ${keep(`upstream-${uniqueSuffix()}`)}` } },
    });
    app.log.error(
      {
        err: failure,
        body: {
          username: 'someone',
          password: keep(`body-${uniqueSuffix()}`),
          profile: { apiKey: keep(`nested-${uniqueSuffix()}`) },
        },
        headers: {
          cookie: `${ADMIN_SESSION_COOKIE}=${keep(`hdr-${uniqueSuffix()}`)}`,
          authorization: keep(`auth-${uniqueSuffix()}`),
        },
        oauth: { clientSecret: keep(`client-${uniqueSuffix()}`), code: keep(`c0de${uniqueSuffix()}x`) },
      },
      'request failed with its body',
    );
    app.log.info(`opened http://x.test/verify-email?token=${keep(`msg-${uniqueSuffix()}`)} from a message`);

    const logged = await everythingLogged();
    for (const secret of secrets) expect(logged, `a secret reached the logs: ${secret}`).not.toContain(secret);

    // The lines are there, with the secrets replaced: the test read what the requests wrote.
    expect(logged).toContain('"url":"/reset-password?token=[Redacted]"');
    expect(logged).toContain('"url":"/auth/discord/callback?code=[Redacted]&state=s1"');
    expect(logged).toContain('"url":"/api/admin/logs/files?apiKey=[Redacted]"');
    expect(logged).toContain('mail written to the outbox');
    expect(logged).toContain('/reset-password?token=[Redacted]');
    expect(logged).toContain('"url":"/auth/refresh"');
    expect(logged).toContain('"password":"[Redacted]"');
    expect(logged).toContain('"code":"ECONNREFUSED"');
    expect(logged).toContain('verify-email?token=[Redacted] from a message');
  });

  it('never hold an invite code: request lines show the route template, and codes in unknown paths are redacted', async () => {
    const admin = new HttpClient(server.url);
    await admin.signIn(OWNER.username, OWNER.password);
    const guildId = await insertGuild(app, { guild_name: `Logged Invites ${uniqueSuffix()}` });
    await app.services.db.query('UPDATE guilds SET discord_guild_id = $2 WHERE id = $1', [guildId, '423456789012345678']);
    const created = await admin.post<{ code: string }>(`/api/admin/guilds/${guildId}/invites`, {});
    expect(created.status, created.text).toBe(200);
    const { code } = created.body;

    const member = new HttpClient(server.url);
    const signedIn = await registerVerifiedUser(app, member);
    await member.get(`/api/invites/${code}`);
    await member.post(`/api/invites/${code}/accept`, undefined, bearer(signedIn.accessToken));
    // The join page (the web app's history fallback), 404s under and beside the invite API, a code in a query.
    await member.get(`/join/${code}`);
    await member.get(`/api/invites/${code}/nothing-here`);
    await member.post(`/api/no-such-route/${code}`, {});
    await member.get(`/auth/nowhere?code=${code}`);
    // A code that happens to be all lower case still follows an invite segment.
    const lowerCode = 'abcdefghijklmnopqrstuvwx';
    await member.get(`/join/${lowerCode}`);

    const logged = await everythingLogged();
    expect(logged).not.toContain(code);
    expect(logged).not.toContain(lowerCode);
    expect(logged).toContain('"url":"/api/invites/:code"');
    expect(logged).toContain('"url":"/api/invites/:code/accept"');
    expect(logged).toContain('"url":"/join/[Redacted]"');
    expect(logged).toContain('"url":"/api/invites/[Redacted]/nothing-here"');
    expect(logged).toContain('"url":"/api/no-such-route/[Redacted]"');
  });
});
