import { writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import type { LogEntry, LogFile } from '@guildhall/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download } from './helpers/download';
import { HttpClient } from './helpers/http-client';
import { muteStdout } from './helpers/quiet-logs';
import { createTestEnvironment, OWNER, startTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

/** Keeps this app's lines off the test run's stdout: the test reads them from the files. */

/** GETs a path exactly as written (no URL normalisation of '..'), with the client's cookies. */
function rawGet(client: HttpClient, rawPath: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(client.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path: rawPath, headers: { cookie: client.cookieHeader() } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

type SearchAnswer = {
  entries: LogEntry[];
  pagination: { page: number; pageSize: number; hasMore: boolean };
  scannedFiles: number;
};

const INSTANCE = 'logs-test:7';
const FILE_NAME = /^guildhall-logs-test_7\.\d+\.log$/;
// Small files so a few dozen lines rotate through several of them.
const MAX_FILE_BYTES = 4096;
const FILE_COUNT = 3;
const LINES = 40;

let environment: TestEnvironment;
let server: TestApp;
let app: FastifyInstance;
let owner: HttpClient;
// When line n was written.
const writtenAt: number[] = [];
/** When each line had been written: its own time lies between writtenAt and this, the next line's 5 ms later. */
const loggedAt: number[] = [];

beforeAll(async () => {
  environment = await createTestEnvironment({ LOG_LEVEL: 'info', INSTANCE_ID: INSTANCE });
  server = await startTestApp(environment.env, (config) => {
    config.logs.maxFileBytes = MAX_FILE_BYTES;
    config.logs.fileCount = FILE_COUNT;
  });
  app = server.app;
  muteStdout(app);
  owner = new HttpClient(server.url);
  await owner.signIn(OWNER.username, OWNER.password);
  // Each line on its own write, so the files rotate between lines; every fifth one a warning.
  for (let n = 0; n < LINES; n++) {
    writtenAt.push(Date.now());
    const line = { n, padding: 'p'.repeat(300) };
    if (n % 5 === 4) app.log.warn(line, `archived line ${n}`);
    else app.log.info(line, `archived line ${n}`);
    loggedAt.push(Date.now());
    await app.logHub.files();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  // Files of others in the same folder: another instance's, and one no logger wrote.
  await writeFile(path.join(server.config.logs.dir, 'guildhall-someone_else.1.log'), '{"msg":"not ours"}\n');
  await writeFile(path.join(server.config.logs.dir, 'notes.txt'), 'not a log\n');
});

afterAll(async () => {
  await server?.close();
  await environment?.dispose();
});

const search = (body: Record<string, unknown>) => owner.post<SearchAnswer>('/api/admin/logs/search', body);
const numbers = (entries: LogEntry[]) => entries.map((entry) => entry.fields.n);

describe('log files', () => {
  it('lists only the files this instance wrote, rotated by size and bounded in number, one of them current', async () => {
    // pino-roll removes the oldest file just after it rolls over.
    let files: LogFile[] = [];
    for (let attempt = 0; attempt < 50; attempt++) {
      const answer = await owner.get<{ success: true; files: LogFile[] }>('/api/admin/logs/files');
      expect(answer.status).toBe(200);
      files = answer.body.files;
      if (files.length <= FILE_COUNT) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(files.length).toBeGreaterThanOrEqual(2);
    expect(files.length).toBeLessThanOrEqual(FILE_COUNT);
    expect(files.every((file) => FILE_NAME.test(file.name))).toBe(true);
    expect(files.filter((file) => file.current)).toHaveLength(1);
    expect(files[0]?.current).toBe(true);
    // Rotation happens once a file has passed the bound: the closed ones are each about one line past it.
    for (const file of files.slice(1)) {
      expect(file.size).toBeGreaterThanOrEqual(MAX_FILE_BYTES);
      expect(file.size).toBeLessThan(MAX_FILE_BYTES + 2048);
    }
  });

  it('downloads a listed file as an attachment of JSON lines naming the instance', async () => {
    const { body } = await owner.get<{ files: LogFile[] }>('/api/admin/logs/files');
    const name = body.files[1]!.name;
    const file = await download(owner, `/api/admin/logs/download/${encodeURIComponent(name)}`);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toContain(`attachment; filename="${name}"`);
    expect(file.headers['content-type']).toContain('text/plain');
    const lines = file.body.toString('utf8').trim().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ instance: INSTANCE });
  });

  it('answers 404 for any name not in the list: traversal, encoded traversal, a path, other files', async () => {
    const refused = [
      '/api/admin/logs/download/..%2F..%2Fpackage.json',
      '/api/admin/logs/download/..%2Fx',
      '/api/admin/logs/download/a/b',
      '/api/admin/logs/download/a%2Fb',
      '/api/admin/logs/download/%2E%2E',
      '/api/admin/logs/download/guildhall-someone_else.1.log',
      '/api/admin/logs/download/notes.txt',
      '/api/admin/logs/download/guildhall-logs-test_7.999.log',
    ];
    for (const rawPath of refused) {
      const answer = await rawGet(owner, rawPath);
      expect({ rawPath, status: answer.status }).toEqual({ rawPath, status: 404 });
      expect(JSON.parse(answer.body)).toMatchObject({ success: false });
    }
    // A literal '..' segment never reaches the route (browsers resolve it before sending): the static file
    // handler refuses it first. Either way no file.
    const literal = await rawGet(owner, '/api/admin/logs/download/../x');
    expect([403, 404]).toContain(literal.status);
    expect(JSON.parse(literal.body)).toMatchObject({ success: false });
  });
});

describe('POST /api/admin/logs/search', () => {
  it('pages the matches newest first across the rotated files', async () => {
    const first = await search({ q: 'archived line', pageSize: 5 });
    expect(first.status).toBe(200);
    expect(numbers(first.body.entries)).toEqual([39, 38, 37, 36, 35]);
    expect(first.body.pagination).toEqual({ page: 1, pageSize: 5, hasMore: true });
    expect(first.body.entries[0]).toMatchObject({ level: 'warn', source: 'app', instance: INSTANCE, requestId: null });

    const second = await search({ q: 'archived line', page: 2, pageSize: 5 });
    expect(numbers(second.body.entries)).toEqual([34, 33, 32, 31, 30]);

    // Ten lines span more than one small file.
    const wide = await search({ q: 'archived line', pageSize: 10 });
    expect(wide.body.scannedFiles).toBeGreaterThan(1);

    // The oldest lines went with the removed files; the search ends where the files end.
    const all = await search({ q: 'archived line', pageSize: 500 });
    const kept = numbers(all.body.entries) as number[];
    expect(all.body.pagination.hasMore).toBe(false);
    expect(kept).toEqual([...kept].sort((a, b) => b - a));
    expect(kept[0]).toBe(39);
    expect(kept.length).toBeLessThan(LINES);
  });

  it('filters by level, text and time range', async () => {
    const warnings = await search({ q: 'archived line', level: 'warn', pageSize: 3 });
    expect(numbers(warnings.body.entries)).toEqual([39, 34, 29]);

    const one = await search({ q: 'ARCHIVED LINE 33' });
    expect(numbers(one.body.entries)).toEqual([33]);

    const window = await search({
      q: 'archived line',
      from: new Date(writtenAt[30]!).toISOString(),
      to: new Date(loggedAt[33]! + 1).toISOString(),
    });
    expect(numbers(window.body.entries)).toEqual([33, 32, 31, 30]);

    const requests = await search({ source: 'http', q: '/api/admin/logs/search', pageSize: 1 });
    expect(requests.body.entries[0]).toMatchObject({ source: 'http', message: 'request' });
    expect(requests.body.entries[0]?.requestId).toEqual(expect.any(String));
  });

  it('refuses a reversed range and a page size beyond the limit', async () => {
    const reversed = await search({ from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' });
    expect(reversed.status).toBe(400);
    expect(reversed.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', fields: { from: expect.any(String) } });
    expect((await search({ pageSize: 501 })).status).toBe(400);
    expect((await search({ level: 'loud' })).status).toBe(400);
  });
});

describe('GET /api/admin/logs/stats', () => {
  it('counts by level per bucket over the last 24 hours by default', async () => {
    const answer = await owner.get<{
      from: string;
      to: string;
      bucketSeconds: number;
      buckets: { time: string; counts: Record<string, number> }[];
      totals: Record<string, number>;
    }>('/api/admin/logs/stats');
    expect(answer.status).toBe(200);
    const { from, to, bucketSeconds, buckets, totals } = answer.body;
    expect(Date.parse(to) - Date.parse(from)).toBe(24 * 3600 * 1000);
    expect(bucketSeconds).toBe(1800);
    expect(buckets.length).toBeGreaterThanOrEqual(48);
    expect(buckets.length).toBeLessThanOrEqual(49);

    // The warnings in the files are exactly what the search finds.
    const warnings = await search({ level: 'warn', pageSize: 500 });
    const warnLines = warnings.body.entries.filter((entry) => entry.level === 'warn').length;
    expect(totals.warn).toBe(warnLines);
    const summed = buckets.reduce((sum, bucket) => sum + (bucket.counts.info ?? 0), 0);
    expect(summed).toBe(totals.info);
  });

  it('counts a given range, the archived lines in it per level', async () => {
    const from = new Date(writtenAt[30]!).toISOString();
    const to = new Date(loggedAt[39]! + 1).toISOString();
    const answer = await owner.get<{ totals: Record<string, number>; buckets: unknown[] }>(
      `/api/admin/logs/stats?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    );
    expect(answer.status).toBe(200);
    // Lines 30..39: 34 and 39 are warnings, the other eight info (a background job might add a line of its own).
    expect(answer.body.totals.warn).toBe(2);
    expect(answer.body.totals.info).toBeGreaterThanOrEqual(8);
    expect(answer.body.totals.info).toBeLessThan(12);

    const reversed = await owner.get(`/api/admin/logs/stats?from=${encodeURIComponent(to)}&to=${encodeURIComponent(from)}`);
    expect(reversed.status).toBe(400);
  });
});
