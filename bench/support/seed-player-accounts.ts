import { WOW_CLASSES } from '@guildhall/contract';
import type pg from 'pg';
import { NAME_ENDS, NAME_STARTS } from '../../apps/server/src/seed/demo-names';

const sqlArray = (items: readonly string[]) => `ARRAY[${items.map((item) => `'${item.replaceAll("'", "''")}'`).join(', ')}]`;

/** Sizes of the player-account data set. */
export interface PlayerAccountSeed {
  accounts: number;
  characters: number;
  guilds: number;
}

/**
 * Inserts the data set in a few generate_series statements, with a seeded random() so every run has the same data:
 * `guilds` guild tenants; `accounts` player accounts named like members ('Kaedris 4711'), 70 % linked to Discord,
 * 40 % to Battle.net (about 28 % to both), 60 % with an e-mail, 80 % active, 15 % inactive, 5 % suspended, half
 * of them logged in; one Discord member per Discord-linked account, in one guild; `characters` characters on those
 * members' guilds, linked to them (character_links) as the list's includeCharacters query reads them, one main per
 * member and the rest alts.
 */
export async function seedPlayerAccounts(client: pg.Client, seed: PlayerAccountSeed) {
  await client.query('SELECT setseed(0.1207)');
  await client.query(
    `INSERT INTO guilds (guild_name, server, region, created_at, updated_at)
     SELECT 'Bench Guild ' || n, 'Silvermoon', 'EU', now(), now() FROM generate_series(1, $1::int) AS n`,
    [seed.guilds],
  );
  await client.query(
    `INSERT INTO player_accounts (display_name, email, account_status, discord_id, discord_linked_at, battlenet_id,
                                  battletag, battlenet_region, battlenet_linked_at, last_login_at, created_by, updated_by,
                                  created_at, updated_at)
     SELECT r.name, CASE WHEN r.e < 0.6 THEN lower(r.name_only) || '.' || n || '@example.com' END,
            CASE WHEN r.s < 0.8 THEN 'active' WHEN r.s < 0.95 THEN 'inactive' ELSE 'suspended' END,
            CASE WHEN r.d < 0.7 THEN (300000000000000000 + n)::text END, CASE WHEN r.d < 0.7 THEN now() - n * interval '1 minute' END,
            CASE WHEN r.b < 0.4 THEN 'bnet-' || n END, CASE WHEN r.b < 0.4 THEN r.name_only || '#' || (1000 + n % 9000) END,
            CASE WHEN r.b < 0.4 THEN 'eu' END, CASE WHEN r.b < 0.4 THEN now() - n * interval '2 minutes' END,
            CASE WHEN r.l < 0.5 THEN now() - n * interval '3 minutes' END, 'bench', 'bench',
            now() - n * interval '5 minutes', now() - ((n * 7919) % $1::int) * interval '1 minute'
       FROM generate_series(1, $1::int) AS n,
            LATERAL (SELECT (${sqlArray(NAME_STARTS)})[1 + floor(random() * ${NAME_STARTS.length})::int]
                              || (${sqlArray(NAME_ENDS)})[1 + floor(random() * ${NAME_ENDS.length})::int] AS name_only,
                            random() AS e, random() AS s, random() AS d, random() AS b, random() AS l, n AS k) AS q,
            LATERAL (SELECT q.name_only || ' ' || q.k AS name, q.*) AS r`,
    [seed.accounts],
  );
  await client.query(`
    CREATE TEMP TABLE bench_guilds AS SELECT id, row_number() OVER (ORDER BY id) - 1 AS gi FROM guilds;
    CREATE TEMP TABLE bench_players AS
      SELECT discord_id, display_name, row_number() OVER (ORDER BY discord_id) - 1 AS pi FROM player_accounts WHERE discord_id IS NOT NULL`);
  await client.query(
    `INSERT INTO discord_members (guild_id, discord_user_id, username, global_name, joined_at, last_synced_at)
     SELECT g.id, p.discord_id, lower(split_part(p.display_name, ' ', 1)) || p.pi, p.display_name, now(), now()
       FROM bench_players p JOIN bench_guilds g ON g.gi = p.pi % $1::int`,
    [seed.guilds],
  );
  await client.query(`
    CREATE TEMP TABLE bench_members AS SELECT id, guild_id, row_number() OVER (ORDER BY id) - 1 AS mi FROM discord_members`);
  await client.query(
    `CREATE TEMP TABLE bench_characters AS
     SELECT gen_random_uuid() AS character_id, m.id AS member_id, m.guild_id, k, k < (SELECT count(*) FROM bench_members) AS is_main
       FROM generate_series(0, $1::int - 1) AS k
       JOIN bench_members m ON m.mi = k % (SELECT count(*) FROM bench_members)`,
    [seed.characters],
  );
  await client.query(
    `INSERT INTO characters (id, guild_id, name, realm, class, level)
     SELECT character_id, guild_id, 'Char' || k, 'Silvermoon',
            (${sqlArray(WOW_CLASSES)})[1 + floor(random() * ${WOW_CLASSES.length})::int], 60 + floor(random() * 21)::int
       FROM bench_characters`,
  );
  await client.query(
    `INSERT INTO character_links (guild_id, character_id, discord_member_id, priority, is_primary, link_type, linked_by)
     SELECT guild_id, character_id, member_id, CASE WHEN is_main THEN 'main' ELSE 'alt' END, is_main, 'manual', 'bench'
       FROM bench_characters`,
  );
  // Fresh statistics and a visibility map, as a database that has been running for a while has.
  for (const table of ['player_accounts', 'discord_members', 'characters', 'character_links', 'guilds']) {
    await client.query(`VACUUM ANALYZE ${table}`);
  }
}
