import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import type { HttpClient } from './helpers/http-client';
import { startSignedInApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;
let guildId: string;

beforeAll(async () => {
  ({ environment, server, owner } = await startSignedInApp());
  guildId = await insertGuild(server.app, { guild_name: 'Big Roster' });
  // Enough rows that the zip cannot be written before the client hangs up: the reads wait on backpressure.
  await sql(
    server.app,
    `INSERT INTO characters (guild_id, name, realm, class, level, guild_note)
     SELECT $1, 'Char' || n, 'Stormrage', 'Mage', 80, md5(n::text) || md5((n * 7)::text) FROM generate_series(1, 20000) AS n`,
    [guildId],
  );
});

afterAll(async () => {
  await stopTestApp(server, environment);
});

/** Starts a download and hangs up as soon as the first bytes arrive. */
function abandonDownload(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, server.url), { headers: { cookie: owner.cookieHeader() } }, (res) => {
      res.once('data', () => {
        req.destroy();
        resolve(res.statusCode ?? 0);
      });
    });
    req.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
    req.end();
  });
}

describe('an abandoned export', () => {
  it('gives its snapshot connection back: more abandoned downloads than the pool holds, then the API still answers', async () => {
    for (let i = 0; i < 14; i++) {
      expect(await abandonDownload(`/api/admin/guilds/${guildId}/export?type=${i % 2 ? 'dump' : 'json'}`)).toBe(200);
    }
    const list = await owner.get('/api/admin/guilds');
    expect(list.status).toBe(200);
    await expect
      .poll(async () => {
        const [row] = await sql<{ n: number }>(
          server.app,
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction'",
        );
        return row!.n;
      })
      .toBe(0);
  });
});
