import { guildOptionsApi } from '@guildhall/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from './endpoint';

/** Query keys of the one guild picker's list. */
export const guildOptionKeys = {
  all: ['guild-options'] as const,
  search: (search: string) => [...guildOptionKeys.all, 'search', search] as const,
  byId: (id: string) => [...guildOptionKeys.all, 'id', id] as const,
};

/** Guild names change rarely: a picker opened twice in a minute asks once. */
const GUILD_OPTIONS_STALE_MS = 60_000;

/** The first page of guilds matching a search ('' for all), with the total and the default guild. */
export function useGuildOptions(search: string, enabled = true) {
  return useQuery({
    queryKey: guildOptionKeys.search(search),
    queryFn: ({ signal }) => callEndpoint(guildOptionsApi.list, { query: { search: search || undefined }, signal }),
    placeholderData: keepPreviousData,
    staleTime: GUILD_OPTIONS_STALE_MS,
    enabled,
  });
}

/** One guild known only by id (a reload or a shared link carries the id only); nothing while `id` is null. */
export function useGuildOption(id: string | null) {
  const guild = useQuery({
    queryKey: guildOptionKeys.byId(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(guildOptionsApi.list, { query: { id: id ?? undefined }, signal }),
    staleTime: GUILD_OPTIONS_STALE_MS,
    enabled: id !== null,
  });
  return guild.data?.data[0] ?? null;
}
