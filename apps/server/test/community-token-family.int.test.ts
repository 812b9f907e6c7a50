import { ACCESS_TOKEN_TTL_SECONDS } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../src/auth/access-token';
import { bearer, raiseCommunityIpLimits, registerVerifiedUser } from './helpers/community';
import { sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { createTestEnvironment, startTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let environment: TestEnvironment;
let server: TestApp;

beforeAll(async () => {
  environment = await createTestEnvironment();
  server = await startTestApp(environment.env, raiseCommunityIpLimits);
});

afterAll(async () => {
  await server?.close();
  await environment?.dispose();
});

/** Signs an access token with the server's own key, as someone who learned it would. */
async function forge(userId: string, familyId: string) {
  const keys = await server.app.signingKeys();
  return signAccessToken(keys.accessToken, { userId, familyId }, ACCESS_TOKEN_TTL_SECONDS);
}

const familyOf = async (userId: string) =>
  (await sql<{ family_id: string }>(server.app, 'SELECT family_id FROM refresh_tokens WHERE user_id = $1 LIMIT 1', [userId]))[0]!
    .family_id;

describe("an access token's family is bound to its user", () => {
  it("refuses a token for user B naming user A's live family, even when B has no live sign-in", async () => {
    const client = new HttpClient(server.url);
    const alice = await registerVerifiedUser(server.app, client);
    const bob = await registerVerifiedUser(server.app, client);
    const aliceFamily = await familyOf(alice.user.id);
    const bobFamily = await familyOf(bob.user.id);

    // The key signs a token for Bob's own family: accepted (the check is the family, not the signature).
    expect((await client.get('/auth/user', bearer(await forge(bob.user.id, bobFamily)))).status).toBe(200);

    const crossed = await client.get('/auth/user', bearer(await forge(bob.user.id, aliceFamily)));
    expect(crossed.status).toBe(401);
    expect(crossed.body).toMatchObject({ code: 'INVALID_TOKEN' });

    // Bob signs out: his family ends, and Alice's live one still does not stand in for it.
    await client.post('/auth/logout', { refreshToken: bob.refreshToken }, bearer(bob.accessToken));
    expect((await client.get('/auth/user', bearer(bob.accessToken))).status).toBe(401);
    expect((await client.get('/auth/user', bearer(await forge(bob.user.id, aliceFamily)))).status).toBe(401);
    expect((await client.get('/auth/user', bearer(alice.accessToken))).status).toBe(200);
  });

  it('keeps the bind through a refresh: the new pair continues the same user and family', async () => {
    const client = new HttpClient(server.url);
    const carol = await registerVerifiedUser(server.app, client);
    const dave = await registerVerifiedUser(server.app, client);
    const refreshed = await client.post<{ accessToken: string }>('/auth/refresh', { refreshToken: carol.refreshToken });
    expect(refreshed.status).toBe(200);
    expect((await client.get('/auth/user', bearer(refreshed.body.accessToken))).body).toMatchObject({
      user: { id: carol.user.id },
    });
    const carolFamily = await familyOf(carol.user.id);
    expect((await client.get('/auth/user', bearer(await forge(dave.user.id, carolFamily)))).status).toBe(401);
    // Signing out with a token crossed into Carol's family ends nothing of hers.
    await client.post('/auth/logout', {}, bearer(await forge(dave.user.id, carolFamily)));
    expect((await client.get('/auth/user', bearer(refreshed.body.accessToken))).status).toBe(200);
  });
});
