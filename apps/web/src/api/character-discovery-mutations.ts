import {
  AUTO_LINK,
  applyAutoLinksFailed,
  autoLinksApplied,
  characterDiscoveryApi,
  DISCOVERY_MESSAGES,
  type DiscoveryCharacter,
  linkCharacterFailed,
  syncMembersFailed,
  unlinkCharacterFailed,
} from '@guildhall/contract';
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../ui/toast-context';
import { errorMessage } from './api-error';
import { discoveryKeys } from './character-discovery';
import { callEndpoint, type EndpointResponse } from './endpoint';
import { guildKeys } from './guilds';

type UnlinkedPage = EndpointResponse<typeof characterDiscoveryApi.unlinkedCharacters>;

/** A link or unlink changes the counts, both panels and the guild's data view. */
export function invalidateDiscovery(queryClient: QueryClient, guildId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: discoveryKeys.guild(guildId) }),
    queryClient.invalidateQueries({ queryKey: guildKeys.data(guildId) }),
  ]);
}

/** The unlinked lists without one character, so a dropped card leaves at once. */
function withoutCharacter(data: InfiniteData<UnlinkedPage> | undefined, characterId: string) {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      characters: page.characters.filter((character) => character.id !== characterId),
    })),
  };
}

/** What a link needs: the character (for its card) and the member's Discord user id. */
export interface LinkRequest {
  character: Pick<DiscoveryCharacter, 'id' | 'name'>;
  discordUserId: string;
}

/** The key of the link mutations of a guild, so the screen can show the links in flight. */
export const linkMutationKey = (guildId: string) => [...discoveryKeys.guild(guildId), 'link'] as const;

/** Links a character to a member as their main (the drop); toasts the answer or 'Failed to link character: …'. */
export function useLinkCharacterMutation(guildId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationKey: linkMutationKey(guildId),
    mutationFn: ({ character, discordUserId }: LinkRequest) =>
      callEndpoint(characterDiscoveryApi.link, {
        body: { characterId: character.id, discordUserId, priority: 'main', guildId },
      }),
    onMutate: async ({ character }) => {
      const lists = discoveryKeys.unlinkedLists(guildId);
      await queryClient.cancelQueries({ queryKey: lists });
      queryClient.setQueriesData<InfiniteData<UnlinkedPage>>({ queryKey: lists }, (data) => withoutCharacter(data, character.id));
    },
    onSuccess: (answer) => toast.success(answer.message),
    onError: (error) => toast.error(linkCharacterFailed(errorMessage(error))),
    onSettled: () => invalidateDiscovery(queryClient, guildId),
  });
}

/** Removes a link; toasts the answer or 'Failed to unlink character: …'. */
export function useUnlinkCharacterMutation(guildId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (linkId: string) => callEndpoint(characterDiscoveryApi.unlink, { params: { linkId }, query: { guildId } }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      return invalidateDiscovery(queryClient, guildId);
    },
    onError: (error) => toast.error(unlinkCharacterFailed(errorMessage(error))),
  });
}

/** Starts a member sync (the server answers at once; progress arrives live); a refusal toasts why. */
export function useSyncMembersMutation(guildId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () => callEndpoint(characterDiscoveryApi.syncMembers, { body: { guildId } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(discoveryKeys.syncJob(answer.jobId), { success: true as const, job: answer.job });
      toast.info(DISCOVERY_MESSAGES.syncStarted);
      return queryClient.invalidateQueries({ queryKey: discoveryKeys.summary(guildId) });
    },
    onError: (error) => toast.error(syncMembersFailed(errorMessage(error))),
  });
}

/** Applies every unambiguous high-confidence match; toasts how many were linked, or 'Failed to apply auto-links: …'. */
export function useApplyAutoLinksMutation(guildId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () =>
      callEndpoint(characterDiscoveryApi.createHighConfidence, {
        body: { guildId, minScore: AUTO_LINK.applyThreshold, dryRun: false },
      }),
    onSuccess: (answer) => {
      const text = autoLinksApplied(answer.succeeded, answer.attempted);
      if (answer.errors.length > 0) toast.warning(text);
      else toast.success(text);
      return invalidateDiscovery(queryClient, guildId);
    },
    onError: (error) => toast.error(applyAutoLinksFailed(errorMessage(error))),
  });
}
