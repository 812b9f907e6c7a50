import type { LinkProvider } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import type { DiscordProfile, PlayerAccountRow } from './queries';

// The writes of the account form and the link dialog.

/** An account's stored fields as the form sets them, with who sets them. */
export interface AccountWrite {
  displayName: string;
  email: string | null;
  discordId: string | null;
  battlenetId: string | null;
  accountStatus: string;
  notes: string | null;
  /** created_by / updated_by. */
  by: string;
  /** A verified BattleTag and region for the Battle.net id, when a member's connection vouches for them. */
  battletag: string | null;
  battlenetRegion: string | null;
}

/** The account row, locked for the transaction, or undefined. */
export async function lockAccountRow(tx: Queryable, id: string): Promise<PlayerAccountRow | undefined> {
  const { rows } = await tx.query<PlayerAccountRow>('SELECT * FROM player_accounts WHERE id = $1 FOR UPDATE', [id]);
  return rows[0];
}

/** Inserts an account, its links timed now; answers its id. */
export async function insertAccount(tx: Queryable, account: AccountWrite): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO player_accounts (display_name, email, discord_id, discord_linked_at, battlenet_id, battlenet_linked_at,
                                  battletag, battlenet_region, account_status, notes, created_by, updated_by)
     VALUES ($1, $2, $3, CASE WHEN $3::text IS NOT NULL THEN now() END, $4, CASE WHEN $4::text IS NOT NULL THEN now() END,
             $8, $9, $5, $6, $7, $7)
     RETURNING id`,
    [
      account.displayName,
      account.email,
      account.discordId,
      account.battlenetId,
      account.accountStatus,
      account.notes,
      account.by,
      account.battletag,
      account.battlenetRegion,
    ],
  );
  return rows[0]!.id;
}

/**
 * Replaces an account's fields. A changed id is a new link: its time restarts, and a Battle.net id that changes
 * loses the old BattleTag unless a verified one comes with it.
 */
export async function updateAccountRow(tx: Queryable, id: string, account: AccountWrite): Promise<void> {
  await tx.query(
    `UPDATE player_accounts
        SET display_name = $2, email = $3, account_status = $6, notes = $7, updated_by = $8, updated_at = now(),
            discord_linked_at = CASE WHEN $4::text IS NULL THEN NULL
                                     WHEN discord_id IS DISTINCT FROM $4 THEN now() ELSE discord_linked_at END,
            discord_profile = CASE WHEN discord_id IS DISTINCT FROM $4 THEN NULL ELSE discord_profile END,
            discord_id = $4,
            battletag = CASE WHEN $9::text IS NOT NULL THEN $9
                             WHEN battlenet_id IS DISTINCT FROM $5 THEN NULL ELSE battletag END,
            battlenet_region = CASE WHEN $10::text IS NOT NULL THEN $10
                                    WHEN battlenet_id IS DISTINCT FROM $5 THEN NULL ELSE battlenet_region END,
            battlenet_linked_at = CASE WHEN $5::text IS NULL THEN NULL
                                       WHEN battlenet_id IS DISTINCT FROM $5 THEN now() ELSE battlenet_linked_at END,
            battlenet_id = $5
      WHERE id = $1`,
    [
      id,
      account.displayName,
      account.email,
      account.discordId,
      account.battlenetId,
      account.accountStatus,
      account.notes,
      account.by,
      account.battletag,
      account.battlenetRegion,
    ],
  );
}

const CLEAR_LINK: Record<LinkProvider, string> = {
  discord: 'discord_id = NULL, discord_linked_at = NULL, discord_profile = NULL',
  battlenet: 'battlenet_id = NULL, battletag = NULL, battlenet_region = NULL, battlenet_linked_at = NULL',
};

/** Removes the provider's link from the account. */
export async function clearLink(tx: Queryable, id: string, provider: LinkProvider, by: string): Promise<void> {
  await tx.query(`UPDATE player_accounts SET ${CLEAR_LINK[provider]}, updated_by = $2, updated_at = now() WHERE id = $1`, [
    id,
    by,
  ]);
}

/** Links a Discord user, with their profile as Discord answered (null when it could not be asked). */
export async function setDiscordLink(
  tx: Queryable,
  id: string,
  discordId: string,
  profile: DiscordProfile | null,
  by: string,
): Promise<void> {
  await tx.query(
    `UPDATE player_accounts SET discord_id = $2, discord_linked_at = now(), discord_profile = $4, updated_by = $3,
            updated_at = now() WHERE id = $1`,
    [id, discordId, by, profile ? JSON.stringify(profile) : null],
  );
}

/** Links a Battle.net account with its BattleTag and region. */
export async function setBattlenetLink(
  tx: Queryable,
  id: string,
  link: { battlenetId: string; battletag: string; region: string },
  by: string,
): Promise<void> {
  await tx.query(
    `UPDATE player_accounts SET battlenet_id = $2, battletag = $3, battlenet_region = $4, battlenet_linked_at = now(),
            updated_by = $5, updated_at = now() WHERE id = $1`,
    [id, link.battlenetId, link.battletag, link.region, by],
  );
}

/** Notes now as the last login of the player account holding the user's Discord id (if any). */
export async function markPlayerSignIn(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `UPDATE player_accounts p SET last_login_at = now() FROM users u
      WHERE u.id = $1 AND u.discord_id IS NOT NULL AND p.discord_id = u.discord_id`,
    [userId],
  );
}
