import {
  communityDataSourcesApi,
  communityGameDataSourcesApi,
  type DataSourceProgress,
  dataSourcesApi,
  type Endpoint,
  gameDataSourcesApi,
  type RosterSyncJob,
  type SourceSyncJob,
} from '@guildhall/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useEffectEvent, useState } from 'react';
import { LiveStatusContext } from '../live/live-context';
import { useToast } from '../ui/toast-context';
import { errorMessage } from './api-error';
import type { TransferProgress } from './client';
import { useCommunitySocket } from './community-socket';
import { type CallOptions, callCommunityEndpoint, callEndpoint, type EndpointBody, type EndpointResponse } from './endpoint';
import type { GuildDataPage } from './guild-data';
import { guildKeys } from './guilds';

/**
 * Whose sources: a guild on the admin side (Guild Management, its tenant id in the path), or the selected guild of an
 * officer on the community side (X-Guild-ID). The same screens and hooks serve both.
 */
export interface SourcesScope {
  side: 'admin' | 'community';
  guildId: string;
}

/** Both sides' calls, by the same names. */
const ADMIN_CALLS = { ...dataSourcesApi, ...gameDataSourcesApi };
const COMMUNITY_CALLS = { ...communityDataSourcesApi, ...communityGameDataSourcesApi };
type CallName = keyof typeof ADMIN_CALLS & keyof typeof COMMUNITY_CALLS;

/** Calls one of the sources' entries on the scope's side. */
function callSources<K extends CallName>(
  scope: SourcesScope,
  name: K,
  options: CallOptions<(typeof ADMIN_CALLS)[K]> = {},
): Promise<EndpointResponse<(typeof ADMIN_CALLS)[K]>> {
  if (scope.side === 'admin') {
    return callEndpoint(
      ADMIN_CALLS[name] as Endpoint,
      {
        ...options,
        params: { tenantId: scope.guildId, ...options.params },
      } as CallOptions<Endpoint>,
    ) as Promise<EndpointResponse<(typeof ADMIN_CALLS)[K]>>;
  }
  return callCommunityEndpoint(
    COMMUNITY_CALLS[name] as Endpoint,
    { ...options, guildId: scope.guildId } as CallOptions<Endpoint>,
  ) as Promise<EndpointResponse<(typeof ADMIN_CALLS)[K]>>;
}

/** Query keys of a guild's data sources: on the admin side under the guild's data (a data deletion drops them too). */
export const dataSourceKeys = {
  all: (scope: SourcesScope) =>
    scope.side === 'admin'
      ? ([...guildKeys.data(scope.guildId), 'sources'] as const)
      : (['community-guild', scope.guildId, 'data-sources'] as const),
  runs: (scope: SourcesScope) => [...dataSourceKeys.all(scope), 'runs'] as const,
  connections: (scope: SourcesScope) => [...dataSourceKeys.all(scope), 'connections'] as const,
  characters: (scope: SourcesScope, query: GuildDataPage) => [...dataSourceKeys.all(scope), 'characters', query] as const,
  sync: (scope: SourcesScope, jobId: string) => [...dataSourceKeys.all(scope), 'sync', jobId] as const,
};

/** An RCLootCouncil export as the import calls send it: the chosen file itself, read by the server as it arrives. */
export type LootUpload = File;

/** The call options of an upload: the file as the body, its name in the query, how much has gone to the caller. */
const uploadOptions = (file: LootUpload, onUploadProgress: (progress: TransferProgress) => void) => ({
  body: file as never,
  query: { fileName: file.name },
  onUploadProgress,
});

/** How much of an export has gone while it uploads (a large file takes a while); null before and after. */
function useUploadProgress() {
  const [uploadProgress, setUploadProgress] = useState<TransferProgress | null>(null);
  return { uploadProgress, onUploadProgress: setUploadProgress, clear: () => setUploadProgress(null) };
}

/** The guild's latest source runs, newest first. */
export function useDataSourceRuns(scope: SourcesScope) {
  return useQuery({
    queryKey: dataSourceKeys.runs(scope),
    queryFn: ({ signal }) => callSources(scope, 'runs', { signal }),
  });
}

/** What the guild has connected (the WoWAudit key as set or not, never its value) and each source's last run. */
export function useSourceConnections(scope: SourcesScope) {
  return useQuery({
    queryKey: dataSourceKeys.connections(scope),
    queryFn: ({ signal }) => callSources(scope, 'connections', { signal }),
  });
}

/** A page of the guild's characters with their sources, by name. */
export function useSourcedCharacters(scope: SourcesScope, { page, limit }: GuildDataPage) {
  return useQuery({
    queryKey: dataSourceKeys.characters(scope, { page, limit }),
    queryFn: ({ signal }) => callSources(scope, 'characters', { query: { page, limit }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** What an export would do; writes nothing, so it is a mutation only in that it is asked for on demand. */
export function usePreviewLootImport(scope: SourcesScope) {
  const { uploadProgress, onUploadProgress, clear } = useUploadProgress();
  const mutation = useMutation({
    mutationFn: (upload: LootUpload) => callSources(scope, 'previewLootImport', uploadOptions(upload, onUploadProgress)),
    onSettled: clear,
  });
  return { ...mutation, uploadProgress };
}

/** Everything a write of the sources changes: on the admin side the guild's whole data view. */
const refreshAfterWrite = (scope: SourcesScope) =>
  scope.side === 'admin' ? guildKeys.data(scope.guildId) : dataSourceKeys.all(scope);

/** Imports an export; toasts what it did and refreshes the runs and the data view. */
export function useApplyLootImport(scope: SourcesScope) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { uploadProgress, onUploadProgress, clear } = useUploadProgress();
  const mutation = useMutation({
    mutationFn: (upload: LootUpload) => callSources(scope, 'applyLootImport', uploadOptions(upload, onUploadProgress)),
    onSuccess: (answer) => {
      toast.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: refreshAfterWrite(scope) });
    },
    onError: (error) => toast.error(errorMessage(error, 'Import failed')),
    onSettled: clear,
  });
  return { ...mutation, uploadProgress };
}

/** Queues a roster sync of the guild. */
export function useStartRosterSync(scope: SourcesScope) {
  const toast = useToast();
  return useMutation({
    mutationFn: () => callSources(scope, 'startRosterSync', { body: {} }),
    onError: (error) => toast.error(errorMessage(error, 'Roster sync failed')),
  });
}

/** How often a running job is read again beside its pushes, for a push lost to a reconnect. */
const RUNNING_JOB_REREAD_MS = 10_000;

const isRunning = (job: { status: string } | undefined) => job?.status === 'queued' || job?.status === 'running';

/**
 * Hears the guild's syncs as they move on: on the admin side through the console's socket (the guild's Sources room,
 * joined while watched), on the community side through the officer's /community socket (the server puts an
 * officer's in the room). Each push is the job as it stands.
 */
function useSourceProgress(scope: SourcesScope, onJob: JobPush) {
  const onPush = useEffectEvent(onJob);
  const watchDataSources = useContext(LiveStatusContext)?.watchDataSources;
  useEffect(() => {
    if (scope.side !== 'admin' || !watchDataSources) return;
    return watchDataSources(scope.guildId, (progress) => onPush(progress.job));
  }, [scope.side, scope.guildId, watchDataSources]);
  useCommunitySocket(scope.side === 'community' ? scope.guildId : '', (socket) => {
    socket.on('data-sources:progress', (progress) => onPush(progress.job));
  });
}

/** One sync's job as the server pushed it. */
type JobPush = (job: DataSourceProgress['job']) => void;

/** What the Sources tab hands its panels: hear the guild's pushed jobs until the returned function is called. */
export const SourcePushContext = createContext<((listener: JobPush) => () => void) | null>(null);

/**
 * The Sources tab's one live subscription to its guild's syncs, for all its panels (provided as SourcePushContext):
 * held while the tab is open, so a job started from it is heard from its first step.
 */
export function useSourcePushes(scope: SourcesScope): (listener: JobPush) => () => void {
  const [listeners] = useState(() => new Set<JobPush>());
  useSourceProgress(scope, (job) => {
    for (const listener of listeners) listener(job);
  });
  return useCallback(
    (listener: JobPush) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    [listeners],
  );
}

/**
 * A job of the sources as the server pushes it (read once when it starts, and again should the live connection be
 * down); its end refreshes the runs, the characters and the data view.
 */
function useSourceJob<Job extends { id: string; status: string }>(
  scope: SourcesScope,
  jobId: string | null,
  read: (signal: AbortSignal) => Promise<Job>,
) {
  const queryClient = useQueryClient();
  const queryKey = dataSourceKeys.sync(scope, jobId ?? '');
  // Everything the sync wrote, but not the job's own query (invalidating it from its own fetch would start it over).
  const refreshWritten = () =>
    queryClient.invalidateQueries({ queryKey: refreshAfterWrite(scope), predicate: (query) => !query.queryKey.includes('sync') });
  // A job never runs again once it ended: a step pushed or read after its end is stale (the read that started with
  // the job can come back after the push of its end, under load) and must not show it running for another 10 s.
  const endedAlready = () => {
    const known = queryClient.getQueryData<Job>(queryKey);
    return known !== undefined && !isRunning(known) ? known : null;
  };
  const onPush = useEffectEvent((job: DataSourceProgress['job']) => {
    if (job.id !== jobId || (isRunning(job) && endedAlready())) return;
    const wasRunning = isRunning(queryClient.getQueryData<Job>(queryKey));
    queryClient.setQueryData(queryKey, job);
    if (wasRunning && !isRunning(job)) void refreshWritten();
  });
  const hearPushes = useContext(SourcePushContext);
  useEffect(() => hearPushes?.((job) => onPush(job)), [hearPushes]);
  return useQuery({
    queryKey,
    enabled: jobId !== null,
    queryFn: async ({ signal }) => {
      const job = await read(signal);
      const ended = isRunning(job) ? endedAlready() : null;
      if (ended) return ended;
      if (!isRunning(job)) await refreshWritten();
      return job;
    },
    // A push carries every step; a read now and then covers a push lost to a reconnect.
    refetchInterval: (query) => (isRunning(query.state.data) ? RUNNING_JOB_REREAD_MS : false),
  });
}

/** A roster sync, live while it runs. */
export function useRosterSync(scope: SourcesScope, jobId: string | null) {
  return useSourceJob<RosterSyncJob>(scope, jobId, async (signal) => {
    const { job } = await callSources(scope, 'rosterSync', { params: { jobId: jobId! }, signal });
    return job;
  });
}

/** A Raider.IO or WoWAudit sync or a Warcraft Logs import, live while it runs. */
export function useSourceSync(scope: SourcesScope, jobId: string | null) {
  return useSourceJob<SourceSyncJob>(scope, jobId, async (signal) => {
    const { job } = await callSources(scope, 'sourceSync', { params: { jobId: jobId! }, signal });
    return job;
  });
}

/** Starts a sync of Raider.IO or WoWAudit, or a Warcraft Logs import. */
export function useStartSourceSync(scope: SourcesScope) {
  const toast = useToast();
  return useMutation({
    mutationFn: (
      start:
        | { source: 'raiderio' }
        | { source: 'wowaudit' }
        | { source: 'combat_log'; body: EndpointBody<typeof gameDataSourcesApi.startLogsImport> },
    ) =>
      start.source === 'raiderio'
        ? callSources(scope, 'startRaiderIoSync', { body: {} })
        : start.source === 'wowaudit'
          ? callSources(scope, 'startWowAuditSync')
          : callSources(scope, 'startLogsImport', { body: start.body }),
    onError: (error) => toast.error(errorMessage(error, 'The sync could not start')),
  });
}

/** Saves (key given) or removes (null) the guild's WoWAudit key. */
export function useWowAuditKey(scope: SourcesScope) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (key: string | null) =>
      key === null ? callSources(scope, 'clearWowAuditKey') : callSources(scope, 'saveWowAuditKey', { body: { key } }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      queryClient.setQueryData(dataSourceKeys.connections(scope), { success: true, connections: answer.connections });
    },
  });
}
