import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { LOG_LIMITS, LOGS_STREAM_PATH, type LogEntry } from '@guildhall/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { muteStdout } from './helpers/quiet-logs';
import { type IsolatedApp, startSignedInApp, stopTestApp } from './helpers/test-app';
import { uniqueSuffix } from './helpers/test-database';
import { until } from './helpers/wait';

/** Keeps this app's lines off the test run's stdout: the test reads them from the ring and the files. */

/** A live tail read as a browser's EventSource would: every `log` event, in order. */
class LogTail {
  readonly entries: LogEntry[] = [];
  status = 0;
  private buffer = '';
  private readonly waiters = new Set<() => void>();
  private readonly request;
  readonly opened: Promise<void>;

  constructor(client: HttpClient, query: Record<string, string> = {}) {
    const url = new URL(LOGS_STREAM_PATH, client.baseUrl);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    let onOpen: () => void = () => undefined;
    this.opened = new Promise((resolve) => {
      onOpen = resolve;
    });
    this.request = httpRequest(url, { headers: { cookie: client.cookieHeader(), accept: 'text/event-stream' } }, (res) => {
      this.status = res.statusCode ?? 0;
      onOpen();
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => this.read(chunk));
    });
    this.request.on('error', () => undefined);
    this.request.end();
  }

  private read(chunk: string) {
    this.buffer += chunk;
    let end = this.buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
      const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
      if (event === 'log' && data) this.entries.push(JSON.parse(data) as LogEntry);
      end = this.buffer.indexOf('\n\n');
    }
    for (const wake of [...this.waiters]) wake();
  }

  /** The first entry that passes `test`, waiting for it up to timeoutMs. */
  async find(test: (entry: LogEntry) => boolean, timeoutMs = 5000): Promise<LogEntry> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.entries.find(test);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching log line within ${timeoutMs} ms; got ${this.entries.length} lines`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }

  close() {
    this.request.destroy();
  }
}

let setup: IsolatedApp & { owner: HttpClient };
let app: FastifyInstance;

beforeAll(async () => {
  setup = await startSignedInApp({ LOG_LEVEL: 'debug' });
  app = setup.server.app;
  muteStdout(app);
});

afterAll(async () => {
  await stopTestApp(setup?.server, setup?.environment);
});

describe('GET /api/admin/logs/stream', () => {
  it('sends matching lines from memory first, then a request the test makes as it happens', async () => {
    const marker = `backfill-${uniqueSuffix()}`;
    app.log.info({ marker }, 'before the tail opened');
    const tail = new LogTail(setup.owner, { q: marker });
    await tail.opened;
    expect(tail.status).toBe(200);
    const backfilled = await tail.find((entry) => entry.message === 'before the tail opened');
    expect(backfilled).toMatchObject({ level: 'info', source: 'app', instance: setup.server.config.instanceId });
    expect(backfilled.fields.marker).toBe(marker);

    await setup.owner.get(`/api/admin/logs/files?probe=${marker}`);
    const live = await tail.find((entry) => entry.message === 'request');
    expect(live).toMatchObject({ source: 'http', level: 'debug' });
    expect(live.requestId).toEqual(expect.any(String));
    expect(live.fields).toMatchObject({ method: 'GET', url: `/api/admin/logs/files?probe=${marker}`, statusCode: 200 });
    expect(tail.entries.indexOf(backfilled)).toBeLessThan(tail.entries.indexOf(live));
    tail.close();
  });

  it('backfills at most LOG_LIMITS.tailBackfill lines, the newest', async () => {
    const marker = `many-${uniqueSuffix()}`;
    for (let i = 0; i < LOG_LIMITS.tailBackfill + 20; i++) app.log.info({ marker, i }, 'numbered');
    const tail = new LogTail(setup.owner, { q: marker });
    await tail.find((entry) => entry.fields.i === LOG_LIMITS.tailBackfill + 19);
    expect(tail.entries).toHaveLength(LOG_LIMITS.tailBackfill);
    expect(tail.entries[0]?.fields.i).toBe(20);
    tail.close();
  });

  it('filters by level, source, text and request id', async () => {
    const marker = `filters-${uniqueSuffix()}`;
    const warnings = new LogTail(setup.owner, { level: 'warn', q: marker });
    const jobs = new LogTail(setup.owner, { source: 'jobs', q: marker });
    await Promise.all([warnings.opened, jobs.opened]);
    app.log.info({ marker }, 'quiet line');
    app.log.child({ source: 'jobs' }).info({ marker }, 'job line');
    app.log.warn({ marker }, 'loud line');
    app.log.error({ marker: 'other' }, 'unrelated error');
    await warnings.find((entry) => entry.message === 'loud line');
    await jobs.find((entry) => entry.message === 'job line');
    expect(warnings.entries.map((entry) => entry.message)).toEqual(['loud line']);
    expect(jobs.entries.map((entry) => entry.message)).toEqual(['job line']);
    expect(jobs.entries[0]?.source).toBe('jobs');
    warnings.close();
    jobs.close();

    // One request's lines: its id is in the line the request wrote.
    await setup.owner.post('/api/admin/logs/search', { q: marker, pageSize: 1 });
    const [searchLine] = app.logHub.recent({ q: '/api/admin/logs/search', source: 'http' }, 1);
    const requestId = searchLine!.requestId!;
    const byRequest = new LogTail(setup.owner, { requestId });
    await byRequest.find((entry) => entry.requestId === requestId);
    expect(byRequest.entries.every((entry) => entry.requestId === requestId)).toBe(true);
    byRequest.close();
  });

  it('is documented with its filters in the OpenAPI document', async () => {
    const docs = await setup.owner.get<{
      paths: Record<string, { get?: { parameters?: { name: string }[] } }>;
    }>('/api/docs/json');
    const names = docs.body.paths[LOGS_STREAM_PATH]?.get?.parameters?.map((parameter) => parameter.name);
    expect(names).toEqual(expect.arrayContaining(['level', 'source', 'q', 'requestId']));
  });

  it('refuses a filter the contract does not allow, and an admin without monitoring access', async () => {
    const bad = await setup.owner.get(`${LOGS_STREAM_PATH}?level=loud`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });

    const support = await createTestAdmin(app, { role: 'support' });
    const client = new HttpClient(setup.server.url);
    await client.signIn(support.username, support.password);
    const refused = await client.get(LOGS_STREAM_PATH);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false });
    expect((await new HttpClient(setup.server.url).get(LOGS_STREAM_PATH)).status).toBe(401);
  });

  it('counts open tails and stops sending to one whose client went away', async () => {
    const before = app.logHub.streamCount();
    const tail = new LogTail(setup.owner, { q: 'nothing-matches-this' });
    await tail.opened;
    await until(() => app.logHub.streamCount() === before + 1);
    tail.close();
    await until(() => app.logHub.streamCount() === before);
  });

  it('drops a client that does not read instead of buffering for it', async () => {
    const before = app.logHub.streamCount();
    const { port } = new URL(setup.server.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    // Sends the request and then never reads: the kernel's buffers fill, then the server's.
    socket.pause();
    socket.write(`GET ${LOGS_STREAM_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${setup.owner.cookieHeader()}\r\n\r\n`);
    await until(() => app.logHub.streamCount() === before + 1);

    const payload = 'x'.repeat(12 * 1024);
    for (let batch = 0; batch < 100 && app.logHub.streamCount() > before; batch++) {
      for (let i = 0; i < 20; i++) app.log.info({ payload }, 'bulk line');
      await new Promise((resolve) => setImmediate(resolve));
    }
    await until(() => app.logHub.streamCount() === before);
    expect(app.logHub.recent({ q: 'event stream client too slow: dropped' }, 1)).toHaveLength(1);
    socket.destroy();
  });
});
