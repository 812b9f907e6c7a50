import type pg from 'pg';

const ADJECTIVES = [
  'Eternal',
  'Crimson',
  'Silent',
  'Iron',
  'Storm',
  'Radiant',
  'Fallen',
  'Frostbound',
  'Shadow',
  'Ember',
  'Void',
  'Golden',
  'Ashen',
  'Obsidian',
  'Wild',
  'Last',
  'Twilight',
  'Azure',
  'Sacred',
  'Savage',
];
const NOUNS = [
  'Vanguard',
  'Legion',
  'Covenant',
  'Order',
  'Dawn',
  'Wardens',
  'Reckoning',
  'Oath',
  'Pact',
  'Circle',
  'Blades',
  'Remnant',
  'Tide',
  'Watch',
  'Syndicate',
  'Requiem',
  'Ascendancy',
  'Council',
  'Horizon',
  'Valor',
];
const REALMS = [
  'Area 52',
  'Stormrage',
  'Illidan',
  'Tichondrius',
  "Mal'Ganis",
  'Proudmoore',
  'Sargeras',
  'Moon Guard',
  'Silvermoon',
  'Draenor',
  'Twisting Nether',
  'Kazzak',
  'Ravencrest',
  'Tarren Mill',
  'Stormscale',
  'Blackrock',
  'Antonidas',
  'Hyjal',
  'Azshara',
  'Durotan',
  'Windrunner',
  "Gul'dan",
  'Deathwing',
  'Hellscream',
];

const sqlArray = (items: readonly string[]) => `ARRAY[${items.map((item) => `'${item.replaceAll("'", "''")}'`).join(', ')}]`;

/**
 * Inserts `count` guild tenants in one statement (generate_series): names like 'Storm Covenant 4711', realm,
 * region and status drawn independently (a seeded random(), so every run has the same data), one in five
 * inactive, five minutes between creation times. Every tenth guild gets 20 Discord members, two of whom
 * have left.
 */
export async function seedGuilds(client: pg.Client, count: number) {
  await client.query('SELECT setseed(0.4711)');
  await client.query(
    `INSERT INTO guilds (guild_name, server, region, faction, is_active, description, max_members, created_at, updated_at)
     SELECT (${sqlArray(ADJECTIVES)})[1 + floor(random() * 20)::int] || ' ' || (${sqlArray(NOUNS)})[1 + floor(random() * 20)::int]
              || ' ' || n,
            (${sqlArray(REALMS)})[1 + floor(random() * ${REALMS.length})::int],
            (ARRAY['US', 'EU', 'KR', 'CN'])[1 + floor(random() * 4)::int],
            (ARRAY['Alliance', 'Horde'])[1 + n % 2],
            random() >= 0.2,
            'Raiding guild number ' || n || ', "semi-hardcore", raids Tue/Thu',
            1000,
            now() - n * interval '5 minutes',
            now() - n * interval '5 minutes'
       FROM generate_series(1, $1::int) AS n`,
    [count],
  );
  await client.query(
    `INSERT INTO discord_members (guild_id, discord_user_id, username, global_name, joined_at, left_at)
     SELECT g.id, g.id || '-' || m, 'player' || m, 'Player ' || m, now() - m * interval '1 day',
            CASE WHEN m > 18 THEN now() END
       FROM (SELECT id, row_number() OVER (ORDER BY created_at) AS n FROM guilds) g, generate_series(1, 20) AS m
      WHERE g.n % 10 = 0`,
  );
  // Fresh statistics and a visibility map, as a database that has been running for a while has.
  await client.query('VACUUM ANALYZE guilds');
  await client.query('VACUUM ANALYZE discord_members');
}
