import type { FastifyInstance } from 'fastify';
import { sql } from './factories';
import { uniqueSuffix } from './test-database';

/** A guild tenant row for a test; anything not given takes the column's default. */
export interface GuildSeed {
  guild_name?: string;
  server?: string;
  region?: 'US' | 'EU' | 'KR' | 'CN';
  is_active?: boolean;
  description?: string | null;
  created_at?: string;
}

/** Inserts a guild tenant straight into the database; returns its id. */
export async function insertGuild(app: FastifyInstance, seed: GuildSeed = {}): Promise<string> {
  const [row] = await sql<{ id: string }>(
    app,
    `INSERT INTO guilds (guild_name, server, region, is_active, description, created_at)
     VALUES ($1, $2, $3, $4, $5, coalesce($6::timestamptz, now())) RETURNING id`,
    [
      seed.guild_name ?? `Guild ${uniqueSuffix()}`,
      seed.server ?? 'Stormrage',
      seed.region ?? 'US',
      seed.is_active ?? true,
      seed.description ?? null,
      seed.created_at ?? null,
    ],
  );
  return row!.id;
}

/** Adds Discord members to a guild: `current` still in it, `left` gone; returns the member row ids. */
export async function insertMembers(app: FastifyInstance, guildId: string, counts: { current: number; left?: number }) {
  const rows = await sql<{ id: string }>(
    app,
    `INSERT INTO discord_members (guild_id, discord_user_id, username, global_name, nickname, joined_at, left_at)
     SELECT $1, 'u' || n || '-' || $4, 'member' || n, 'Member ' || n, CASE WHEN n % 3 = 0 THEN 'Nick ' || n END,
            now() - n * interval '1 day', CASE WHEN n > $2::int THEN now() END
       FROM generate_series(1, $2::int + $3::int) AS n ORDER BY n RETURNING id`,
    [guildId, counts.current, counts.left ?? 0, uniqueSuffix()],
  );
  return rows.map((row) => row.id);
}

/** What insertGuildData made. */
export interface GuildDataSet {
  characterIds: string[];
  raidIds: string[];
  memberIds: string[];
  counts: Record<
    'characters' | 'loot_entries' | 'raid_events' | 'raid_attendance' | 'discord_members' | 'character_links',
    number
  >;
}

/**
 * Gives a guild characters, raids with attendance, loot and links, with awkward values on purpose
 * (quotes, backslashes, line breaks, non-Latin letters, NULLs, microsecond timestamps) so exports and
 * dumps are checked on text that breaks naive quoting.
 */
export async function insertGuildData(app: FastifyInstance, guildId: string): Promise<GuildDataSet> {
  const memberIds = await insertMembers(app, guildId, { current: 4, left: 1 });
  const characters = await sql<{ id: string }>(
    app,
    `INSERT INTO characters (guild_id, name, realm, class, spec, role, level, item_level, item_level_equipped,
                             last_activity_at, activity_count, guild_note, officer_note, updated_at)
     VALUES ($1, 'Kaethas', 'Stormrage', 'Paladin', 'Holy', 'healer', 80, 655.5, 650.25, now() - interval '1 day', 12,
             'Main: it''s "me"', E'back\\\\slash\\nnew line', '2026-01-02 03:04:05.123456+00'),
            ($1, 'Kaethasdk', 'Stormrage', 'Death Knight', 'Blood', 'tank', 78, 610, 605, NULL, 0, 'alt of Kaethas', NULL, now()),
            ($1, '모험가', 'Azshara', 'Mage', 'Frost', 'dps', 80, 640, 640, now(), 3, '=1+2', '@cmd', now())
     RETURNING id`,
    [guildId],
  );
  const characterIds = characters.map((row) => row.id);
  const raids = await sql<{ id: string }>(
    app,
    `INSERT INTO raid_events (guild_id, name, instance, difficulty, starts_at, ends_at)
     VALUES ($1, 'Heroic Manaforge Omega', 'Manaforge Omega', 'Heroic', now() - interval '2 days', now() - interval '2 days' + interval '3 hours'),
            ($1, 'Mythic Manaforge Omega', 'Manaforge Omega', 'Mythic', now() - interval '9 days', NULL)
     RETURNING id`,
    [guildId],
  );
  const raidIds = raids.map((row) => row.id);
  await sql(
    app,
    `INSERT INTO raid_attendance (raid_event_id, character_id, status)
     VALUES ($1, $3, 'present'), ($1, $4, 'late'), ($1, $5, 'absent'), ($2, $3, 'present')`,
    [raidIds[0], raidIds[1], ...characterIds],
  );
  await sql(
    app,
    `INSERT INTO loot_entries (guild_id, character_id, character_name, item_id, item_name, boss, raid_event_id, awarded_at)
     VALUES ($1, $2, 'Kaethas', 242395, 'Astral Antenna', 'Plexus Sentinel', $4, now() - interval '2 days'),
            ($1, $3, 'Kaethasdk', 242392, 'Diamantine Voidcore', 'Fractillus', $4, now() - interval '2 days' + interval '1 hour'),
            ($1, $2, 'Kaethas', 242395, 'Astral Antenna', 'Plexus Sentinel', $5, now() - interval '40 days'),
            ($1, NULL, 'Gone Player', 230027, 'House of Cards', NULL, NULL, now() - interval '60 days')`,
    [guildId, characterIds[0], characterIds[1], raidIds[0], raidIds[1]],
  );
  await sql(
    app,
    `INSERT INTO character_links (guild_id, character_id, discord_member_id, priority, is_primary, confidence, link_type, linked_by)
     VALUES ($1, $2, $4, 'main', true, NULL, 'manual', 'owner'), ($1, $3, $4, 'alt', false, 0.957, 'automatic', NULL)`,
    [guildId, characterIds[0], characterIds[1], memberIds[0]],
  );
  return {
    characterIds,
    raidIds,
    memberIds,
    counts: { characters: 3, loot_entries: 4, raid_events: 2, raid_attendance: 4, discord_members: 5, character_links: 2 },
  };
}
