import { botGuildListQuery, DISCORD_ACCOUNT_PAGE, DISCORD_ID_PATTERN, discordUserListQuery } from '@guildhall/contract';
import type { BotGuildFilters, DiscordUserFilters } from '../../api/discord-accounts';

/** The screen's tabs, as they appear in ?tab= (Users has none). */
export const DISCORD_ACCOUNT_TABS = [
  { id: 'users', label: 'Users' },
  { id: 'bot-guilds', label: 'Bot guilds' },
] as const;
/** A tab of the screen. */
export type DiscordAccountTab = (typeof DISCORD_ACCOUNT_TABS)[number]['id'];

/** What the screen keeps in its URL: the tab, each tab's search and page, the users' filter and sort, the open user. */
export interface DiscordAccountParams {
  tab: DiscordAccountTab;
  users: DiscordUserFilters;
  botGuilds: BotGuildFilters;
  /** The Discord user whose detail is open. */
  userId: string | null;
}

type UserKey = 'page' | 'search' | 'filter' | 'sortBy' | 'sortOrder';

/** The screen's state from its URL; a value that does not fit falls back to its default. */
export function parseDiscordAccountParams(params: URLSearchParams): DiscordAccountParams {
  const tab = DISCORD_ACCOUNT_TABS.find((t) => t.id === params.get('tab'))?.id ?? 'users';
  const pickUser = (key: UserKey, name: string = key) => {
    const value = params.get(name);
    if (value === null || value === '') return {};
    const parsed = discordUserListQuery.shape[key].safeParse(value);
    return parsed.success ? { [key]: parsed.data } : {};
  };
  const users = discordUserListQuery.parse({
    ...pickUser('page'),
    ...pickUser('search'),
    ...pickUser('filter'),
    ...pickUser('sortBy', 'sort'),
    ...pickUser('sortOrder', 'order'),
    limit: DISCORD_ACCOUNT_PAGE.size,
  });
  const guildPage = botGuildListQuery.shape.page.safeParse(params.get('guildPage') ?? undefined);
  const guildSearch = params.get('guildSearch')?.trim();
  const botGuilds = botGuildListQuery.parse({
    page: guildPage.success ? guildPage.data : 1,
    search: guildSearch ? guildSearch.slice(0, 100) : undefined,
    limit: DISCORD_ACCOUNT_PAGE.size,
  });
  const userId = params.get('user');
  return { tab, users, botGuilds, userId: userId && DISCORD_ID_PATTERN.test(userId) ? userId : null };
}

/** The URL search of a screen state; defaults are left out so a plain /admin/accounts/discord stays plain. */
export function discordAccountSearchParams(state: DiscordAccountParams): URLSearchParams {
  const params = new URLSearchParams();
  if (state.tab !== 'users') params.set('tab', state.tab);
  const { users, botGuilds } = state;
  if (users.search) params.set('search', users.search);
  if (users.filter !== 'all') params.set('filter', users.filter);
  if (users.sortBy !== 'displayName') params.set('sort', users.sortBy);
  if (users.sortOrder !== 'asc') params.set('order', users.sortOrder);
  if (users.page > 1) params.set('page', String(users.page));
  if (botGuilds.search) params.set('guildSearch', botGuilds.search);
  if (botGuilds.page > 1) params.set('guildPage', String(botGuilds.page));
  if (state.userId) params.set('user', state.userId);
  return params;
}
