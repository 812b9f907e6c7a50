import { COMMUNITY_MESSAGES, MESSAGES } from '@guildhall/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../api/api-error';
import { DISCORD_URL_FRESH_MS, fetchDiscordSignIn, useDiscordSignInQuery } from '../../api/community-account';
import { communityAuthKeys } from '../../api/community-auth';
import { useToast } from '../../ui/toast-context';
import { DiscordLogo } from './discord-logo';

const isNotConfigured = (error: unknown) => error instanceof ApiError && error.status === 503;

/**
 * 'Sign in with Discord': asks the server for the authorize URL and sends the browser there. Shown only when the
 * server offers Discord (GET /auth/providers), it asks once on load so the click leaves at once; a server that
 * lost its Discord settings since shows that, and the button stays disabled.
 */
export function DiscordSignInButton() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const availability = useDiscordSignInQuery();
  const [isLeaving, setIsLeaving] = useState(false);
  const notConfigured = isNotConfigured(availability.error) ? availability.error : null;

  async function handleClick() {
    setIsLeaving(true);
    try {
      // A URL fetched within the last minute is reused; its state cookie is the latest this browser holds.
      const { authUrl } = await queryClient.fetchQuery({
        queryKey: communityAuthKeys.discordSignIn(),
        queryFn: fetchDiscordSignIn,
        staleTime: DISCORD_URL_FRESH_MS,
      });
      window.location.assign(authUrl);
    } catch (error) {
      setIsLeaving(false);
      if (!isNotConfigured(error)) toast.error(errorMessage(error, MESSAGES.discordLoginFailed));
    }
  }

  return (
    <div className="discord-sign-in">
      <button
        type="button"
        className="button button--discord button--block"
        onClick={handleClick}
        disabled={notConfigured !== null || isLeaving}
        aria-describedby={notConfigured ? 'discord-not-configured' : undefined}
      >
        <DiscordLogo />
        Sign in with Discord
      </button>
      {notConfigured && (
        <p id="discord-not-configured" className="discord-sign-in__note" data-testid="discord-not-configured">
          <Info size={14} aria-hidden="true" />
          {notConfigured.message || COMMUNITY_MESSAGES.discordNotConfigured}
        </p>
      )}
    </div>
  );
}
