import { useCallback, useMemo } from 'react';
import type { BotGuildFilters, DiscordUserFilters } from '../../api/discord-accounts';
import { useLiveSearchParams } from '../../ui/use-live-search-params';
import {
  type DiscordAccountParams,
  type DiscordAccountTab,
  discordAccountSearchParams,
  parseDiscordAccountParams,
} from './discord-account-params';

type UserChange = Partial<Pick<DiscordUserFilters, 'page' | 'search' | 'filter' | 'sortBy' | 'sortOrder'>>;
type GuildChange = Partial<Pick<BotGuildFilters, 'page' | 'search'>>;

/**
 * The screen's state, kept in the URL so a reload or a shared link shows the same view. A new search, filter or
 * sort goes back to page 1; typing in a search replaces the history entry instead of adding one.
 */
export function useDiscordAccountParams() {
  const [params, setParams] = useLiveSearchParams();
  const state = useMemo(() => parseDiscordAccountParams(params), [params]);

  const change = useCallback(
    (next: (current: DiscordAccountParams) => DiscordAccountParams, replace = false) =>
      setParams((current) => discordAccountSearchParams(next(parseDiscordAccountParams(current))), { replace }),
    [setParams],
  );

  const setTab = useCallback((tab: DiscordAccountTab) => change((s) => ({ ...s, tab })), [change]);
  const updateUsers = useCallback(
    (users: UserChange, replace = false) => change((s) => ({ ...s, users: { ...s.users, page: 1, ...users } }), replace),
    [change],
  );
  const updateBotGuilds = useCallback(
    (botGuilds: GuildChange, replace = false) =>
      change((s) => ({ ...s, botGuilds: { ...s.botGuilds, page: 1, ...botGuilds } }), replace),
    [change],
  );
  const openUser = useCallback((userId: string | null) => change((s) => ({ ...s, userId })), [change]);

  return { state, setTab, updateUsers, updateBotGuilds, openUser };
}
