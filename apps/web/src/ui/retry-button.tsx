import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';

interface RetryButtonProps {
  isRetrying: boolean;
  onRetry: () => void;
  /** The button's words where a screen says it its own way ('Try again'); Retry otherwise. */
  children?: ReactNode;
  /** The circling arrows before the words, on a screen of its own (a session that failed to load). */
  hasIcon?: boolean;
}

/**
 * The one Retry button: it asks again and waits, so a second click does not queue another call. Held with
 * aria-disabled, not disabled, so keyboard focus stays on it while the answer comes.
 */
export function RetryButton({ isRetrying, onRetry, children = 'Retry', hasIcon = false }: RetryButtonProps) {
  return (
    <button
      type="button"
      className="button button--secondary"
      onClick={isRetrying ? undefined : onRetry}
      aria-disabled={isRetrying}
      aria-busy={isRetrying}
    >
      {hasIcon && <RefreshCw size={16} aria-hidden="true" />}
      {children}
    </button>
  );
}
