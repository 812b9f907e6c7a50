import { dataSourcesApi, type RosterSyncJob } from '@guildhall/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../ui/toast-context';
import { errorMessage } from './api-error';
import { callEndpoint, type EndpointBody } from './endpoint';
import type { GuildDataPage } from './guild-data';
import { guildKeys } from './guilds';

/** Query keys of a guild's data sources, under the guild's data (a data deletion drops them too). */
export const dataSourceKeys = {
  all: (id: string) => [...guildKeys.data(id), 'sources'] as const,
  runs: (id: string) => [...dataSourceKeys.all(id), 'runs'] as const,
  characters: (id: string, query: GuildDataPage) => [...dataSourceKeys.all(id), 'characters', query] as const,
  sync: (id: string, jobId: string) => [...dataSourceKeys.all(id), 'sync', jobId] as const,
};

/** An RCLootCouncil export as the import calls take it. */
export type LootUpload = EndpointBody<typeof dataSourcesApi.previewLootImport>;

/** The guild's latest source runs, newest first. */
export function useDataSourceRuns(id: string) {
  return useQuery({
    queryKey: dataSourceKeys.runs(id),
    queryFn: ({ signal }) => callEndpoint(dataSourcesApi.runs, { params: { tenantId: id }, signal }),
  });
}

/** A page of the guild's characters with their sources, by name. */
export function useSourcedCharacters(id: string, { page, limit }: GuildDataPage) {
  return useQuery({
    queryKey: dataSourceKeys.characters(id, { page, limit }),
    queryFn: ({ signal }) =>
      callEndpoint(dataSourcesApi.characters, { params: { tenantId: id }, query: { page, limit }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** What an export would do; writes nothing, so it is a mutation only in that it is asked for on demand. */
export function usePreviewLootImport(id: string) {
  return useMutation({
    mutationFn: (upload: LootUpload) =>
      callEndpoint(dataSourcesApi.previewLootImport, { params: { tenantId: id }, body: upload }),
  });
}

/** Imports an export; toasts what it did and refreshes the runs and the data view. */
export function useApplyLootImport(id: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (upload: LootUpload) => callEndpoint(dataSourcesApi.applyLootImport, { params: { tenantId: id }, body: upload }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      // The data view's summary, its lists and the sources' runs and characters all sit under the guild's data.
      return queryClient.invalidateQueries({ queryKey: guildKeys.data(id) });
    },
    onError: (error) => toast.error(errorMessage(error, 'Import failed')),
  });
}

/** Queues a roster sync of the guild. */
export function useStartRosterSync(id: string) {
  const toast = useToast();
  return useMutation({
    mutationFn: () => callEndpoint(dataSourcesApi.startRosterSync, { params: { tenantId: id }, body: {} }),
    onError: (error) => toast.error(errorMessage(error, 'Roster sync failed')),
  });
}

const isRunning = (job: RosterSyncJob | undefined) => job?.status === 'queued' || job?.status === 'running';

/** A roster sync, polled while it runs; its end refreshes the runs and the data view. */
export function useRosterSync(id: string, jobId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: dataSourceKeys.sync(id, jobId ?? ''),
    enabled: jobId !== null,
    queryFn: async ({ signal }) => {
      const { job } = await callEndpoint(dataSourcesApi.rosterSync, { params: { tenantId: id, jobId: jobId! }, signal });
      if (!isRunning(job)) {
        await queryClient.invalidateQueries({ queryKey: guildKeys.summary(id) });
        await queryClient.invalidateQueries({ queryKey: dataSourceKeys.runs(id) });
        await queryClient.invalidateQueries({ queryKey: [...dataSourceKeys.all(id), 'characters'] });
      }
      return job;
    },
    refetchInterval: (query) => (isRunning(query.state.data) || !query.state.data ? 1000 : false),
  });
}
