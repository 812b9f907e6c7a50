import {
  GUILD_MESSAGES,
  type GuildCreateInput,
  type GuildDuplicateRefusal,
  type GuildInput,
  guildDuplicateRefusal,
  guildsApi,
  MESSAGES,
} from '@guildhall/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../ui/toast-context';
import { ApiError, errorMessage } from './api-error';
import { callEndpoint } from './endpoint';
import { guildKeys } from './guilds';
import { monitoringKeys } from './monitoring';

/** Guild lists, guild data and the guild counts all change when a guild does. */
function invalidateGuilds(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: guildKeys.all }),
    queryClient.invalidateQueries({ queryKey: monitoringKeys.guildStats() }),
  ]);
}

/** True when the server refused the form with messages per field. */
export function hasFieldErrors(error: unknown): error is ApiError {
  return error instanceof ApiError && Object.keys(error.fields).length > 0;
}

/** The existing guild a create would repeat, when the server refused it as a duplicate (409 GUILD_DUPLICATE). */
export function duplicateGuildOf(error: unknown): GuildDuplicateRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'GUILD_DUPLICATE') return null;
  const parsed = guildDuplicateRefusal.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}

/** Toasts a failed save: field errors ask to fix them, anything else shows the server's error. */
function saveFailureMessage(error: unknown): string {
  return hasFieldErrors(error) ? GUILD_MESSAGES.fixErrors : errorMessage(error, MESSAGES.saveGuildFailed);
}

/**
 * Creates a guild tenant; toasts 'Guild created successfully'. A duplicate is not toasted: the form asks whether
 * to create another (duplicateGuildOf) and sends again with confirmDuplicate.
 */
export function useCreateGuildMutation() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: GuildCreateInput) => callEndpoint(guildsApi.create, { body }),
    onSuccess: () => {
      toast.success(GUILD_MESSAGES.created);
      return invalidateGuilds(queryClient);
    },
    onError: (error) => {
      if (!duplicateGuildOf(error)) toast.error(saveFailureMessage(error));
    },
  });
}

/** Updates a guild tenant; toasts 'Guild updated successfully'. */
export function useUpdateGuildMutation() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: GuildInput }) => callEndpoint(guildsApi.update, { params: { id }, body }),
    onSuccess: () => {
      toast.success(GUILD_MESSAGES.updated);
      return invalidateGuilds(queryClient);
    },
    onError: (error) => toast.error(saveFailureMessage(error)),
  });
}

/** Deletes one guild tenant; toasts 'Guild deleted successfully'. */
export function useDeleteGuildMutation() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(guildsApi.remove, { params: { id } }),
    onSuccess: () => {
      toast.success(GUILD_MESSAGES.deleted);
      return invalidateGuilds(queryClient);
    },
    onError: (error) => toast.error(errorMessage(error, MESSAGES.deleteGuildFailed)),
  });
}

/** Activates or deactivates many guilds in one call; toasts the server's summary. */
export function useBulkUpdateGuildsMutation() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: { guildIds: string[]; action: 'activate' | 'deactivate' }) => callEndpoint(guildsApi.bulkUpdate, { body }),
    onSuccess: (result) => {
      toast.success(result.message);
      return invalidateGuilds(queryClient);
    },
    onError: (error) => toast.error(errorMessage(error, MESSAGES.bulkActionFailed)),
  });
}

/** Deletes many guilds in one call; toasts the server's summary. */
export function useBulkDeleteGuildsMutation() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (guildIds: string[]) => callEndpoint(guildsApi.bulkDelete, { body: { guildIds } }),
    onSuccess: (result) => {
      toast.success(result.message);
      return invalidateGuilds(queryClient);
    },
    onError: (error) => toast.error(errorMessage(error, MESSAGES.bulkActionFailed)),
  });
}
