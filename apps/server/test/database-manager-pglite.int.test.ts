import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DATABASE_MANAGER_MESSAGES } from '@guildhall/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { describeDatabaseManager } from './helpers/database-manager-cases';

const dataDir = mkdtempSync(path.join(tmpdir(), 'guildhall-database-manager-pglite-'));
const manager = describeDatabaseManager('PGlite', () => ({ GUILDHALL_DATA_DIR: dataDir }));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('connection stats on PGlite', () => {
  it('says the database is embedded with one connection', async () => {
    const answer = await manager.connectionStats();
    expect(answer.body).toMatchObject({
      isEmbedded: true,
      max_connections: 1,
      active: 1,
      note: DATABASE_MANAGER_MESSAGES.embeddedConnections,
    });
  });
});
