import { raidFeedApi } from '@guildhall/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../ui/toast-context';
import { callCommunityEndpoint } from './endpoint';

/** The caller's own calendar feed: theirs whichever guild is selected. */
const feedKey = ['community-account', 'raid-feed'] as const;

/** GET /api/guild/raid-feed: whether the caller has a feed address (never the address itself). */
export function useRaidFeedQuery(guildId: string) {
  return useQuery({
    queryKey: feedKey,
    queryFn: ({ signal }) => callCommunityEndpoint(raidFeedApi.read, { guildId, signal }),
    enabled: guildId !== '',
  });
}

/** POST /api/guild/raid-feed: a new secret address (replacing the old one), in this answer only. */
export function useMakeRaidFeedMutation(guildId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callCommunityEndpoint(raidFeedApi.create, { guildId }),
    onSuccess: (answer) => queryClient.setQueryData(feedKey, { success: true, feed: answer.feed }),
  });
}

/** DELETE /api/guild/raid-feed: revokes the address. */
export function useRevokeRaidFeedMutation(guildId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () => callCommunityEndpoint(raidFeedApi.revoke, { guildId }),
    onSuccess: (answer) => {
      queryClient.setQueryData(feedKey, { success: true, feed: null });
      toast.success(answer.message);
    },
  });
}
