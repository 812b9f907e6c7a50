import { LOGS_STREAM_PATH, type LogFilter, logsApi } from '@guildhall/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint, type EndpointBody, endpointPath } from './endpoint';

/** Counts by level are read again this often while the screen is open. */
const STATS_REFRESH_MS = 60_000;

/** Query keys of the log screens. */
export const logsKeys = {
  all: ['logs'] as const,
  stats: () => [...logsKeys.all, 'stats'] as const,
  files: () => [...logsKeys.all, 'files'] as const,
  search: (body: LogSearchRequest) => [...logsKeys.all, 'search', body] as const,
};

/** What a log search asks for. */
export type LogSearchRequest = EndpointBody<typeof logsApi.search>;

/** The live tail's URL with the filters in force; empty filters are left out. */
export function logStreamUrl(filter: LogFilter): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) {
    const text = typeof value === 'string' ? value.trim() : '';
    if (text) params.set(name, text);
  }
  const search = params.toString();
  return search ? `${LOGS_STREAM_PATH}?${search}` : LOGS_STREAM_PATH;
}

/** Where one log file downloads from. */
export const logDownloadPath = (file: string) => endpointPath(logsApi.download.path, { file });

/** Counts by level over the last 24 hours, in buckets, with totals. */
export function useLogStats() {
  return useQuery({
    queryKey: logsKeys.stats(),
    queryFn: ({ signal }) => callEndpoint(logsApi.stats, { signal }),
    refetchInterval: STATS_REFRESH_MS,
  });
}

/** The log files the server wrote. */
export function useLogFiles() {
  return useQuery({
    queryKey: logsKeys.files(),
    queryFn: ({ signal }) => callEndpoint(logsApi.files, { signal }),
  });
}

/** One page of a search over the log files; the previous page stays on screen while the next loads. */
export function useLogSearch(body: LogSearchRequest | null) {
  return useQuery({
    queryKey: logsKeys.search(body ?? {}),
    queryFn: ({ signal }) => callEndpoint(logsApi.search, { body: body ?? {}, signal }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    // A search is a question asked at one moment: asking it again is the Search button's job.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
