import { type playerAccountListQuery, playerAccountsApi } from '@guildhall/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint, type EndpointResponse } from './endpoint';

/** The account list's filters and page, all filled in. */
export type PlayerAccountFilters = z.infer<typeof playerAccountListQuery>;
/** One page of the account list as the API answers it. */
export type PlayerAccountPage = EndpointResponse<typeof playerAccountsApi.list>;
/** A bulk update job as its call answers it. */
export type BulkJobAnswer = EndpointResponse<typeof playerAccountsApi.bulkJob>;

/** Query keys of the player accounts. */
export const playerAccountKeys = {
  all: ['player-accounts'] as const,
  lists: () => [...playerAccountKeys.all, 'list'] as const,
  list: (query: PlayerAccountFilters) => [...playerAccountKeys.lists(), query] as const,
  statistics: () => [...playerAccountKeys.all, 'statistics'] as const,
  bulkJob: (jobId: string) => [...playerAccountKeys.all, 'bulk-job', jobId] as const,
};

/** Accounts with their first characters, filtered, sorted and paged on the server; the previous page stays while the next loads. */
export function usePlayerAccountList(query: PlayerAccountFilters) {
  return useQuery({
    queryKey: playerAccountKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(playerAccountsApi.list, { query: { ...query, includeCharacters: true }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Total, Discord linked, Battle.net linked and fully linked, with their rates. */
export function usePlayerStatistics() {
  return useQuery({
    queryKey: playerAccountKeys.statistics(),
    queryFn: ({ signal }) => callEndpoint(playerAccountsApi.statistics, { signal }),
  });
}

/**
 * One bulk update job; the /admin socket writes its progress into this cache entry, and while it runs it is also
 * polled every `pollMs`, in case the live connection is down.
 */
export function useBulkJob(jobId: string | null, pollMs: number) {
  return useQuery({
    queryKey: playerAccountKeys.bulkJob(jobId ?? ''),
    queryFn: ({ signal }) => callEndpoint(playerAccountsApi.bulkJob, { params: { jobId: jobId ?? '' }, signal }),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data?.data.status === 'running' ? pollMs : false),
  });
}

/** Asks Discord (through the server and its bot token) for a user by id. */
export function findDiscordUser(id: string, signal?: AbortSignal) {
  return callEndpoint(playerAccountsApi.discordUser, { params: { id }, signal });
}

/** Finds a verified Battle.net connection by BattleTag or account id. */
export function findBattlenetUser(id: string, signal?: AbortSignal) {
  return callEndpoint(playerAccountsApi.battlenetUser, { params: { id }, signal });
}
