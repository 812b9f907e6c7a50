import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '../api/api-error';
import {
  communityAuthKeys,
  fetchGuildList,
  fetchGuildPermissions,
  type SelectGuildAnswer,
  selectGuildOnServer,
} from '../api/community-auth';
import { type GuildListAnswer, type GuildState, planGuildState, withSelectedGuild, withSelectionRequired } from './guild-state';
import { selectedGuildStore } from './selected-guild-store';

/** Applies the selection rules to a guild list, tells the server of a restored selection, and remembers it here. */
async function settleGuildState(answer: GuildListAnswer): Promise<GuildState> {
  const plan = planGuildState(answer, selectedGuildStore.read());
  let state = plan.state;
  if (plan.selectOnServer) {
    try {
      await selectGuildOnServer(plan.selectOnServer);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) throw error;
      // The server would not take the restored guild: the user chooses by hand instead.
      state = withSelectionRequired(state);
    }
  }
  if (!plan.keepStored) selectedGuildStore.write(state.selectedGuildId);
  return state;
}

/** The signed-in user's guilds with the selection rules applied, and the permissions in the selected guild. */
export function useGuildQueries(userId: string | null, isEnabled: boolean) {
  const queryClient = useQueryClient();
  const guildQuery = useQuery({
    queryKey: communityAuthKeys.guilds(userId ?? ''),
    queryFn: async ({ signal }) => settleGuildState(await fetchGuildList(signal)),
    enabled: isEnabled && userId !== null,
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });

  const selectedGuildId = guildQuery.data?.requiresGuildSelection === false ? guildQuery.data.selectedGuildId : null;
  const permissionsQuery = useQuery({
    queryKey: communityAuthKeys.permissions(userId ?? '', selectedGuildId ?? ''),
    queryFn: ({ signal }) => fetchGuildPermissions(selectedGuildId ?? '', signal),
    enabled: isEnabled && userId !== null && selectedGuildId !== null,
    staleTime: 60_000,
  });

  const applySelectedGuild = useCallback(
    (answer: SelectGuildAnswer) => {
      if (!userId) return;
      selectedGuildStore.write(answer.selectedGuildId);
      queryClient.setQueryData<GuildState>(communityAuthKeys.guilds(userId), (current) =>
        current ? withSelectedGuild(current, answer.selectedGuildId) : current,
      );
      queryClient.setQueryData(communityAuthKeys.permissions(userId, answer.selectedGuildId), answer.permissions);
    },
    [queryClient, userId],
  );

  const applyGuildList = useCallback(
    async (answer: GuildListAnswer) => {
      const state = await settleGuildState(answer);
      if (userId) queryClient.setQueryData(communityAuthKeys.guilds(userId), state);
      return state;
    },
    [queryClient, userId],
  );

  return { guildQuery, permissionsQuery, selectedGuildId, applySelectedGuild, applyGuildList };
}
