import { type RosterMarksInput, type RosterQuery, rosterApi } from '@guildhall/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../ui/toast-context';
import { errorMessage } from './api-error';
import { callCommunityEndpoint } from './endpoint';

/** Query keys of the selected guild's roster: each names its guild. */
export const rosterKeys = {
  all: (guildId: string) => ['community-guild', guildId, 'roster'] as const,
  list: (guildId: string, query: RosterQuery) => [...rosterKeys.all(guildId), 'list', query] as const,
};

/** GET /api/guild/roster: a page of the roster, filtered and sorted on the server. */
export function useRosterQuery(guildId: string, query: RosterQuery) {
  return useQuery({
    queryKey: rosterKeys.list(guildId, query),
    queryFn: ({ signal }) => callCommunityEndpoint(rosterApi.list, { guildId, query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A roster change by an officer: toasted, and the roster read again. */
function useRosterChange<Input>(guildId: string, send: (input: Input) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      toast.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: rosterKeys.all(guildId) });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}

/** PUT /api/guild/roster/members/:memberId/marks: a trial, inactive, or cleared. */
export function useMarkMemberMutation(guildId: string) {
  return useRosterChange(guildId, ({ memberId, ...body }: RosterMarksInput & { memberId: string }) =>
    callCommunityEndpoint(rosterApi.mark, { guildId, params: { memberId }, body }),
  );
}

/** PUT /api/guild/roster/characters/:characterId/main: a linked character becomes its member's main. */
export function useSetMainMutation(guildId: string) {
  return useRosterChange(guildId, (characterId: string) =>
    callCommunityEndpoint(rosterApi.setMain, { guildId, params: { characterId } }),
  );
}
