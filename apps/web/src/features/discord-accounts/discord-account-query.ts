import { botGuildListQuery, DISCORD_ID_PATTERN, discordUserListQuery } from '@guildhall/contract';
import { z } from 'zod';
import type { BotGuildFilters, DiscordUserFilters } from '../../api/discord-accounts';

/** The screen's tabs, as they appear in ?tab= (Users has none). */
export const DISCORD_ACCOUNT_TABS = [
  { id: 'users', label: 'Users' },
  { id: 'bot-guilds', label: 'Bot guilds' },
] as const;
/** A tab of the screen. */
export type DiscordAccountTab = (typeof DISCORD_ACCOUNT_TABS)[number]['id'];

const users = discordUserListQuery.shape;

/**
 * The tab, the users' list query (its sort as `?sort=` and `?order=`) and the open user (`?user=`), as the URL
 * holds them.
 */
export const discordUserUrlQuery = z.object({
  tab: z.enum(DISCORD_ACCOUNT_TABS.map((tab) => tab.id) as [DiscordAccountTab, ...DiscordAccountTab[]]).default('users'),
  search: users.search,
  filter: users.filter,
  sort: users.sortBy,
  order: users.sortOrder,
  page: users.page,
  limit: users.limit,
  user: z.string().regex(DISCORD_ID_PATTERN).optional(),
});
/** The users' part of the URL. */
export type DiscordUserUrlState = z.output<typeof discordUserUrlQuery>;

/** The bot guilds' search and page, under their own names beside the users' ones. */
export const botGuildUrlQuery = z.object({
  guildSearch: botGuildListQuery.shape.search,
  guildPage: botGuildListQuery.shape.page,
  guildLimit: botGuildListQuery.shape.limit,
});

/** The users' list call for the URL's state. */
export const userFilters = (state: DiscordUserUrlState): DiscordUserFilters => ({
  search: state.search,
  filter: state.filter,
  sortBy: state.sort,
  sortOrder: state.order,
  page: state.page,
  limit: state.limit,
});

/** A change of the users' list in the URL's names. */
export function userUrlChange(change: Partial<DiscordUserFilters>): Partial<DiscordUserUrlState> {
  const { sortBy, sortOrder, ...rest } = change;
  return { ...rest, ...('sortBy' in change && { sort: sortBy }), ...('sortOrder' in change && { order: sortOrder }) };
}

/** The bot guilds' list call for the URL's state. */
export const botGuildFilters = (state: z.output<typeof botGuildUrlQuery>): BotGuildFilters => ({
  search: state.guildSearch,
  page: state.guildPage,
  limit: state.guildLimit,
});

/** A change of the bot guilds' list in the URL's names. */
export const botGuildUrlChange = (change: Partial<BotGuildFilters>): Partial<z.output<typeof botGuildUrlQuery>> => ({
  ...('search' in change && { guildSearch: change.search }),
  ...('page' in change && { guildPage: change.page }),
  ...('limit' in change && { guildLimit: change.limit }),
});
