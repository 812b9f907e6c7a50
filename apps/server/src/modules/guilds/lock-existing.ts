import { guildNotFound } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { lockGuilds } from './queries';

/**
 * Locks every guild of `ids` for the transaction, or throws 404 naming the first id that names no guild,
 * so a bulk action changes all of them or, rolled back, none. Returns the ids without repeats.
 */
export async function lockExistingGuilds(tx: Queryable, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const found = await lockGuilds(tx, unique);
  const missing = unique.find((id) => !found.has(id));
  if (missing) throw AppError.notFound(guildNotFound(missing));
  return unique;
}
