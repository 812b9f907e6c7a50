import { AUTO_LINK, type CharacterRole, characterDiscoveryApi, type WowClass } from '@guildhall/contract';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callEndpoint, type EndpointResponse } from './endpoint';

/** Unlinked characters and members load in pages of this many ("Show more" fetches the next). */
export const DISCOVERY_PAGE_SIZE = 100;

/** Filters of the unlinked character list, as the server applies them. */
export interface UnlinkedFilters {
  search: string;
  class: WowClass | null;
  role: CharacterRole | null;
}

/** A member sync job as the discovery calls answer it. */
export type SyncJobAnswer = EndpointResponse<typeof characterDiscoveryApi.syncJob>;
/** The answer of find-all. */
export type AutoLinkResults = EndpointResponse<typeof characterDiscoveryApi.findAll>;

/** Query keys of the Character Discovery Manager. */
export const discoveryKeys = {
  all: ['character-discovery'] as const,
  guild: (guildId: string) => [...discoveryKeys.all, 'guild', guildId] as const,
  summary: (guildId: string) => [...discoveryKeys.guild(guildId), 'summary'] as const,
  unlinkedLists: (guildId: string) => [...discoveryKeys.guild(guildId), 'unlinked'] as const,
  unlinked: (guildId: string, filters: UnlinkedFilters) => [...discoveryKeys.unlinkedLists(guildId), filters] as const,
  memberLists: (guildId: string) => [...discoveryKeys.guild(guildId), 'members'] as const,
  members: (guildId: string, search: string) => [...discoveryKeys.memberLists(guildId), { search }] as const,
  autoLink: (guildId: string) => [...discoveryKeys.guild(guildId), 'auto-link'] as const,
  syncJob: (jobId: string) => [...discoveryKeys.all, 'sync-job', jobId] as const,
};

/** The header: guild, counts, whether it can sync and its latest sync. */
export function useDiscoverySummary(guildId: string | null) {
  return useQuery({
    queryKey: discoveryKeys.summary(guildId ?? ''),
    queryFn: ({ signal }) => callEndpoint(characterDiscoveryApi.summary, { query: { guildId: guildId ?? '' }, signal }),
    enabled: guildId !== null,
  });
}

const nextPage = (last: { page: number; limit: number; total: number }) =>
  last.page * last.limit < last.total ? last.page + 1 : undefined;

/** One page of DISCOVERY_PAGE_SIZE, spread last into the list's query. */
interface PageQuery {
  page: number;
  limit: number;
}

/** Both discovery lists page alike: off until a guild is chosen, the old pages kept while new filters load. */
function useGuildPages<TPage extends { page: number; limit: number; total: number }>(
  guildId: string | null,
  queryKey: readonly unknown[],
  fetchPage: (query: PageQuery, signal: AbortSignal) => Promise<TPage>,
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage({ page: pageParam, limit: DISCOVERY_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: guildId !== null,
    placeholderData: keepPreviousData,
  });
}

/** The guild's unlinked characters matching the filters, a page at a time. */
export function useUnlinkedCharacters(guildId: string | null, filters: UnlinkedFilters) {
  return useGuildPages(guildId, discoveryKeys.unlinked(guildId ?? '', filters), (page, signal) =>
    callEndpoint(characterDiscoveryApi.unlinkedCharacters, {
      query: {
        guildId: guildId ?? '',
        search: filters.search || undefined,
        class: filters.class ?? undefined,
        role: filters.role ?? undefined,
        ...page,
      },
      signal,
    }),
  );
}

/** The guild's current Discord members with their linked characters, a page at a time. */
export function useDiscoveryMembers(guildId: string | null, search: string) {
  return useGuildPages(guildId, discoveryKeys.members(guildId ?? '', search), (page, signal) =>
    callEndpoint(characterDiscoveryApi.members, {
      query: { guildId: guildId ?? '', includeLinked: true, search: search || undefined, ...page },
      signal,
    }),
  );
}

/** The matcher's proposals for the guild (find-all at the search minimum); loaded while the modal is open. */
export function useAutoLinkMatches(guildId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: discoveryKeys.autoLink(guildId),
    queryFn: ({ signal }) =>
      callEndpoint(characterDiscoveryApi.findAll, {
        body: { guildId, minScore: AUTO_LINK.minScore, includeLinked: false },
        signal,
      }),
    enabled: isEnabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** One member sync; polled while it runs, as a backstop for the live events. */
export function useSyncJob(jobId: string | null, pollMs: number) {
  return useQuery({
    queryKey: discoveryKeys.syncJob(jobId ?? ''),
    queryFn: ({ signal }) => callEndpoint(characterDiscoveryApi.syncJob, { params: { jobId: jobId ?? '' }, signal }),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data?.job.status === 'running' ? pollMs : false),
  });
}
