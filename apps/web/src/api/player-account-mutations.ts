import {
  accountUnlinked,
  bulkUpdateStarted,
  type LinkProvider,
  PLAYER_ACCOUNT_MESSAGES,
  type PlayerAccountInput,
  playerAccountsApi,
  unlinkFailed,
} from '@guildhall/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../ui/toast-context';
import { ApiError, errorMessage } from './api-error';
import { auditLogKeys } from './audit-log';
import { callEndpoint, type EndpointBody } from './endpoint';
import { playerAccountKeys } from './player-accounts';

/** Lists and statistics change with any account, and every change is a new audit record (the detail's history). */
export function invalidatePlayerAccounts(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: playerAccountKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: playerAccountKeys.statistics() }),
    queryClient.invalidateQueries({ queryKey: auditLogKeys.all }),
  ]);
}

/** The account that already holds an id, when a link or save was refused with 409 for it. */
export interface LinkHolder {
  provider: LinkProvider;
  accountId: string | null;
  accountName: string;
  message: string;
}

/** The holder named by a 409 refusal (its body carries provider, existingAccountId, existingAccountName). */
export function linkHolderOf(error: unknown): LinkHolder | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = (typeof error.body === 'object' && error.body !== null ? error.body : {}) as Record<string, unknown>;
  const provider = body.provider === 'discord' || body.provider === 'battlenet' ? body.provider : null;
  if (!provider || typeof body.existingAccountName !== 'string') return null;
  return {
    provider,
    accountId: typeof body.existingAccountId === 'string' ? body.existingAccountId : null,
    accountName: body.existingAccountName,
    message: error.message,
  };
}

/** True when the server refused the form with messages per field. */
export const hasAccountFieldErrors = (error: unknown): error is ApiError =>
  error instanceof ApiError && Object.keys(error.fields).length > 0;

/** Creates or updates an account; toasts 'Account created successfully' / 'Account saved successfully'. */
export function useSaveAccountMutation() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PlayerAccountInput }) =>
      id ? callEndpoint(playerAccountsApi.update, { params: { id }, body }) : callEndpoint(playerAccountsApi.create, { body }),
    onSuccess: (_result, { id }) => {
      toast.success(id ? PLAYER_ACCOUNT_MESSAGES.saved : PLAYER_ACCOUNT_MESSAGES.created);
      return invalidatePlayerAccounts(queryClient);
    },
    onError: (error) => {
      // A field's own message shows on that field; a conflict names its holder on the field of its id.
      if (!hasAccountFieldErrors(error) && !linkHolderOf(error))
        toast.error(errorMessage(error, PLAYER_ACCOUNT_MESSAGES.saveFailed));
    },
  });
}

type DiscordLinkBody = EndpointBody<typeof playerAccountsApi.linkDiscord>;
type BattlenetLinkBody = EndpointBody<typeof playerAccountsApi.linkBattlenet>;

/** The link call of either provider, with its body. */
export type LinkRequest =
  | { id: string; provider: 'discord'; body: DiscordLinkBody }
  | { id: string; provider: 'battlenet'; body: BattlenetLinkBody };

/**
 * Links a Discord user or a Battle.net account. A 409 naming the holder is not toasted: the dialog asks whether to
 * move the link here (forceLink); any other failure toasts the server's error or 'Failed to link … account'.
 */
export function useLinkAccountMutation() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (request: LinkRequest) =>
      request.provider === 'discord'
        ? callEndpoint(playerAccountsApi.linkDiscord, { params: { id: request.id }, body: request.body })
        : callEndpoint(playerAccountsApi.linkBattlenet, { params: { id: request.id }, body: request.body }),
    onSuccess: (_result, request) => {
      toast.success(
        request.provider === 'discord' ? PLAYER_ACCOUNT_MESSAGES.discordLinked : PLAYER_ACCOUNT_MESSAGES.battlenetLinked,
      );
      return invalidatePlayerAccounts(queryClient);
    },
    onError: (error, request) => {
      if (linkHolderOf(error)) return;
      const fallback =
        request.provider === 'discord' ? PLAYER_ACCOUNT_MESSAGES.linkDiscordFailed : PLAYER_ACCOUNT_MESSAGES.linkBattlenetFailed;
      toast.error(errorMessage(error, fallback));
    },
  });
}

/** Unlinks a provider with the admin's reason; toasts '{Provider} account unlinked successfully'. */
export function useUnlinkAccountMutation() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id, provider, reason }: { id: string; provider: LinkProvider; reason: string }) =>
      callEndpoint(playerAccountsApi.unlink, { params: { id, provider }, body: { reason } }),
    onSuccess: (_result, { provider }) => {
      toast.success(accountUnlinked(provider));
      return invalidatePlayerAccounts(queryClient);
    },
    onError: (error, { provider }) => toast.error(errorMessage(error, unlinkFailed(provider))),
  });
}

/** Starts a bulk status update job; toasts 'Bulk update started for N accounts'. */
export function useBulkUpdateMutation() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof playerAccountsApi.bulkUpdate>) => callEndpoint(playerAccountsApi.bulkUpdate, { body }),
    onSuccess: (result) => {
      toast.success(bulkUpdateStarted(result.data.total));
      queryClient.setQueryData(playerAccountKeys.bulkJob(result.data.id), { success: true, data: result.data });
    },
    onError: (error) => toast.error(errorMessage(error, PLAYER_ACCOUNT_MESSAGES.bulkFailed)),
  });
}
