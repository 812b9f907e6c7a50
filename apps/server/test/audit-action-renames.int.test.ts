import { AUDIT_ACTIONS } from '@guildhall/contract';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/services/db/db';
import { migrate, readMigrations } from '../src/services/db/migrate';
import { createPostgresDb } from '../src/services/db/postgres-db';
import { createTestDatabase, dropTestDatabase, uniqueSuffix } from './helpers/test-database';

/** Every action name recorded before the catalog that the catalog renamed, with its name there. */
const RENAMED = {
  'admin.deleted_permanently': 'admin.permanently_deleted',
  'admin.login': 'admin.signed_in',
  'admin.login_failed': 'admin.sign_in_failed',
  'admin.logout': 'admin.signed_out',
  'character.link': 'character.linked',
  'character.unlink': 'character.unlinked',
  'database.cancel': 'database.query_cancelled',
  'database.explain': 'database.query_explained',
  'database.export': 'database.query_exported',
  'database.query': 'database.query_run',
  'database.query_write': 'database.write_query_run',
  'discord-members.sync': 'guild.members_synced',
  'discord-members.sync-started': 'guild.member_sync_started',
  'guilds.activated': 'guild.activated',
  'guilds.deactivated': 'guild.deactivated',
  'guilds.exported': 'guild.list_exported',
  'influx.debug_export': 'influx.debug_query_exported',
  'influx.debug_query': 'influx.debug_query_run',
  'influx.debug_stream': 'influx.debug_query_streamed',
  'influx.export': 'influx.query_exported',
  'influx.query': 'influx.query_run',
  'influx.retention': 'influx.retention_changed',
  'redis.keys_deleted_by_pattern': 'redis.matching_keys_deleted',
  'training.feedback_recorded': 'training_data.feedback_recorded',
  'training.sample_labelled': 'training_data.sample_labelled',
  'training.sample_verified': 'training_data.sample_verified',
  'training.samples_bulk_delete': 'training_data.samples_deleted',
  'training.samples_bulk_set_quality': 'training_data.samples_quality_set',
  'training.samples_bulk_verify': 'training_data.samples_verified',
} as const;

/** Names the catalog kept as they were: the migration leaves them alone. */
const KEPT = ['guild.created', 'admin.password_changed', 'player_account.discord_linked'] as const;

const MIGRATION = '0027_audit_action_catalog';
const before = readMigrations().filter((migration) => migration.name < MIGRATION);

let databaseUrl: string;
let db: Db;

/** Inserts one row per action (as the app did before the catalog) and answers its id. */
async function insertRows(actions: readonly string[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const action of actions) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO audit_log (actor_type, actor_name, action, target_type, target_id, details)
       VALUES ('admin', 'owner', $1, 'guild', 'g-1', $2::jsonb) RETURNING id::text AS id`,
      [action, JSON.stringify({ was: action })],
    );
    ids.set(action, rows[0]!.id);
  }
  return ids;
}

async function rowsById(): Promise<Map<string, { action: string; details: { was: string } }>> {
  const { rows } = await db.query<{ id: string; action: string; details: { was: string } }>(
    'SELECT id::text AS id, action, details FROM audit_log',
  );
  return new Map(rows.map((row) => [row.id, row]));
}

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  db = createPostgresDb(databaseUrl, pino({ level: 'silent' }));
});

afterAll(async () => {
  await db?.close();
  if (databaseUrl) await dropTestDatabase(databaseUrl);
});

describe('migration 0027: old audit rows take the catalog names', () => {
  it('renames each old name to its catalog name and leaves every other row and the details as they were', async () => {
    expect(Object.values(RENAMED).filter((name) => !(name in AUDIT_ACTIONS))).toEqual([]);
    expect(Object.keys(RENAMED).filter((name) => name in AUDIT_ACTIONS)).toEqual([]);
    await migrate(db, before);
    const ids = await insertRows([...Object.keys(RENAMED), ...KEPT, 'bulk.step']);

    expect(await migrate(db)).toContain(MIGRATION);

    const rows = await rowsById();
    const expected = (action: string) => RENAMED[action as keyof typeof RENAMED] ?? action;
    for (const [action, id] of ids) {
      expect(rows.get(id), action).toEqual({ id, action: expected(action), details: { was: action } });
    }
    expect(rows.size).toBe(ids.size);
  });

  it('puts the append-only trigger back', async () => {
    await expect(db.query("UPDATE audit_log SET action = 'guild.created'")).rejects.toThrow(/append-only: UPDATE/);
  });

  it('leaves the rows, and says why, where the role running it does not own audit_log', async () => {
    const role = `guildhall_test_not_owner_${uniqueSuffix()}`;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const notices: string[] = [];
    client.on('notice', (notice) => notices.push(notice.message ?? ''));
    try {
      const inserted = await client.query<{ id: string }>(
        "INSERT INTO audit_log (actor_type, action) VALUES ('system', 'admin.login') RETURNING id::text AS id",
      );
      const id = inserted.rows[0]!.id;
      await client.query(`CREATE ROLE ${role}`);
      const sql = readMigrations().find((migration) => migration.name === MIGRATION)!.sql;
      await client.query(`SET ROLE ${role}`);
      await client.query(sql);
      await client.query('RESET ROLE');
      const { rows } = await client.query('SELECT action FROM audit_log WHERE id = $1', [id]);
      expect(rows).toEqual([{ action: 'admin.login' }]);
      expect(notices).toContainEqual(expect.stringMatching(/not renamed to the catalog: .* does not own audit_log/));
    } finally {
      await client.query('RESET ROLE');
      await client.query(`DROP ROLE IF EXISTS ${role}`);
      await client.end();
    }
  });
});
