import { DISCORD_LINK_RESULTS } from '@guildhall/contract';
import { useState } from 'react';
import { useDiscordLinkMutation } from '../../api/community-account';
import { useErrorToast } from '../../community-auth/use-error-toast';
import { Card } from '../../ui/card';
import { DiscordLogo } from '../sign-in/discord-logo';

/**
 * For an e-mail account: link Discord, so the account can sign in with Discord too and its Discord servers (and
 * adding the bot to them) appear. The browser goes to Discord and comes back to Settings with the outcome.
 */
export function LinkDiscordCard() {
  const link = useDiscordLinkMutation();
  const showError = useErrorToast();
  const [isLeaving, setIsLeaving] = useState(false);

  function handleClick() {
    link.mutate(undefined, {
      onSuccess: ({ authUrl }) => {
        setIsLeaving(true);
        window.location.assign(authUrl);
      },
      onError: (error) => showError(error, DISCORD_LINK_RESULTS.exchange_failed),
    });
  }

  return (
    <Card title="Link Discord" data-testid="link-discord-card">
      <p className="card__lead">
        You sign in with email. Link your Discord account to sign in with Discord too and to see your Discord servers.
      </p>
      <div className="form__actions">
        <button
          type="button"
          className="button button--discord"
          onClick={handleClick}
          disabled={link.isPending || isLeaving}
          data-testid="link-discord-button"
        >
          <DiscordLogo />
          {link.isPending || isLeaving ? 'Opening Discord...' : 'Link Discord'}
        </button>
      </div>
    </Card>
  );
}
