import { type RoleSyncInput, type RoleSyncRun, roleSyncApi } from '@guildhall/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../ui/toast-context';
import { errorMessage } from './api-error';
import { callCommunityEndpoint, type EndpointResponse } from './endpoint';
import { rosterKeys } from './roster';

/** How often the state is read again while a run is queued or running. */
export const ROLE_SYNC_POLL_MS = 1_500;

/** The answer of GET /api/guild/role-sync. */
export type RoleSyncAnswer = EndpointResponse<typeof roleSyncApi.read>;

/** Query keys of the selected guild's role sync: each names its guild. */
export const roleSyncKeys = {
  state: (guildId: string) => ['community-guild', guildId, 'role-sync'] as const,
  // Under the roster's key: a roster change (a member marked a trial) reads the preview again.
  preview: (guildId: string) => [...rosterKeys.all(guildId), 'role-sync-preview'] as const,
};

/** Whether a run has yet to end. */
export const isRunActive = (run: RoleSyncRun | null | undefined): boolean =>
  run?.status === 'queued' || run?.status === 'running';

const invalidatePreview = (queryClient: QueryClient, guildId: string) =>
  queryClient.invalidateQueries({ queryKey: roleSyncKeys.preview(guildId) });

/** GET /api/guild/role-sync: settings, the Discord server's roles, the last run; polled while a run is under way. */
export function useRoleSync(guildId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: roleSyncKeys.state(guildId),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<RoleSyncAnswer>(roleSyncKeys.state(guildId));
      const answer = await callCommunityEndpoint(roleSyncApi.read, { guildId, signal });
      // A run that just ended changed the members' roles: what a sync would do now is something else.
      if (isRunActive(before?.roleSync.lastRun) && !isRunActive(answer.roleSync.lastRun)) {
        void invalidatePreview(queryClient, guildId);
      }
      return answer;
    },
    enabled: guildId !== '',
    refetchInterval: (query) => (isRunActive(query.state.data?.roleSync.lastRun) ? ROLE_SYNC_POLL_MS : false),
  });
}

/** PUT /api/guild/role-sync: turns it on or off and maps the marks; toasts the server's message (the form shows a refusal). */
export function useSaveRoleSync(guildId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: RoleSyncInput) => callCommunityEndpoint(roleSyncApi.save, { guildId, body }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      queryClient.setQueryData<RoleSyncAnswer>(roleSyncKeys.state(guildId), { success: true, roleSync: answer.roleSync });
      return invalidatePreview(queryClient, guildId);
    },
  });
}

/** GET /api/guild/role-sync/preview: the roles a sync would give and take now; asked only when `isEnabled`. */
export function useRoleSyncPreview(guildId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: roleSyncKeys.preview(guildId),
    queryFn: ({ signal }) => callCommunityEndpoint(roleSyncApi.preview, { guildId, signal }),
    enabled: guildId !== '' && isEnabled,
  });
}

/** POST /api/guild/role-sync/run: starts a run, toasted; the state is polled until it ends. */
export function useRunRoleSync(guildId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () => callCommunityEndpoint(roleSyncApi.run, { guildId }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      queryClient.setQueryData<RoleSyncAnswer>(roleSyncKeys.state(guildId), (current) =>
        current ? { ...current, roleSync: { ...current.roleSync, lastRun: answer.lastRun } } : current,
      );
      if (!isRunActive(answer.lastRun)) void invalidatePreview(queryClient, guildId);
      return queryClient.invalidateQueries({ queryKey: roleSyncKeys.state(guildId) });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
