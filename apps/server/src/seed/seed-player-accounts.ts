import type { Db } from '../services/db/db';
import { generateDemoData } from './demo-data';
import { generateDemoPlayerAccounts } from './demo-player-accounts';
import { SEED_LOCK_KEY } from './seed-demo-data';

/** app_meta key recording when the demo player accounts were seeded; its own key, so older databases get them once. */
export const PLAYER_ACCOUNTS_SEEDED_KEY = 'seeded_player_accounts';

/**
 * Seeds the demo player accounts once, in every link state, when there are none yet (an admin's own accounts are
 * never mixed with demo ones). Returns how many were seeded, or null when nothing was done.
 */
export async function seedPlayerAccounts(db: Db, now = Date.now()): Promise<{ playerAccounts: number } | null> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const seeded = await tx.query('SELECT 1 FROM app_meta WHERE key = $1', [PLAYER_ACCOUNTS_SEEDED_KEY]);
    const existing = await tx.query('SELECT 1 FROM player_accounts LIMIT 1');
    if (seeded.rowCount > 0 || existing.rowCount > 0) return null;
    const accounts = generateDemoPlayerAccounts(generateDemoData(), now);
    await tx.query(
      `INSERT INTO player_accounts (display_name, email, account_status, notes, discord_id, discord_linked_at, battlenet_id,
                                    battletag, battlenet_region, battlenet_linked_at, last_login_at, created_at, updated_at,
                                    created_by, updated_by)
       SELECT p.*, 'seed', 'seed'
         FROM jsonb_to_recordset($1::jsonb) AS p(display_name text, email text, account_status text, notes text, discord_id text,
              discord_linked_at timestamptz, battlenet_id text, battletag text, battlenet_region text,
              battlenet_linked_at timestamptz, last_login_at timestamptz, created_at timestamptz, updated_at timestamptz)`,
      [JSON.stringify(accounts)],
    );
    await tx.query('INSERT INTO app_meta (key, value) VALUES ($1, $2)', [
      PLAYER_ACCOUNTS_SEEDED_KEY,
      new Date(now).toISOString(),
    ]);
    return { playerAccounts: accounts.length };
  });
}
