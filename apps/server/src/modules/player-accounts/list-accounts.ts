import type { Queryable } from '../../services/db/db';
import { presentAccount, presentStatistics } from './presenters';
import {
  type LinkedCharacterRow,
  type PlayerAccountPageQuery,
  type PlayerAccountRow,
  selectAccountPage,
  selectLinkedCharacters,
  selectStatistics,
} from './queries';

/** The accounts with their characters (read for these accounts' Discord ids only). */
export async function presentWithCharacters(db: Queryable, rows: readonly PlayerAccountRow[]) {
  const discordIds = rows.flatMap((row) => (row.discord_id ? [row.discord_id] : []));
  const byDiscordId = new Map<string, LinkedCharacterRow[]>();
  for (const character of await selectLinkedCharacters(db, discordIds)) {
    byDiscordId.set(character.discord_user_id, [...(byDiscordId.get(character.discord_user_id) ?? []), character]);
  }
  return rows.map((row) => presentAccount(row, (row.discord_id && byDiscordId.get(row.discord_id)) || []));
}

/** One page of player accounts, searched, filtered, sorted and paged in SQL (spec 2 §7). */
export async function listAccounts(db: Queryable, query: PlayerAccountPageQuery) {
  const [{ rows, total }, statistics] = await Promise.all([
    selectAccountPage(db, query),
    query.includeStats ? accountStatistics(db) : undefined,
  ]);
  const data = query.includeCharacters ? await presentWithCharacters(db, rows) : rows.map((row) => presentAccount(row));
  return {
    data,
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
    ...(statistics ? { statistics } : {}),
  };
}

/** The statistics cards' numbers. */
export async function accountStatistics(db: Queryable) {
  return presentStatistics(await selectStatistics(db));
}
