import type { Db, Queryable } from '../services/db/db';
import { generateDemoData } from './demo-data';
import { type DemoGuildData, generateGuildData } from './demo-guild-data';
import { SEED_LOCK_KEY } from './seed-demo-data';

/** app_meta key recording when the demo guilds got their game data; its own key, so a database seeded before gets it once. */
export const GUILD_DATA_SEEDED_KEY = 'seeded_guild_data';

const column = <Row, K extends keyof Row>(rows: readonly Row[], key: K) => rows.map((row) => row[key]);

async function insertCharacters(tx: Queryable, rows: DemoGuildData['characters']) {
  await tx.query(
    `INSERT INTO characters (id, guild_id, name, realm, class, spec, role, level, item_level, item_level_equipped,
                             last_activity_at, activity_count, guild_note, officer_note, created_at, updated_at)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[],
                          $9::numeric[], $10::numeric[], $11::timestamptz[], $12::int[], $13::text[], $14::text[],
                          $15::timestamptz[], $16::timestamptz[])`,
    (
      [
        'id',
        'guild_id',
        'name',
        'realm',
        'class',
        'spec',
        'role',
        'level',
        'item_level',
        'item_level_equipped',
        'last_activity_at',
        'activity_count',
        'guild_note',
        'officer_note',
        'created_at',
        'updated_at',
      ] as const
    ).map((key) => column(rows, key)),
  );
}

async function insertRaids(tx: Queryable, data: DemoGuildData) {
  await tx.query(
    `INSERT INTO raid_events (id, guild_id, name, instance, difficulty, starts_at, ends_at)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::timestamptz[])`,
    (['id', 'guild_id', 'name', 'instance', 'difficulty', 'starts_at', 'ends_at'] as const).map((key) => column(data.raids, key)),
  );
  await tx.query(
    `INSERT INTO raid_attendance (raid_event_id, character_id, status)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[])`,
    (['raid_event_id', 'character_id', 'status'] as const).map((key) => column(data.attendance, key)),
  );
  await tx.query(
    `INSERT INTO loot_entries (id, guild_id, character_id, character_name, item_id, item_name, boss, raid_event_id, awarded_at)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::int[], $6::text[], $7::text[], $8::uuid[],
                          $9::timestamptz[])`,
    (
      ['id', 'guild_id', 'character_id', 'character_name', 'item_id', 'item_name', 'boss', 'raid_event_id', 'awarded_at'] as const
    ).map((key) => column(data.loot, key)),
  );
}

/** Links name members by Discord id; the join finds the member row the earlier seed created. */
async function insertLinks(tx: Queryable, links: DemoGuildData['links']) {
  await tx.query(
    `INSERT INTO character_links (id, guild_id, character_id, discord_member_id, priority, is_primary, confidence, link_type,
                                  linked_at, linked_by)
     SELECT l.id, l.guild_id, l.character_id, m.id, l.priority, l.is_primary, l.confidence, l.link_type, l.linked_at, l.linked_by
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::boolean[], $7::numeric[], $8::text[],
                   $9::timestamptz[], $10::text[])
            AS l(id, guild_id, character_id, discord_user_id, priority, is_primary, confidence, link_type, linked_at, linked_by)
       JOIN discord_members m ON m.guild_id = l.guild_id AND m.discord_user_id = l.discord_user_id`,
    (
      [
        'id',
        'guild_id',
        'character_id',
        'discord_user_id',
        'priority',
        'is_primary',
        'confidence',
        'link_type',
        'linked_at',
        'linked_by',
      ] as const
    ).map((key) => column(links, key)),
  );
}

/**
 * Gives the demo guilds characters, raids with attendance, loot and character links, once: its own
 * app_meta record makes later starts skip it, and a database seeded before this existed gets it on its
 * next start. Only demo guilds still present and without characters are filled. Returns the counts,
 * or null when nothing was seeded.
 */
export async function seedGuildData(db: Db, now = Date.now()) {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const seeded = await tx.query('SELECT 1 FROM app_meta WHERE key = $1', [GUILD_DATA_SEEDED_KEY]);
    if (seeded.rowCount > 0) return null;
    const demo = generateDemoData();
    const { rows } = await tx.query<{ id: string }>(
      `SELECT g.id FROM guilds g
        WHERE g.id = ANY($1::uuid[]) AND NOT EXISTS (SELECT 1 FROM characters c WHERE c.guild_id = g.id)`,
      [demo.guilds.map((guild) => guild.id)],
    );
    const present = new Set(rows.map((row) => row.id));
    const data = generateGuildData({ guilds: demo.guilds.filter((guild) => present.has(guild.id)), members: demo.members }, now);
    await insertCharacters(tx, data.characters);
    await insertRaids(tx, data);
    await insertLinks(tx, data.links);
    await tx.query('INSERT INTO app_meta (key, value) VALUES ($1, $2)', [GUILD_DATA_SEEDED_KEY, new Date(now).toISOString()]);
    return {
      characters: data.characters.length,
      raidEvents: data.raids.length,
      attendance: data.attendance.length,
      lootEntries: data.loot.length,
      characterLinks: data.links.length,
    };
  });
}
