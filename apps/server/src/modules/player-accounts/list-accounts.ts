import type { Queryable } from '../../services/db/db';
import { presentAccount, presentStatistics } from './presenters';
import {
  type LinkedCharacterRow,
  type PlayerAccountPageQuery,
  type PlayerAccountRow,
  selectAccountPage,
  selectBattlenetCharacters,
  selectLinkedCharacters,
  selectStatistics,
} from './queries';

const byLevel = (a: { level: number | null }, b: { level: number | null }) => (b.level ?? -1) - (a.level ?? -1);

/**
 * The accounts with their characters (the first `shown` of each, the card's five unless said): linked on rosters to
 * their Discord ids, and imported by the verified Battle.net connections of their Battle.net ids (read for these
 * accounts only).
 */
export async function presentWithCharacters(db: Queryable, rows: readonly PlayerAccountRow[], shown?: number) {
  const discordIds = rows.flatMap((row) => (row.discord_id ? [row.discord_id] : []));
  const battlenetIds = rows.flatMap((row) => (row.battlenet_id ? [row.battlenet_id] : []));
  const [linked, imported] = await Promise.all([
    selectLinkedCharacters(db, discordIds),
    selectBattlenetCharacters(db, battlenetIds),
  ]);
  const byDiscordId = new Map<string, LinkedCharacterRow[]>();
  for (const character of linked) {
    byDiscordId.set(character.discord_user_id, [...(byDiscordId.get(character.discord_user_id) ?? []), character]);
  }
  const byBattlenetId = new Map<string, typeof imported>();
  for (const character of imported) {
    byBattlenetId.set(character.battlenet_id, [...(byBattlenetId.get(character.battlenet_id) ?? []), character]);
  }
  return rows.map((row) => {
    const fromRoster = (row.discord_id && byDiscordId.get(row.discord_id)) || [];
    const fromBattlenet = (row.battlenet_id && byBattlenetId.get(row.battlenet_id)) || [];
    return presentAccount(row, fromBattlenet.length > 0 ? [...fromRoster, ...fromBattlenet].sort(byLevel) : fromRoster, shown);
  });
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
