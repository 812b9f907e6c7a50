import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from './helpers/http-client';
import { startSignedInApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

const CONNECTIONS = 50;
const CALLS_PER_CONNECTION = 6;

let dataDir: string;
let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'guildhall-pglite-load-'));
  ({ environment, server, owner } = await startSignedInApp({ GUILDHALL_DATA_DIR: dataDir, SEED_DEMO_DATA: 'true' }));
}, 120_000);

afterAll(async () => {
  await stopTestApp(server, environment);
  rmSync(dataDir, { recursive: true, force: true });
});

/** One GET over the agent's keep-alive connections: its status and parsed body. */
function get(agent: http.Agent, url: string, cookie: string) {
  return new Promise<{ status: number; body: { total?: number } }>((resolve, reject) => {
    http
      .get(url, { agent, headers: { cookie } }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      })
      .on('error', reject);
  });
}

describe('the embedded database under concurrent requests', () => {
  it(`answers ${CONNECTIONS} connections calling the guild list at once, first come first served`, async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const url = `${server.url}/api/admin/guilds?page=1&limit=10`;
    const cookie = owner.cookieHeader();
    /** Connection numbers in the order their answers arrived. */
    const answered: number[] = [];
    const statuses: number[] = [];
    const totals = new Set<number | undefined>();
    try {
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async (_, connection) => {
          for (let call = 0; call < CALLS_PER_CONNECTION; call++) {
            const { status, body } = await get(agent, url, cookie);
            statuses.push(status);
            totals.add(body.total);
            answered.push(connection);
          }
        }),
      );
    } finally {
      agent.destroy();
    }

    expect(statuses).toHaveLength(CONNECTIONS * CALLS_PER_CONNECTION);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect([...totals]).toEqual([64]);
    // First come, first served: every connection has its first answer within the first two rounds of
    // answers. Before statements gave the event loop a turn between them, a connection was accepted
    // only after the whole backlog ahead of it ran, and the last one waited for 269 of the 300.
    const firstAnswers = Array.from({ length: CONNECTIONS }, (_, connection) => answered.indexOf(connection));
    expect(Math.max(...firstAnswers)).toBeLessThan(2 * CONNECTIONS);
  });
});
