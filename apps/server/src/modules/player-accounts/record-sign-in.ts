import type { Queryable } from '../../services/db/db';
import { markPlayerSignIn } from './save-queries';

/**
 * A community sign-in is the player's last login: the player account holding the user's Discord id notes it
 * (an e-mail account without Discord has none). Not an edit of the account, so updated_at stays.
 */
export const recordPlayerSignIn = (db: Queryable, userId: string): Promise<void> => markPlayerSignIn(db, userId);
