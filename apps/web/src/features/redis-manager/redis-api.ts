import {
  type RedisBytes,
  type RedisCreateKeyBody,
  type RedisEdit,
  type RedisKeyEncoding,
  type RedisKeysPage,
  type RedisPatternDeleteBody,
  redisManagerApi,
} from '@guildhall/contract';
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/endpoint';

/** A key as the browser holds it: its wire spelling, as the server gave it (hex when not UTF-8). */
export interface KeyRef {
  key: string;
  keyEncoding: RedisKeyEncoding;
}

/** How often Statistics asks again while the page is visible. */
export const STATS_REFRESH_MS = 3000;

/** Query keys of the cache manager; everything of one database lies under `database(n)`. */
export const redisKeys = {
  all: ['database-redis'] as const,
  databases: () => [...redisKeys.all, 'databases'] as const,
  info: () => [...redisKeys.all, 'info'] as const,
  database: (database: number) => [...redisKeys.all, 'db', database] as const,
  keys: (database: number, pattern: string) => [...redisKeys.database(database), 'keys', pattern] as const,
  value: (database: number, ref: KeyRef) => [...redisKeys.database(database), 'value', ref.keyEncoding, ref.key] as const,
  stats: (database: number) => [...redisKeys.database(database), 'stats'] as const,
};

/** A page of keys with the time it was read: each page's TTLs count down from their own read. */
export type KeysPage = RedisKeysPage & { readAt: number };

/** What the key browser's pages answer: the pages, or how to connect a Redis. */
export type KeysAnswer = { configured: true; page: KeysPage } | { configured: false };

/** The 16 databases with their key counts (INFO keyspace), or how to connect a Redis. */
export function useRedisDatabases() {
  return useQuery({
    queryKey: redisKeys.databases(),
    queryFn: ({ signal }) => callEndpoint(redisManagerApi.databases, { signal }),
  });
}

/** Keys matching a pattern, one SCAN page at a time; the next page starts at the cursor the last one gave. */
export function useRedisKeys(database: number, pattern: string) {
  return useInfiniteQuery({
    queryKey: redisKeys.keys(database, pattern),
    queryFn: async ({ pageParam, signal }): Promise<KeysAnswer> => {
      const answer = await callEndpoint(redisManagerApi.keys, { query: { database, pattern, cursor: pageParam }, signal });
      if (!answer.configured) return { configured: false };
      // The page's own fields come at the top of the answer, beside success and configured.
      const { success: _success, configured: _configured, ...page } = answer;
      return { configured: true, page: { ...page, readAt: Date.now() } };
    },
    initialPageParam: '0',
    getNextPageParam: (last) => (last.configured && last.page.cursor !== '0' ? last.page.cursor : undefined),
    // Pages already read stay as they were: a refetch would SCAN them all again.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A key's type, TTL and value, one page at a time (500 elements or 64 KiB of a string). */
export function useRedisKeyValue(database: number, ref: KeyRef | null) {
  return useInfiniteQuery({
    queryKey: redisKeys.value(database, ref ?? { key: '', keyEncoding: 'utf8' }),
    queryFn: async ({ pageParam, signal }) => {
      const query = { database, key: ref?.key ?? '', keyEncoding: ref?.keyEncoding, cursor: pageParam };
      const answer = await callEndpoint(redisManagerApi.keyValue, { query, signal });
      if (!answer.configured) return null;
      // The page's own fields come at the top of the answer, beside success and configured.
      const { success: _success, configured: _configured, ...page } = answer;
      return { ...page, readAt: Date.now() };
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last?.nextCursor ?? undefined,
    enabled: ref !== null,
    staleTime: 0,
  });
}

/** Clients, keys, memory, uptime, commands per second and version, read again every few seconds while visible. */
export function useRedisStats(database: number, isVisible: boolean) {
  return useQuery({
    queryKey: redisKeys.stats(database),
    queryFn: ({ signal }) => callEndpoint(redisManagerApi.stats, { query: { database }, signal }),
    refetchInterval: isVisible ? STATS_REFRESH_MS : false,
    staleTime: 0,
  });
}

/** INFO server and memory, the keyspace, and where Guildhall keeps its own keys. */
export function useRedisInfo() {
  return useQuery({
    queryKey: redisKeys.info(),
    queryFn: ({ signal }) => callEndpoint(redisManagerApi.info, { signal }),
  });
}

/** Drops a key from the pages of the key browser already read, without scanning them again. */
function removeListedKey(data: InfiniteData<KeysAnswer> | undefined, ref: KeyRef) {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((answer) =>
      answer.configured
        ? {
            ...answer,
            page: {
              ...answer.page,
              entries: answer.page.entries.filter((entry) => entry.key !== ref.key || entry.keyEncoding !== ref.keyEncoding),
            },
          }
        : answer,
    ),
  };
}

/** Deletes a key (UNLINK) and drops it from the lists on screen. */
export function useDeleteKey(database: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ref: KeyRef) => callEndpoint(redisManagerApi.deleteKey, { query: { ...ref, database } }),
    onSuccess: (_answer, ref) => {
      queryClient.setQueriesData<InfiniteData<KeysAnswer>>({ queryKey: [...redisKeys.database(database), 'keys'] }, (data) =>
        removeListedKey(data, ref),
      );
      queryClient.removeQueries({ queryKey: redisKeys.value(database, ref) });
      return queryClient.invalidateQueries({ queryKey: redisKeys.databases() });
    },
  });
}

/** Sets a TTL in seconds, or removes it with null; the key's value pane reads it again. */
export function useSetTtl(database: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, ttl }: { ref: KeyRef; ttl: number | null }) =>
      callEndpoint(redisManagerApi.setTtl, { body: { ...ref, database, ttl } }),
    onSuccess: (_answer, { ref }) => queryClient.invalidateQueries({ queryKey: redisKeys.value(database, ref) }),
  });
}

/** Replaces a string's value, or applies one edit to a hash, list, set or zset; the value is read again. */
export function useUpdateKey(database: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ref, value, edits }: { ref: KeyRef; value?: RedisBytes; edits?: RedisEdit[] }) => {
      if (value !== undefined) return callEndpoint(redisManagerApi.updateKey, { body: { ...ref, database, value } });
      // A renamed set or zset member is a removal then an addition: two calls, in order.
      for (const edit of edits ?? []) await callEndpoint(redisManagerApi.updateKey, { body: { ...ref, database, edit } });
      return null;
    },
    onSettled: (_answer, _error, { ref }) => queryClient.invalidateQueries({ queryKey: redisKeys.value(database, ref) }),
  });
}

/** Creates a key (never overwriting one); the key lists and counts of its database are read again. */
export function useCreateKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RedisCreateKeyBody) => callEndpoint(redisManagerApi.createKey, { body }),
    onSuccess: (_answer, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: redisKeys.database(Number(body.database ?? 0)) }),
        queryClient.invalidateQueries({ queryKey: redisKeys.databases() }),
      ]),
  });
}

/** The first step of a flush: a confirmation token for this admin and database, good once for two minutes. */
export function useFlushConfirmation() {
  return useMutation({
    mutationFn: (database: number) => callEndpoint(redisManagerApi.flushConfirmation, { body: { database } }),
  });
}

/** The second step: flushes Guildhall's keys of one database with the confirmation's token; its keys are read again. */
export function useFlushDatabase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ database, token }: { database: number; token: string }) =>
      callEndpoint(redisManagerApi.flush, { query: { database }, body: { token } }),
    onSuccess: (_answer, { database }) => {
      return Promise.all([
        queryClient.resetQueries({ queryKey: redisKeys.database(database) }),
        queryClient.invalidateQueries({ queryKey: redisKeys.databases() }),
      ]);
    },
  });
}

/** Counts the keys matching a pattern (dry run) or deletes them; a real run reads the database again. */
export function useDeleteByPattern() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RedisPatternDeleteBody) => callEndpoint(redisManagerApi.deleteByPattern, { body }),
    onSuccess: (answer, body) => {
      if (answer.dryRun) return;
      return Promise.all([
        queryClient.resetQueries({ queryKey: redisKeys.database(Number(body.database)) }),
        queryClient.invalidateQueries({ queryKey: redisKeys.databases() }),
      ]);
    },
  });
}
