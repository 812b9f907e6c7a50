import type { Queryable } from '../../services/db/db';
import { presentGuild } from './presenters';
import { type GuildPageQuery, selectGuildPage } from './queries';

/** One page of guild tenants matching the filters, with the total, filtered, sorted and paged in SQL. */
export async function listGuilds(db: Queryable, query: GuildPageQuery) {
  const { rows, total } = await selectGuildPage(db, query);
  return { guilds: rows.map(presentGuild), total, page: query.page, limit: query.limit };
}
