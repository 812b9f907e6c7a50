import type { Queryable } from '../../services/db/db';

/**
 * A community sign-in is the player's last login: the player account holding the user's Discord id notes it
 * (an e-mail account without Discord has none). Not an edit of the account, so updated_at stays.
 */
export async function recordPlayerSignIn(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `UPDATE player_accounts p SET last_login_at = now() FROM users u
      WHERE u.id = $1 AND u.discord_id IS NOT NULL AND p.discord_id = u.discord_id`,
    [userId],
  );
}
