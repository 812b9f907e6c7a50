import { CloudOff } from 'lucide-react';
import { RetryButton } from '../../ui/retry-button';

/** While Discord cannot say where the bot is, no guild can be chosen: say so and offer to ask again. */
export function DiscordUnreachable({ isRetrying, onRetry }: { isRetrying: boolean; onRetry: () => void }) {
  return (
    <section className="empty-panel" role="alert" data-testid="discord-unreachable">
      <CloudOff size={40} aria-hidden="true" className="tone-warn" />
      <h1 className="empty-panel__title">Discord is not answering</h1>
      <p className="empty-panel__body">We cannot see which of your servers have the bot right now. Try again in a moment.</p>
      <RetryButton isRetrying={isRetrying} onRetry={onRetry} hasIcon>
        Try again
      </RetryButton>
    </section>
  );
}
