import { type botGuildListQuery, discordAccountsApi, type discordUserListQuery } from '@guildhall/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from './endpoint';

/** The Discord user list's query, all filled in. */
export type DiscordUserFilters = z.infer<typeof discordUserListQuery>;
/** The bot guild list's query, all filled in. */
export type BotGuildFilters = z.infer<typeof botGuildListQuery>;

/** Query keys of the Discord accounts screen. */
export const discordAccountKeys = {
  all: ['discord-accounts'] as const,
  users: (query: DiscordUserFilters) => [...discordAccountKeys.all, 'users', query] as const,
  user: (id: string) => [...discordAccountKeys.all, 'user', id] as const,
  botGuilds: (query: BotGuildFilters) => [...discordAccountKeys.all, 'bot-guilds', query] as const,
};

/** The Discord users the platform knows, one page; the previous page stays on screen while the next loads. */
export function useDiscordUsers(query: DiscordUserFilters) {
  return useQuery({
    queryKey: discordAccountKeys.users(query),
    queryFn: ({ signal }) => callEndpoint(discordAccountsApi.users, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One Discord user with memberships, linked characters and player account; nothing while `id` is null. */
export function useDiscordUser(id: string | null) {
  return useQuery({
    queryKey: discordAccountKeys.user(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(discordAccountsApi.user, { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
  });
}

/** The bot's guilds, one page. */
export function useBotGuilds(query: BotGuildFilters) {
  return useQuery({
    queryKey: discordAccountKeys.botGuilds(query),
    queryFn: ({ signal }) => callEndpoint(discordAccountsApi.botGuilds, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
