import { BATTLENET_MESSAGES, type BattlenetRegion, battlenetApi } from '@guildhall/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useErrorToast } from '../community-auth/use-error-toast';
import { useToast } from '../ui/toast-context';
import { callCommunityEndpoint } from './endpoint';

/** Query keys of the signed-in member's Battle.net connection. */
export const battlenetKeys = {
  all: ['community-battlenet'] as const,
  connection: (userId: string) => [...battlenetKeys.all, userId] as const,
};

/** GET /api/me/battlenet: the verified connection, or null, and whether the server can connect one. */
export function useBattlenetConnectionQuery(userId: string) {
  return useQuery({
    queryKey: battlenetKeys.connection(userId),
    queryFn: ({ signal }) => callCommunityEndpoint(battlenetApi.connection, { signal }),
  });
}

/** GET /auth/battlenet?region=: the authorize URL to send the browser to (the answer also sets the state cookie). */
export function useConnectBattlenetMutation() {
  const showError = useErrorToast();
  return useMutation({
    mutationFn: (region: BattlenetRegion) => callCommunityEndpoint(battlenetApi.connect, { query: { region } }),
    onError: (error) => showError(error, BATTLENET_MESSAGES.connectFailed),
  });
}

/** DELETE /api/me/battlenet. */
export function useDisconnectBattlenetMutation(userId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const showError = useErrorToast();
  return useMutation({
    mutationFn: () => callCommunityEndpoint(battlenetApi.disconnect),
    onSuccess: (answer) => {
      toast.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: battlenetKeys.connection(userId) });
    },
    onError: (error) => showError(error, BATTLENET_MESSAGES.disconnectFailed),
  });
}
