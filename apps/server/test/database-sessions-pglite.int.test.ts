import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DATABASE_SESSION_MESSAGES, type DatabaseSession } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from './helpers/factories';
import type { HttpClient } from './helpers/http-client';
import { type IsolatedApp, startSignedInApp, stopTestApp } from './helpers/test-app';

const BASE = '/api/admin/database/postgresql/sessions';
const dataDir = mkdtempSync(path.join(tmpdir(), 'guildhall-database-sessions-pglite-'));

describe('database sessions on PGlite', () => {
  let started: IsolatedApp & { owner: HttpClient };

  beforeAll(async () => {
    started = await startSignedInApp({ GUILDHALL_DATA_DIR: dataDir });
  }, 120_000);

  afterAll(async () => {
    await stopTestApp(started?.server, started?.environment);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists the one embedded session and says so', async () => {
    const answer = await started.owner.get<{ sessions: DatabaseSession[]; isEmbedded: boolean; note: string }>(BASE);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ isEmbedded: true, note: DATABASE_SESSION_MESSAGES.embedded });
    expect(answer.body.sessions).toHaveLength(1);
    expect(answer.body.sessions[0]).toMatchObject({ isCurrent: true, state: 'active', application: 'PGlite (embedded)' });
  });

  it('answers cancel and terminate with 409 and a clear message, auditing nothing', async () => {
    const { sessions } = (await started.owner.get<{ sessions: DatabaseSession[] }>(BASE)).body;
    for (const action of ['cancel', 'terminate']) {
      const answer = await started.owner.post(`${BASE}/${sessions[0]!.pid}/${action}`);
      expect(answer).toMatchObject({ status: 409, body: { error: DATABASE_SESSION_MESSAGES.embedded } });
    }
    const audits = await sql(started.server.app, "SELECT 1 FROM audit_log WHERE action LIKE 'database.session_%'");
    expect(audits).toEqual([]);
  });
});
