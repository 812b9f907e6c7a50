import type { BattlenetUserLookup } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';

// The player accounts a Battle.net connection touches, and the admin's lookup of a verified account.

/**
 * The player account of a Discord user, locked; undefined when there is none. Two first connects of one Discord
 * user are serialised first (an advisory lock), so only one of them creates the account.
 */
export async function lockAccountOfDiscordUser(
  tx: Queryable,
  discordId: string,
): Promise<{ id: string; battlenet_id: string | null } | undefined> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`player_accounts.discord_id:${discordId}`]);
  const { rows } = await tx.query<{ id: string; battlenet_id: string | null }>(
    'SELECT id, battlenet_id FROM player_accounts WHERE discord_id = $1 FOR UPDATE',
    [discordId],
  );
  return rows[0];
}

/** Creates a Discord user's player account; answers its id. */
export async function insertAccountOfDiscordUser(tx: Queryable, displayName: string, discordId: string, by: string) {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO player_accounts (display_name, discord_id, discord_linked_at, created_by, updated_by)
     VALUES ($1, $2, now(), $3, $3) RETURNING id`,
    [displayName, discordId, by],
  );
  return rows[0]!.id;
}

/** Takes the Battle.net id off every account holding it; answers those accounts' ids. */
export async function clearBattlenetId(tx: Queryable, battlenetId: string, by: string): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE player_accounts SET battlenet_id = NULL, battletag = NULL, battlenet_region = NULL, battlenet_linked_at = NULL,
            updated_by = $2, updated_at = now() WHERE battlenet_id = $1 RETURNING id`,
    [battlenetId, by],
  );
  return rows.map((row) => row.id);
}

/** A verified connection with its character count and the player account holding it. */
export interface VerifiedAccountRow {
  battlenet_id: string;
  battletag: string;
  region: BattlenetUserLookup['region'];
  verified_at: Date;
  character_count: number;
  holder_id: string | null;
  holder_name: string | null;
}

/** A verified connection by numeric account id or by BattleTag (case-insensitive). */
export async function selectVerifiedAccount(
  db: Queryable,
  by: { battlenetId: string } | { battletag: string },
): Promise<VerifiedAccountRow | undefined> {
  const isId = 'battlenetId' in by;
  const { rows } = await db.query<VerifiedAccountRow>(
    `SELECT bc.battlenet_id, bc.battletag, bc.region, bc.verified_at,
            (SELECT count(*)::int FROM battlenet_characters bch WHERE bch.connection_id = bc.id) AS character_count,
            p.id AS holder_id, p.display_name AS holder_name
       FROM battlenet_connections bc LEFT JOIN player_accounts p ON p.battlenet_id = bc.battlenet_id
      WHERE ${isId ? 'bc.battlenet_id = $1' : 'lower(bc.battletag) = lower($1)'}`,
    [isId ? by.battlenetId : by.battletag],
  );
  return rows[0];
}
