import { communityAuthApi, MESSAGES, switchedTo, type UserGuild } from '@guildhall/contract';
import { useMutation } from '@tanstack/react-query';
import { useCommunitySession } from '../community-auth/community-session-context';
import { useErrorToast } from '../community-auth/use-error-toast';
import { useToast } from '../ui/toast-context';
import { selectGuildOnServer } from './community-auth';
import { callCommunityEndpoint } from './endpoint';

/** POST /auth/guilds/select, then 'Switched to {guild}'; 'Failed to select guild' unless the server says why. */
export function useSelectGuildMutation() {
  const { applySelectedGuild } = useCommunitySession();
  const toast = useToast();
  const showError = useErrorToast();
  return useMutation({
    mutationFn: (guild: Pick<UserGuild, 'id'>) => selectGuildOnServer(guild.id),
    onSuccess: (answer) => {
      applySelectedGuild(answer);
      toast.success(switchedTo(answer.guildName));
    },
    onError: (error) => showError(error, MESSAGES.selectGuildFailed),
  });
}

/** GET /auth/guild-check/{guildId}: is the bot there, and may the user add it. */
export const checkGuild = (guildId: string) => callCommunityEndpoint(communityAuthApi.guildCheck, { params: { guildId } });

/** POST /auth/bot-invite with the least-privilege default permissions. */
export const createBotInvite = (guildId: string) =>
  callCommunityEndpoint(communityAuthApi.botInvite, { body: { guildId, permissions: [] } });

/** POST /auth/guilds/verify, then the guild state again by the selection rules. */
export function useVerifyGuildsMutation() {
  const { applyGuildList } = useCommunitySession();
  const _toast = useToast();
  const showError = useErrorToast();
  return useMutation({
    mutationFn: async () => applyGuildList(await callCommunityEndpoint(communityAuthApi.verifyGuilds)),
    onError: (error) => showError(error, MESSAGES.verifyGuildAccessFailed),
  });
}
