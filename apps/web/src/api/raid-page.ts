import {
  type PlaceMemberInput,
  type PublishCompositionInput,
  raidCompositionApi,
  raidsApi,
  type UpdateRaidInput,
} from '@guildhall/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../ui/toast-context';
import { callCommunityEndpoint } from './endpoint';
import { raidKeys } from './raids';

/** Query keys of one raid: under the guild's raids, so an answer anywhere refreshes them too. */
export const raidPageKeys = {
  raid: (guildId: string, raidId: string) => [...raidKeys.all(guildId), 'raid', raidId] as const,
  composition: (guildId: string, raidId: string) => [...raidKeys.all(guildId), 'raid', raidId, 'composition'] as const,
};

/** GET /api/guild/raids/:raidId: the raid with its sign-ups and history. */
export function useRaidQuery(guildId: string, raidId: string) {
  return useQuery({
    queryKey: raidPageKeys.raid(guildId, raidId),
    queryFn: ({ signal }) => callCommunityEndpoint(raidsApi.read, { guildId, params: { raidId }, signal }),
  });
}

/** GET /api/guild/raids/:raidId/composition: the board (placements for members once published). */
export function useCompositionQuery(guildId: string, raidId: string) {
  return useQuery({
    queryKey: raidPageKeys.composition(guildId, raidId),
    queryFn: ({ signal }) => callCommunityEndpoint(raidCompositionApi.read, { guildId, params: { raidId }, signal }),
  });
}

/** A change of the board: its answer is the board as it is now, written into the cache at once (the next move's version). */
function useCompositionChange<Input>(
  guildId: string,
  raidId: string,
  send: (input: Input) => Promise<{ message: string; composition: unknown }>,
  isQuiet: boolean,
) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      queryClient.setQueryData(raidPageKeys.composition(guildId, raidId), { success: true, composition: answer.composition });
      if (!isQuiet) toast.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: raidPageKeys.raid(guildId, raidId) });
    },
    // A conflict means another officer moved first: read their board, so the next move is made on it.
    onError: () => queryClient.invalidateQueries({ queryKey: raidPageKeys.composition(guildId, raidId) }),
  });
}

/** PUT .../composition/placements/:userId: a seat, the bench, or the waitlist (null). Quiet: the board shows the move. */
export function usePlaceMemberMutation(guildId: string, raidId: string) {
  return useCompositionChange(
    guildId,
    raidId,
    ({ userId, ...body }: PlaceMemberInput & { userId: string }) =>
      callCommunityEndpoint(raidCompositionApi.place, { guildId, params: { raidId, userId }, body }),
    true,
  );
}

/** PUT .../composition/publication: publish and lock now or at a time, or reopen (null). */
export function usePublishCompositionMutation(guildId: string, raidId: string) {
  return useCompositionChange(
    guildId,
    raidId,
    (body: PublishCompositionInput) => callCommunityEndpoint(raidCompositionApi.publish, { guildId, params: { raidId }, body }),
    false,
  );
}

/** PATCH /api/guild/raids/:raidId: edits the raid (or its series from it), refreshing every raid view. */
export function useUpdateRaidMutation(guildId: string, raidId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: UpdateRaidInput) => callCommunityEndpoint(raidsApi.update, { guildId, params: { raidId }, body }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: raidKeys.all(guildId) });
    },
  });
}

/** POST /api/guild/raids/:raidId/cancel: cancels the raid with its reason. */
export function useCancelRaidMutation(guildId: string, raidId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: { version: number; reason: string }) =>
      callCommunityEndpoint(raidsApi.cancel, { guildId, params: { raidId }, body }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: raidKeys.all(guildId) });
    },
  });
}
