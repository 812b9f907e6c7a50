import type pg from 'pg';
import { REALMS as DEMO_REALMS, NAME_ADJECTIVES, NAME_NOUNS } from '../../apps/server/src/seed/demo-names';

// The demo seed's name parts, so benchmark guilds read like real ones.
const ADJECTIVES = NAME_ADJECTIVES;
const NOUNS = NAME_NOUNS;
const REALMS = [...new Set(Object.values(DEMO_REALMS).flatMap((realms) => realms.map((realm) => realm.name)))];

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
     SELECT (${sqlArray(ADJECTIVES)})[1 + floor(random() * ${ADJECTIVES.length})::int] || ' ' || (${sqlArray(NOUNS)})[1 + floor(random() * ${NOUNS.length})::int]
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
