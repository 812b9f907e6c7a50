import { errorMessage } from '../api/api-error';
import { RetryButton } from './retry-button';
import { Spinner } from './spinner';

/** A full-screen wait while a session (admin or community) or the guilds load. */
export function SessionLoading({ label, 'data-testid': testId }: { label: string; 'data-testid'?: string }) {
  return (
    <div className="guard-screen" data-testid={testId}>
      <Spinner label={label} size={28} />
    </div>
  );
}

/** A full-screen failure with a way to try again. */
export function SessionFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="guard-screen" role="alert">
      <p>{errorMessage(error)}</p>
      <RetryButton isRetrying={false} onRetry={onRetry} hasIcon />
    </div>
  );
}
