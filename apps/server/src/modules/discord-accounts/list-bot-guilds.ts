import type { Queryable } from '../../services/db/db';
import { presentBotGuild } from './presenters';
import { type BotGuildPageQuery, selectBotGuildPage } from './queries';

/** One page of the bot's guilds (tenants with a Discord server) with member counts and the last member sync. */
export async function listBotGuilds(db: Queryable, query: BotGuildPageQuery) {
  const { rows, total } = await selectBotGuildPage(db, query);
  return {
    data: rows.map(presentBotGuild),
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
  };
}
