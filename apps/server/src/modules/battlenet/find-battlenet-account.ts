import { type BattlenetUserLookup, PLAYER_ACCOUNT_MESSAGES } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { selectVerifiedAccount } from './account-queries';

/** A numeric Battle.net account id; a BattleTag always has a name before its '#'. */
const ACCOUNT_ID = /^\d+$/;

/**
 * A verified connection by BattleTag (case-insensitive) or account id, with the player account holding it.
 * Not found is a 404 whose `hint` says how the player connects, since only verified accounts are known.
 */
export async function findBattlenetAccount(db: Queryable, id: string): Promise<BattlenetUserLookup> {
  const row = await selectVerifiedAccount(db, ACCOUNT_ID.test(id) ? { battlenetId: id } : { battletag: id });
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
