import { DISCORD_LINK_RESULTS, DISCORD_LINK_UNAVAILABLE } from '@guildhall/contract';
import { useState } from 'react';
import { useDiscordLinkMutation } from '../../api/community-account';
import { useSignInMethodsQuery } from '../../api/sign-in-methods';
import { useErrorToast } from '../../community-auth/use-error-toast';
import { Card } from '../../ui/card';
import { DiscordLogo } from '../sign-in/discord-logo';

/**
 * For an e-mail account: link Discord, so the account can sign in with Discord too and its Discord servers (and
 * adding the bot to them) appear. The browser goes to Discord and comes back to Settings with the outcome.
 */
export function LinkDiscordCard() {
  const link = useDiscordLinkMutation();
  // A server without a Discord application cannot link one: say so rather than offer a button that fails (issue 29).
  const methods = useSignInMethodsQuery();
  const isUnavailable = methods.data?.discord === false;
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
      {isUnavailable ? (
        <p className="card__lead" data-testid="link-discord-unavailable">
          {DISCORD_LINK_UNAVAILABLE}
        </p>
      ) : (
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
      )}
    </Card>
  );
}
