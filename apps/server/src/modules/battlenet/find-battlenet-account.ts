import { type BattlenetUserLookup, PLAYER_ACCOUNT_MESSAGES } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';

/** A numeric Battle.net account id; a BattleTag always has a name before its '#'. */
const ACCOUNT_ID = /^\d+$/;

/**
 * A verified connection by BattleTag (case-insensitive) or account id, with the player account holding it.
 * Not found is a 404 whose `hint` says how the player connects, since only verified accounts are known.
 */
export async function findBattlenetAccount(db: Queryable, id: string): Promise<BattlenetUserLookup> {
  const where = ACCOUNT_ID.test(id) ? 'bc.battlenet_id = $1' : 'lower(bc.battletag) = lower($1)';
  const { rows } = await db.query<{
    battlenet_id: string;
    battletag: string;
    region: BattlenetUserLookup['region'];
    verified_at: Date;
    character_count: number;
    holder_id: string | null;
    holder_name: string | null;
  }>(
    `SELECT bc.battlenet_id, bc.battletag, bc.region, bc.verified_at,
            (SELECT count(*)::int FROM battlenet_characters bch WHERE bch.connection_id = bc.id) AS character_count,
            p.id AS holder_id, p.display_name AS holder_name
       FROM battlenet_connections bc LEFT JOIN player_accounts p ON p.battlenet_id = bc.battlenet_id
      WHERE ${where}`,
    [id],
  );
  const row = rows[0];
  if (!row) {
    throw new AppError('NOT_FOUND', PLAYER_ACCOUNT_MESSAGES.battlenetAccountNotFound, {
      details: { hint: PLAYER_ACCOUNT_MESSAGES.battlenetHowToConnect },
    });
  }
  return {
    battlenetId: row.battlenet_id,
    battletag: row.battletag,
    region: row.region,
    verifiedAt: row.verified_at.toISOString(),
    characterCount: row.character_count,
    heldBy: row.holder_id ? { id: row.holder_id, displayName: row.holder_name! } : null,
  };
}
