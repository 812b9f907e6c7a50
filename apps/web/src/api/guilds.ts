import { type guildListQuery, guildsApi } from '@guildhall/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint, type EndpointResponse } from './endpoint';
import type { GuildDataPage } from './guild-data';

/** The guild list's filters and page, all filled in. */
export type GuildListFilters = z.infer<typeof guildListQuery>;

/** One page of the guild list as the API answers it. */
export type GuildListPage = EndpointResponse<typeof guildsApi.list>;

/** Query keys of the guild tenants and their data. */
export const guildKeys = {
  all: ['guilds'] as const,
  lists: () => [...guildKeys.all, 'list'] as const,
  list: (query: GuildListFilters) => [...guildKeys.lists(), query] as const,
  data: (id: string) => [...guildKeys.all, 'data', id] as const,
  summary: (id: string) => [...guildKeys.data(id), 'summary'] as const,
  characters: (id: string, query: GuildDataPage) => [...guildKeys.data(id), 'characters', query] as const,
  raidEvents: (id: string, query: GuildDataPage) => [...guildKeys.data(id), 'raid-events', query] as const,
  combatLogs: (id: string) => [...guildKeys.data(id), 'combat-logs'] as const,
  discordMembers: (id: string, query: GuildDataPage) => [...guildKeys.data(id), 'discord', query] as const,
  analytics: (id: string) => [...guildKeys.data(id), 'analytics'] as const,
};

/** Guild tenants, filtered and paged on the server; the previous page stays on screen while the next loads. */
export function useGuildList(query: GuildListFilters) {
  return useQuery({
    queryKey: guildKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(guildsApi.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
