import { PLAYER_ACCOUNT_PAGE, type PlayerAccount, playerAccountNotFound } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { presentWithCharacters } from './list-accounts';
import { selectAccount } from './queries';

/** One account as the detail dialog shows it: every character (up to detailCharacters) and the summary; 404 when unknown. */
export async function readAccount(db: Queryable, id: string): Promise<PlayerAccount> {
  const row = await selectAccount(db, id);
  if (!row) throw AppError.notFound(playerAccountNotFound(id));
  const [account] = await presentWithCharacters(db, [row], PLAYER_ACCOUNT_PAGE.detailCharacters);
  return account!;
}
