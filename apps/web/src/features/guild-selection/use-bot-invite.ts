import { COMMUNITY_MESSAGES, MESSAGES } from '@guildhall/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { checkGuild, createBotInvite } from '../../api/community-guilds';
import { useErrorToast } from '../../community-auth/use-error-toast';
import { useToast } from '../../ui/toast-context';

/** Why no invite was made: the bot is there already, or the user may not add it. */
class InviteNotNeeded extends Error {
  constructor(readonly reason: 'has-bot' | 'cannot-install') {
    super(reason);
  }
}

/**
 * 'Add bot' for one guild: checks the guild (guild-check), makes the invite (bot-invite) and opens it in a new
 * tab. The tab is opened on the click itself, before the calls, so popup blockers let it through; it is
 * pointed at the invite when the URL arrives, or closed when there is none. The URL stays as a link.
 */
export function useBotInvite({ onBotPresent }: { onBotPresent: () => void }) {
  const toast = useToast();
  const showError = useErrorToast();
  const [inviteUrls, setInviteUrls] = useState<Record<string, string>>({});
  const mutation = useMutation({
    mutationFn: async ({ guildId }: { guildId: string; popup: Window | null }) => {
      const check = await checkGuild(guildId);
      if (check.hasBot) throw new InviteNotNeeded('has-bot');
      if (!check.canInstall) throw new InviteNotNeeded('cannot-install');
      return createBotInvite(guildId);
    },
    onSuccess: ({ inviteUrl }, { guildId, popup }) => {
      setInviteUrls((current) => ({ ...current, [guildId]: inviteUrl }));
      if (popup && !popup.closed) {
        popup.opener = null;
        popup.location.href = inviteUrl;
      }
    },
    onError: (error, { popup }) => {
      popup?.close();
      if (error instanceof InviteNotNeeded && error.reason === 'has-bot') onBotPresent();
      else if (error instanceof InviteNotNeeded) toast.error(COMMUNITY_MESSAGES.cannotInstallBot);
      else showError(error, MESSAGES.botInviteFailed);
    },
  });

  function invite(guildId: string) {
    const popup = window.open('about:blank', '_blank');
    mutation.mutate({ guildId, popup });
  }

  return {
    invite,
    inviteUrls,
    pendingGuildId: mutation.isPending ? mutation.variables.guildId : null,
  };
}
