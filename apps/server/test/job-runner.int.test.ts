import { DISCOVERY_MESSAGES } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../src/core/event-bus';
import { JobFailure, type JobKind, type JobRecord } from '../src/services/job-queue';
import { DiscordFake } from './fakes/discord-fake';
import { sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import { HttpClient } from './helpers/http-client';
import { fakeMembers, waitForSync } from './helpers/linking-factories';
import { createTestEnvironment, OWNER, startTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

/**
 * The job runner across processes (issue 27): two apps on one database, each with its runner, as two processes
 * behind a load balancer. A lease of 600 ms (renewed every 200 ms) and a look for work every 50 ms keep it quick.
 */

const SYNC = '/api/admin/character-discovery/discord/sync-members';
const SYSTEM = { actor: { type: 'system' }, ip: null };

let environment: TestEnvironment;
let discord: DiscordFake;
let a: TestApp | undefined;
let b: TestApp | undefined;

beforeAll(async () => {
  discord = await new DiscordFake().start();
  environment = await createTestEnvironment({
    DISCORD_API_BASE: discord.baseUrl,
    DISCORD_BOT_TOKEN: discord.botToken,
    JOB_LEASE_MS: '600',
    JOB_POLL_MS: '50',
  });
  [a, b] = await Promise.all([startApp('A'), startApp('B')]);
});

afterAll(async () => {
  await Promise.allSettled([a?.close(), b?.close()]);
  await environment?.dispose();
  await discord?.stop();
});

/** An app of its own on the file's database, named (INSTANCE_ID) as its leases name it. */
const startApp = (name: string) => startTestApp({ ...environment.env, INSTANCE_ID: name });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until the job has ended (succeeded or failed). */
async function ended(
  app: TestApp,
  id: string,
  timeoutMs = 15_000,
): Promise<{ status: string; error: string | null; attempts: number }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [job] = await sql<{ status: string; error: string | null; attempts: number }>(
      app.app,
      'SELECT status, error, attempts FROM jobs WHERE id = $1',
      [id],
    );
    if (job && (job.status === 'succeeded' || job.status === 'failed')) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job?.status}`);
    await sleep(50);
  }
}

/** A kind for these tests only: its body is given, it says nothing to watchers. */
function testKind<Input>(
  name: string,
  run: JobKind<Input, unknown, unknown>['run'],
  maxAttempts = 3,
): JobKind<Input, unknown, unknown> {
  return { name, maxAttempts, retryDelayMs: () => 0, interruptedError: 'interrupted', run, announce: () => [] };
}

describe('a member sync whose process stops mid-run', () => {
  it('is claimed by the other process once the lease runs out, goes on from the saved page and finishes once', async () => {
    const discordGuildId = '470000000000000001';
    const members = fakeMembers(2500, 470_000_000_000_000_000n);
    discord.botGuildIds.add(discordGuildId);
    discord.members.set(discordGuildId, members);
    const guildId = await insertGuild(a!.app);
    await sql(a!.app, 'UPDATE guilds SET discord_guild_id = $2 WHERE id = $1', [guildId, discordGuildId]);
    const completions: DomainEvent[] = [];
    const listen = (app: TestApp) =>
      app.app.bus.subscribe((event) => event.type === 'member-sync.completed' && completions.push(event));
    listen(a!);
    // B is down while A takes the job: up, its next look for work (every 50 ms) could take it before A's own.
    await b!.close();
    // Page 2 answers 429 "wait 30 s": A saves page 1 and waits there until it is stopped.
    discord.rateLimitMemberPage = 2;
    discord.rateLimitRetryAfter = 30;

    const onA = new HttpClient(a!.url);
    await onA.signIn(OWNER.username, OWNER.password);
    const started = await onA.post<{ jobId: string }>(SYNC, { guildId });
    expect(started.status).toBe(202);
    const jobId = started.body.jobId;
    const pageCalls = () => discord.requests.filter((request) => request.path === `/guilds/${discordGuildId}/members`);
    for (let fetched = 0; fetched < 1000 || pageCalls().length < 2; ) {
      await sleep(50);
      const [job] = await sql<{ fetched: number }>(
        a!.app,
        `SELECT (progress->>'fetched')::int AS fetched FROM jobs WHERE id = $1`,
        [jobId],
      );
      fetched = job?.fetched ?? 0;
    }
    const [claimedByA] = await sql<{ leased_by: string }>(a!.app, 'SELECT leased_by FROM jobs WHERE id = $1', [jobId]);
    expect(claimedByA!.leased_by).toBe('A');
    b = await startApp('B');
    listen(b);

    // A stops without finishing the job, as a killed process would: its lease is left to run out.
    await a!.close();
    a = undefined;
    const onB = new HttpClient(b!.url);
    await onB.signIn(OWNER.username, OWNER.password);
    const job = await waitForSync(onB, jobId);

    expect(job).toMatchObject({ status: 'succeeded', fetched: 2500, processed: 2500 });
    expect(job.result).toEqual({ added: 2500, updated: 0, left: 0, total: 2500 });
    // B went on after the page A saved: page 2 and 3 only, never page 1 again.
    expect(pageCalls().map((call) => call.query.get('after'))).toEqual([
      '0',
      members[999]!.user.id,
      members[999]!.user.id,
      members[1999]!.user.id,
    ]);
    const [row] = await sql<{ attempts: number; leased_by: string | null; status: string }>(
      b!.app,
      'SELECT attempts, leased_by, status FROM jobs WHERE id = $1',
      [jobId],
    );
    expect(row).toMatchObject({ attempts: 2, status: 'succeeded', leased_by: 'B' });
    const [stored] = await sql<{ count: number }>(b!.app, 'SELECT count(*)::int FROM discord_members WHERE guild_id = $1', [
      guildId,
    ]);
    expect(stored!.count).toBe(2500);
    const audits = await sql(
      b!.app,
      `SELECT details FROM audit_log WHERE action = 'guild.members_synced' AND details->>'jobId' = $1`,
      [jobId],
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ added: 2500, total: 2500 });
    expect(completions).toEqual([
      {
        type: 'member-sync.completed',
        completed: { guildId, jobId, result: job.result, message: DISCOVERY_MESSAGES.membersSynced },
      },
    ]);
    expect(await sql(b!.app, 'SELECT 1 FROM member_sync_members WHERE job_id = $1', [jobId])).toHaveLength(0);
  });
});

describe('the job runner', () => {
  it('tries a job that keeps failing up to its attempts, then fails it with its error', async () => {
    const tries: number[] = [];
    const kind = testKind<{ n: number }>('test_always_failing', async (job) => {
      tries.push(job.record.attempts);
      throw new Error(`failure ${job.record.attempts}`);
    });
    b!.app.jobs.register(kind);
    const job = (await b!.app.jobs.enqueue(kind, { input: { n: 1 }, requester: SYSTEM }))!;
    expect(await ended(b!, job.id)).toEqual({ status: 'failed', error: 'failure 3', attempts: 3 });
    expect(tries).toEqual([1, 2, 3]);
  });

  it('fails a job at once on a final failure, and saves the progress a retry starts from', async () => {
    const seen: (number | null)[] = [];
    const kind: JobKind<null, { step: number }, string> = {
      name: 'test_final_failure',
      maxAttempts: 3,
      retryDelayMs: () => 0,
      interruptedError: 'interrupted',
      run: async (job) => {
        seen.push(job.record.progress?.step ?? null);
        await job.save({ step: (job.record.progress?.step ?? 0) + 1 });
        if (job.record.attempts === 1) throw new JobFailure('try again', false);
        throw new JobFailure('Nothing to be done');
      },
      announce: () => [],
    };
    b!.app.jobs.register(kind);
    const job = (await b!.app.jobs.enqueue(kind, { input: null, requester: SYSTEM }))!;
    expect(await ended(b!, job.id)).toEqual({ status: 'failed', error: 'Nothing to be done', attempts: 2 });
    expect(seen).toEqual([null, 1]);
  });

  it('never lets two runners run one job at once, even when a job outlasts its lease', async () => {
    const c = await startApp('C');
    try {
      const running = new Set<string>();
      const runs: { id: string; by: string }[] = [];
      let overlaps = 0;
      const kindOn = (app: TestApp) =>
        testKind<{ ms: number }>('test_long', async (job) => {
          if (running.has(job.record.id)) overlaps++;
          running.add(job.record.id);
          runs.push({ id: job.record.id, by: app.config.instanceId });
          await sleep(job.record.input.ms);
          running.delete(job.record.id);
          return 'done';
        });
      b!.app.jobs.register(kindOn(b!));
      c.app.jobs.register(kindOn(c));
      const kind = kindOn(b!);
      const jobs: JobRecord[] = [];
      // Three outlast the lease (600 ms) several times over; the rest are short, so both runners are busy.
      for (const ms of [2000, 2000, 2000, 50, 50, 50, 50, 50, 50, 50, 50, 50]) {
        jobs.push((await c.app.jobs.enqueue(kind, { input: { ms }, requester: SYSTEM }))!);
      }
      const ends = await Promise.all(jobs.map((job) => ended(c, job.id, 30_000)));

      expect(ends.every((end) => end.status === 'succeeded' && end.attempts === 1)).toBe(true);
      expect(overlaps).toBe(0);
      expect(runs.map((run) => run.id).sort()).toEqual(jobs.map((job) => job.id).sort());
      expect(new Set(runs.map((run) => run.by)).size).toBe(2);
    } finally {
      await c.close();
    }
  });

  it('keeps one queued or running job per kind and target', async () => {
    const kind = testKind<null>('test_targeted', async () => sleep(300));
    b!.app.jobs.register(kind);
    const first = await b!.app.jobs.enqueue(kind, { input: null, requester: SYSTEM, target: 'one' });
    expect(first).not.toBeNull();
    expect(await b!.app.jobs.enqueue(kind, { input: null, requester: SYSTEM, target: 'one' })).toBeNull();
    expect(await b!.app.jobs.enqueue(kind, { input: null, requester: SYSTEM, target: 'two' })).not.toBeNull();
    await ended(b!, first!.id);
    expect(await b!.app.jobs.enqueue(kind, { input: null, requester: SYSTEM, target: 'one' })).not.toBeNull();
  });
});
