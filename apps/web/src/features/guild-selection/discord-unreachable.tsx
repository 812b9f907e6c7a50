import { CloudOff, RefreshCw } from 'lucide-react';

/** While Discord cannot say where the bot is, no guild can be chosen: say so and offer to ask again. */
export function DiscordUnreachable({ isRetrying, onRetry }: { isRetrying: boolean; onRetry: () => void }) {
  return (
    <section className="empty-panel" role="alert" data-testid="discord-unreachable">
      <CloudOff size={40} aria-hidden="true" className="tone-warn" />
      <h1 className="empty-panel__title">Discord is not answering</h1>
      <p className="empty-panel__body">We cannot see which of your servers have the bot right now. Try again in a moment.</p>
      <button type="button" className="button button--secondary" onClick={onRetry} disabled={isRetrying}>
        <RefreshCw size={16} aria-hidden="true" />
        Try again
      </button>
    </section>
  );
}
