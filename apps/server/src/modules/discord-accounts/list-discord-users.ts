import type { Queryable } from '../../services/db/db';
import { presentChatUser } from './presenters';
import { type DiscordUserPageQuery, selectDiscordUserPage } from './queries';

/** One page of the Discord users the platform knows, searched, filtered, sorted and paged in SQL. */
export async function listDiscordUsers(db: Queryable, query: DiscordUserPageQuery) {
  const { rows, total } = await selectDiscordUserPage(db, query);
  return {
    data: rows.map(presentChatUser),
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
  };
}
