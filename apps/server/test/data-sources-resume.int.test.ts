import type { RosterSyncJob } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BattlenetFake, rosterCharacter } from './fakes/battlenet-fake';
import { sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import { HttpClient } from './helpers/http-client';
import { createTestEnvironment, OWNER, startTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

// A server restarted mid-sync: A starts a roster sync and stops half way, as a killed process would; B, started after,
// claims the job once A's lease runs out and goes on from the last batch of profiles A saved.

let environment: TestEnvironment;
let a: TestApp | undefined;
let b: TestApp | undefined;
const bnet = new BattlenetFake();

beforeAll(async () => {
  await bnet.start();
  environment = await createTestEnvironment({
    BNET_CLIENT_ID: bnet.clientId,
    BNET_CLIENT_SECRET: bnet.clientSecret,
    BNET_API_BASE: bnet.apiBase,
    BNET_OAUTH_BASE: bnet.oauthBase,
    JOB_LEASE_MS: '600',
    JOB_POLL_MS: '50',
  });
  a = await startTestApp({ ...environment.env, INSTANCE_ID: 'A' });
});

afterAll(async () => {
  await Promise.allSettled([a?.close(), b?.close()]);
  await environment?.dispose();
  await bnet.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a roster sync across a restart', () => {
  it('resumes on another process from the profiles already saved, and writes every member once', async () => {
    const realm = { slug: 'ravencrest', name: 'Ravencrest' };
    const members = Array.from({ length: 100 }, (_, n) => rosterCharacter(1000 + n, `Member${n}`, realm));
    bnet.guilds.push({ region: 'eu', id: 77, name: 'Restart Raiders', realm, members });
    bnet.apiDelayMs = 40;
    const guildId = await insertGuild(a!.app, { guild_name: 'Restart Raiders', server: 'Ravencrest', region: 'EU' });
    const onA = new HttpClient(a!.url);
    await onA.signIn(OWNER.username, OWNER.password);
    const started = await onA.post<{ job: RosterSyncJob }>(`/api/admin/guilds/${guildId}/data-sources/battlenet/sync`, {});
    expect(started.status, started.text).toBe(200);
    const jobId = started.body.job.id;
    for (let fetched = 0; fetched < 40; ) {
      await sleep(50);
      const [job] = await sql<{ fetched: number }>(
        a!.app,
        `SELECT (progress->>'fetched')::int AS fetched FROM jobs WHERE id = $1`,
        [jobId],
      );
      fetched = job?.fetched ?? 0;
    }
    const [claimed] = await sql<{ leased_by: string }>(a!.app, 'SELECT leased_by FROM jobs WHERE id = $1', [jobId]);
    await a!.close();
    a = undefined;
    const profileCallsBefore = bnet.profileApiCalls().filter((call) => !call.path.endsWith('/character-media')).length;

    b = await startTestApp({ ...environment.env, INSTANCE_ID: 'B' });
    const onB = new HttpClient(b.url);
    await onB.signIn(OWNER.username, OWNER.password);
    let job: RosterSyncJob | undefined;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(100)) {
      job = (await onB.get<{ job: RosterSyncJob }>(`/api/admin/guilds/${guildId}/data-sources/battlenet/sync/${jobId}`)).body.job;
      if (job.status === 'succeeded' || job.status === 'failed') break;
    }
    bnet.apiDelayMs = 0;
    expect(job, job?.error ?? '').toMatchObject({ status: 'succeeded', fetched: 100, total: 100 });
    expect(job!.counts).toMatchObject({ new: 100, changed: 0 });
    const [row] = await sql<{ leased_by: string; attempts: number }>(
      b!.app,
      'SELECT leased_by, attempts FROM jobs WHERE id = $1',
      [jobId],
    );
    expect({ before: claimed!.leased_by, after: row!.leased_by, attempts: row!.attempts }).toEqual({
      before: 'A',
      after: 'B',
      attempts: 2,
    });
    // B fetched only what A had not saved: the roster once more, and at most the batch A was in the middle of again.
    const profileCalls = bnet
      .profileApiCalls()
      .filter((call) => /^\/api\/profile\/wow\/character\/[^/]+\/[^/]+$/.test(call.path));
    expect(profileCalls.length).toBeLessThanOrEqual(100 + 20);
    expect(profileCallsBefore).toBeGreaterThan(40);
    const [stored] = await sql<{ count: number }>(b!.app, 'SELECT count(*)::int FROM characters WHERE guild_id = $1', [guildId]);
    expect(stored!.count).toBe(100);
    const [staged] = await sql<{ count: number }>(b!.app, 'SELECT count(*)::int FROM roster_sync_members WHERE job_id = $1', [
      jobId,
    ]);
    expect(staged!.count).toBe(0);
  });
});
