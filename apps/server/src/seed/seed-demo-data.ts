import type { Db, Queryable } from '../services/db/db';
import { type DemoData, generateDemoData } from './demo-data';

/** app_meta key recording when the demo set was seeded. */
export const SEEDED_AT_KEY = 'demo_seeded_at';
/** Same advisory lock idea as migrations: two processes starting together seed once. */
export const SEED_LOCK_KEY = 7_346_215_002;

/** One column of rows, for INSERT … SELECT FROM unnest(…): one statement, however many rows. */
const column = <Row, K extends keyof Row>(rows: readonly Row[], key: K) => rows.map((row) => row[key]);

async function insertGuilds(tx: Queryable, guilds: DemoData['guilds']) {
  await tx.query(
    `INSERT INTO guilds (id, guild_name, server, region, faction, is_active, description, max_members, timezone, language,
                         raid_schedule, loot_system, public_logs, recruitment_open, website, discord_invite, contact_email,
                         discord_guild_id, created_at, updated_at)
     SELECT *, created_at FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::text[],
                                      $8::int[], $9::text[], $10::text[], $11::text[], $12::text[], $13::boolean[], $14::boolean[],
                                      $15::text[], $16::text[], $17::text[], $18::text[], $19::timestamptz[])
       AS g(id, guild_name, server, region, faction, is_active, description, max_members, timezone, language, raid_schedule,
            loot_system, public_logs, recruitment_open, website, discord_invite, contact_email, discord_guild_id, created_at)`,
    [
      column(guilds, 'id'),
      column(guilds, 'guild_name'),
      column(guilds, 'server'),
      column(guilds, 'region'),
      column(guilds, 'faction'),
      column(guilds, 'is_active'),
      column(guilds, 'description'),
      column(guilds, 'max_members'),
      column(guilds, 'timezone'),
      column(guilds, 'language'),
      column(guilds, 'raid_schedule'),
      column(guilds, 'loot_system'),
      column(guilds, 'public_logs'),
      column(guilds, 'recruitment_open'),
      column(guilds, 'website'),
      column(guilds, 'discord_invite'),
      column(guilds, 'contact_email'),
      column(guilds, 'discord_guild_id'),
      column(guilds, 'created_at'),
    ],
  );
}

async function insertMembers(tx: Queryable, members: DemoData['members']) {
  await tx.query(
    `INSERT INTO discord_members (guild_id, discord_user_id, username, global_name, nickname, joined_at, left_at)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::timestamptz[])`,
    [
      column(members, 'guild_id'),
      column(members, 'discord_user_id'),
      column(members, 'username'),
      column(members, 'global_name'),
      column(members, 'nickname'),
      column(members, 'joined_at'),
      column(members, 'left_at'),
    ],
  );
}

async function insertUsers(tx: Queryable, users: DemoData['users']) {
  await tx.query(
    `INSERT INTO users (id, username, email, discord_id, created_at)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[])`,
    [
      column(users, 'id'),
      column(users, 'username'),
      column(users, 'email'),
      column(users, 'discord_id'),
      column(users, 'created_at'),
    ],
  );
}

/**
 * Seeds the demo data set into an empty database, once: the app_meta record (and guilds already
 * present) make every later start skip it. Returns what was seeded, or null when nothing was.
 */
export async function seedDemoData(db: Db): Promise<{ guilds: number; members: number; users: number } | null> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const seeded = await tx.query('SELECT 1 FROM app_meta WHERE key = $1', [SEEDED_AT_KEY]);
    const existing = await tx.query('SELECT 1 FROM guilds LIMIT 1');
    if (seeded.rowCount > 0 || existing.rowCount > 0) return null;
    const data = generateDemoData();
    await insertGuilds(tx, data.guilds);
    await insertMembers(tx, data.members);
    await insertUsers(tx, data.users);
    await tx.query('INSERT INTO app_meta (key, value) VALUES ($1, $2)', [SEEDED_AT_KEY, new Date().toISOString()]);
    return { guilds: data.guilds.length, members: data.members.length, users: data.users.length };
  });
}
